import { Link } from "react-router";
import type { Route } from "./+types/profile.bets.history";
import { HISTORY_PAGE_SIZE } from "../features/profile/history-paging";
import { loadHistory } from "../features/profile/history.server";
import { cashOutAction, type CashOutActionData } from "../features/profile/cash-out.server";
import { ProfileNav } from "../features/profile/profile-nav";
import { SportsBetsTable } from "../features/profile/sports-bets-table";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { formatDateTime } from "../../core/dates";
import { formatMoney } from "../../core/money";
import { type Column, DataTable } from "../ui/table/data-table";
import { originalResult, RoundFairness } from "../features/originals/round-fairness";

type Round = Route.ComponentProps["loaderData"]["rounds"][number];

export const loader = (args: Route.LoaderArgs) => loadHistory(args);
export const action = (args: Route.ActionArgs) => cashOutAction(args);

/**
 * The player's game rounds, newest first, or with `?tab=sports` their sports bets (decision
 * 0073-sportsbook-page), in pages linked by `?offset=` (no JavaScript needed).
 */
export default function ProfileBetsHistory({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const { offset, count, rounds, bets, tab, cashOuts, verify } = loaderData;
  const tabQuery = tab === "sports" ? "tab=sports" : "";
  const page = (at: number) => {
    const q = [tabQuery, at > 0 ? `offset=${at}` : ""].filter(Boolean).join("&");
    return to(`/profile/bets/history${q ? `?${q}` : ""}`);
  };
  const columns: Column<Round>[] = [
    { key: "date", header: t("profileGames.history.date"), cell: (r) => formatDateTime(r.created_at) },
    {
      key: "game",
      header: t("profileGames.history.game"),
      cell: (r) => (
        <Link to={to(`/game/${r.game}`)} dir="auto">
          {r.title}
        </Link>
      ),
    },
    { key: "mode", header: t("profileGames.history.mode"), cell: (r) => t(`profileGames.history.${r.mode}`) },
    { key: "bet", header: t("profileGames.history.bet"), headerClassName: "num", className: "num", cell: (r) => formatMoney(r.bet) },
    {
      key: "win",
      header: t("profileGames.history.win"),
      headerClassName: "num",
      className: (r) => (r.win.amount > 0 ? "num profile-games__win" : "num"),
      cell: (r) => formatMoney(r.win),
    },
    // An original's result, and the way to verify it (decision 0115).
    {
      key: "result",
      header: t("profileGames.history.result"),
      cell: (r) =>
        r.original && (
          <>
            <span dir="ltr">{originalResult(t, r.original)}</span>{" "}
            <Link to={`${page(offset)}${page(offset).includes("?") ? "&" : "?"}verify=${r.id}`} preventScrollReset data-verify={r.id}>
              {t("profileGames.history.verify")}
            </Link>
          </>
        ),
    },
  ];
  const verified = tab === "casino" && verify ? rounds.find((r) => r.id === verify && r.original) : undefined;
  return (
    <section className="profile-games">
      <ProfileNav current="/profile/bets/history" />
      <h1>{t("profileGames.history.title")}</h1>
      <nav className="profile-games__tabs" aria-label={t("profileGames.sportsBets.tabs")}>
        <Link to={to("/profile/bets/history")} aria-current={tab === "casino" ? "page" : undefined}>
          {t("profileGames.sportsBets.casino")}
        </Link>
        <Link to={to("/profile/bets/history?tab=sports")} aria-current={tab === "sports" ? "page" : undefined}>
          {t("profileGames.sportsBets.sports")}
        </Link>
      </nav>
      {tab === "sports" ? (
        <SportsBetsTable
          bets={bets}
          cashOuts={cashOuts}
          refused={actionData as CashOutActionData}
          empty={
            <p className="notice profile-games__empty">
              {t("profileGames.sportsBets.empty")} <Link to={to("/betting")}>{t("profileGames.sportsBets.browse")}</Link>
            </p>
          }
        />
      ) : (
        <DataTable
          rows={rounds}
          columns={columns}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ "data-round": r.id })}
          empty={
            <p className="notice profile-games__empty">
              {t("profileGames.history.empty")} <Link to={to("/gamehall")}>{t("profileGames.favorites.browse")}</Link>
            </p>
          }
          scrollClassName="profile-games__scroll"
          tableClassName="profile-games__table"
        />
      )}
      {verified?.original && <RoundFairness round={verified.original} game={verified.game} close={page(offset)} />}
      {count > HISTORY_PAGE_SIZE && (
        <nav className="profile-games__pages" aria-label={t("profileGames.history.pages")}>
          {offset > 0 && (
            <Link to={page(Math.max(0, offset - HISTORY_PAGE_SIZE))} rel="prev">
              {t("profileGames.history.newer")}
            </Link>
          )}
          <span>{t("profileGames.history.page", { page: offset / HISTORY_PAGE_SIZE + 1, pages: Math.ceil(count / HISTORY_PAGE_SIZE) })}</span>
          {offset + HISTORY_PAGE_SIZE < count && (
            <Link to={page(offset + HISTORY_PAGE_SIZE)} rel="next">
              {t("profileGames.history.older")}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Game history"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

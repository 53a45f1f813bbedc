import type { ReactNode } from "react";
import type { SportBet } from "../../../core/api/contract-sportsbook";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { formatOdds } from "../sportsbook/slip-math";
import { systemLabel } from "../sportsbook/system-label";
import { useT } from "../../lib/i18n/use-t";
import { type Column, DataTable } from "../../ui/table/data-table";
import { Form } from "react-router";
import type { CashOutQuote } from "../../../core/api/contract-sportsbook";
import type { CashOutActionData } from "./cash-out.server";

/**
 * An open bet's cash-out (decision 0105): all of it at the offer's value, or a part typed in; a plain
 * form, so it works without JavaScript. What cash-outs paid so far shows on any bet that had one.
 */
function CashOutCell({ bet, offer, refused }: { bet: SportBet; offer: CashOutQuote | null; refused?: CashOutActionData }) {
  const t = useT();
  const paid =
    bet.cashed_out.amount > 0 ? (
      <p className="profile-games__cashed">{t("profileGames.sportsBets.cashOut.paid", { amount: formatMoney(bet.cashed_out) })}</p>
    ) : null;
  if (bet.status !== "open") {
    if (bet.status === "cashed_out" && bet.auto_cashout) {
      return (
        <>
          {paid}
          <span className="profile-games__hint" data-testid="cashout-auto-done">
            {t("profileGames.sportsBets.cashOut.autoDone")}
          </span>
        </>
      );
    }
    return paid ?? "—";
  }
  const error =
    refused &&
    t(`profileGames.sportsBets.cashOut.errors.${refused.error}`, {
      min: formatMoney({ amount: refused.min ?? 0, currency: bet.stake.currency }),
      max: formatMoney({ amount: refused.max ?? 0, currency: bet.stake.currency }),
    });
  return (
    <>
      {paid}
      {error && (
        <p className="form-error" role="alert" data-testid="cashout-error">
          {error}
        </p>
      )}
      {offer ? (
        <Form method="post" className="profile-games__cashout" data-testid="cashout">
          <input type="hidden" name="intent" value="cashout" />
          <input type="hidden" name="bet" value={bet.id} />
          <input type="hidden" name="token" value={offer.token} />
          <button type="submit" name="mode" value="full" className="btn btn--primary">
            {t("profileGames.sportsBets.cashOut.full", { amount: formatMoney(offer.value) })}
          </button>
          {offer.partial_max.amount > 0 && (
            <span className="profile-games__cashout-part">
              <label>
                <span>{t("profileGames.sportsBets.cashOut.amount", { min: formatMoney(offer.partial_min), max: formatMoney(offer.partial_max) })}</span>
                <input name="amount" inputMode="decimal" autoComplete="off" size={7} />
              </label>
              <button type="submit" name="mode" value="part" className="btn btn--ghost">
                {t("profileGames.sportsBets.cashOut.part")}
              </button>
            </span>
          )}
        </Form>
      ) : (
        <span className="profile-games__hint">{t("profileGames.sportsBets.cashOut.none")}</span>
      )}
      {(offer || bet.auto_cashout) && <AutoCashOut bet={bet} />}
    </>
  );
}

/**
 * An open bet's auto cash-out (decision 0110): the threshold it has, with a way to turn it off, or a
 * field to set one; a plain form, so it works without JavaScript.
 */
function AutoCashOut({ bet }: { bet: SportBet }) {
  const t = useT();
  return (
    <Form method="post" className="profile-games__cashout-part" data-testid="cashout-auto">
      <input type="hidden" name="intent" value="auto" />
      <input type="hidden" name="bet" value={bet.id} />
      {bet.auto_cashout ? (
        <>
          <span data-testid="cashout-auto-at">{t("profileGames.sportsBets.cashOut.autoAt", { amount: formatMoney(bet.auto_cashout) })}</span>
          <button type="submit" name="mode" value="off" className="btn btn--ghost">
            {t("profileGames.sportsBets.cashOut.autoOff")}
          </button>
        </>
      ) : (
        <>
          <label>
            <span>{t("profileGames.sportsBets.cashOut.auto")}</span>
            <input name="auto" inputMode="decimal" autoComplete="off" size={7} />
          </label>
          <button type="submit" name="mode" value="set" className="btn btn--ghost">
            {t("profileGames.sportsBets.cashOut.autoSet")}
          </button>
        </>
      )}
    </Form>
  );
}

/** The player's sports bets (or `empty` when there are none) (decision 0073-sportsbook-page): when, the legs with their odds and results, stake, odds, status, payout. */
export function SportsBetsTable({
  bets,
  empty,
  cashOuts = {},
  refused,
}: {
  bets: SportBet[];
  empty: ReactNode;
  /** The open bets' cash-out offers (decision 0105), by bet id. */
  cashOuts?: Record<string, CashOutQuote>;
  /** A cash-out the player asked for and did not get, and why. */
  refused?: CashOutActionData;
}) {
  const t = useT();
  const columns: Column<SportBet>[] = [
    {
      key: "placed",
      header: t("profileGames.sportsBets.placed"),
      cell: (b) => (
        <>
          {formatDateTime(b.placed_at)}
          <br />
          {b.system ? systemLabel(t, b.legs.length, b.system.from, b.system.to) : t(`profileGames.sportsBets.kinds.${b.kind}`)}
          {b.funding === "betting_bonus" && ` · ${t("profileGames.sportsBets.freeBet")}`}
          {b.system && (
            <>
              <br />
              <span data-testid="bet-system">
                {t("betting.system.lines", { lines: b.system.lines, stake: formatMoney(b.system.line_stake) })}
                {b.status === "open" &&
                  b.legs.some((l) => l.result !== null) &&
                  ` · ${t("betting.system.alive", { alive: b.system.alive, lines: b.system.lines })}`}
              </span>
            </>
          )}
        </>
      ),
    },
    {
      key: "selections",
      header: t("profileGames.sportsBets.selections"),
      cell: (b) => (
        <ul className="profile-games__legs">
          {b.legs.map((l) => (
            <li key={l.selection_id ?? l.leg} dir="auto">
              {`${l.event} · ${l.market}: ${l.label} @ ${formatOdds(l.odds)}`}
              {l.result && ` (${t(`profileGames.sportsBets.legResults.${l.early ? "early" : l.result}`)})`}
            </li>
          ))}
        </ul>
      ),
    },
    { key: "odds", header: t("profileGames.sportsBets.odds"), headerClassName: "num", className: "num", cell: (b) => formatOdds(b.odds) },
    { key: "stake", header: t("profileGames.sportsBets.stake"), headerClassName: "num", className: "num", cell: (b) => formatMoney(b.stake) },
    { key: "status", header: t("profileGames.sportsBets.status"), cell: (b) => t(`profileGames.sportsBets.statuses.${b.status}`) },
    {
      key: "payout",
      header: t("profileGames.sportsBets.payout"),
      headerClassName: "num",
      className: (b) => (b.payout && b.payout.amount > 0 ? "num profile-games__win" : "num"),
      cell: (b) => (b.payout ? formatMoney(b.payout) : "—"),
    },
    {
      key: "cashout",
      header: t("profileGames.sportsBets.cashOut.column"),
      cell: (b) => <CashOutCell bet={b} offer={cashOuts[b.id] ?? null} refused={refused?.bet === b.id ? refused : undefined} />,
    },
  ];
  return (
    <DataTable
      rows={bets}
      columns={columns}
      rowKey={(b) => b.id}
      rowProps={(b) => ({ "data-bet": b.id, "data-status": b.status })}
      empty={empty}
      scrollClassName="profile-games__scroll"
      tableClassName="profile-games__table"
      stacked
    />
  );
}

import { Link } from "react-router";
import type { Route } from "./+types/winners";
import { loadWinners } from "../features/jackpots/jackpots.server";
import { WINNERS_PAGE_SIZE } from "../features/jackpots/paging";
import { WinnersTable } from "../features/jackpots/winners-table";
import { useLocalePath, useT } from "../lib/i18n/use-t";

/** `/winners?offset=`: recent jackpot winners, a page at a time. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadWinners(context, request);
}

export default function Winners({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const { winners, count, offset } = loaderData;
  const page = (o: number) => to(o > 0 ? `/winners?offset=${o}` : "/winners");
  return (
    <section className="jackpots">
      <h1 className="jackpots__title">{t("jackpots.winners.title")}</h1>
      <WinnersTable winners={winners} />
      {count > WINNERS_PAGE_SIZE && (
        <nav className="jackpots__pages" aria-label={t("jackpots.winners.pages")}>
          {offset > 0 && (
            <Link to={page(offset - WINNERS_PAGE_SIZE)} rel="prev" className="btn btn--ghost">
              {t("jackpots.winners.newer")}
            </Link>
          )}
          {offset + WINNERS_PAGE_SIZE < count && (
            <Link to={page(offset + WINNERS_PAGE_SIZE)} rel="next" className="btn btn--primary">
              {t("jackpots.winners.older")}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

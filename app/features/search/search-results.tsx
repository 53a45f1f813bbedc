import { Link } from "react-router";
import { lobbyHref } from "../games/lobby-params";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import type { SearchState } from "./live-search";
import type { SearchResult } from "./search-api";

/**
 * What the popup shows for a query of MIN_QUERY characters or more: a wait, an error, nothing
 * found, or up to a dozen games with a link to all of them on the lobby's search page. The live
 * region announces the count once an answer is in, not every keystroke.
 */
export function SearchResults({ state, onOpen }: { state: SearchState<SearchResult>; onOpen: () => void }) {
  const t = useT();
  const to = useLocalePath();
  const status =
    state.status === "results"
      ? state.result.count === 0
        ? t("search.empty", { query: state.query })
        : t("search.found", { count: state.result.count })
      : state.status === "error"
        ? t("search.failed")
        : t("search.loading");

  return (
    <section className="search-results" aria-busy={state.status !== "results" && state.status !== "error"} data-query={state.query} data-status={state.status}>
      <p className={state.status === "error" ? "search-popup__error" : "search-results__status"} role="status">
        {status}
      </p>
      {state.status === "results" && state.result.items.length > 0 && (
        <>
          <ul className="search-results__list" aria-label={t("search.games")}>
            {state.result.items.map((g) => (
              <li key={g.sysname} data-game={g.sysname}>
                <Link to={to(`/game/${g.sysname}`)} className="search-result" onClick={onOpen}>
                  <img className="search-result__cover" src={g.image} width={60} height={80} alt="" loading="lazy" decoding="async" />
                  <span className="search-result__title" dir="auto">
                    {g.title}
                  </span>
                  <span className="search-result__provider" dir="auto">
                    {g.provider_name}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Link to={to(lobbyHref({ search: state.query }))} className="btn btn--primary search-results__all" onClick={onOpen}>
            {t("search.showAll", { count: state.result.count })}
          </Link>
        </>
      )}
    </section>
  );
}

import { AppLink } from "../../ui/app-link";
import { ServerHtml } from "../../ui/server-html";
import { useRootData } from "../../shell/use-root-data";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { LazyGameTile } from "./lazy-game-tile";
import { LOBBY_PAGE_SIZE, lobbyHref } from "./lobby-params";
import type { LobbyData } from "./lobby.server";
import { ProviderFilter } from "./provider-filter";
import { useLoadMore } from "./use-load-more";
import { LobbySearchForm, SearchEmpty } from "../search/lobby-search";

/**
 * Where CSS cannot (no `scroll-initial-target`, lobby.css), scrolls the category row, and only the
 * row (scrollIntoView would move the page too), so the current tab is in view on phones.
 */
function showCurrentTab(nav: HTMLElement | null) {
  if (!nav || CSS.supports("scroll-initial-target", "nearest")) return;
  const tab = nav.querySelector<HTMLElement>('[aria-current="page"]');
  if (!tab) return;
  const row = nav.getBoundingClientRect();
  const box = tab.getBoundingClientRect();
  if (box.left < row.left) nav.scrollLeft += box.left - row.left;
  else if (box.right > row.right) nav.scrollLeft += box.right - row.right;
}

/**
 * The game hall: category tabs (links), the provider filter, the server-rendered tiles (the page
 * of the URL's offset and the one before it, lobbyWindow; kept as the server sent them:
 * `ServerHtml`) and a "load more" link to the next page, which appends in place once hydrated
 * (use-load-more.ts) and without JavaScript opens a document showing one page more.
 */
export function Lobby({ data }: { data: LobbyData }) {
  const t = useT();
  const to = useLocalePath();
  const locale = useRootData()?.locale ?? "en";
  const { filters, categories, providers, count, start } = data;
  const { games, busy, failed, hasMore, nextOffset, enhanced, moreRef, gridRef, onMoreClick } = useLoadMore(filters, start, data.games, count, locale);

  return (
    <section className="lobby" data-enhanced={enhanced || undefined}>
      <h1 className="lobby__title">{filters.search ? t("search.resultsFor", { query: filters.search }) : t("lobby.title")}</h1>
      <LobbySearchForm key={filters.search ?? ""} search={filters.search} />
      <nav className="lobby-tabs" aria-label={t("lobby.categories")} ref={showCurrentTab}>
        <AppLink
          to={to(lobbyHref({ providers: filters.providers, search: filters.search }))}
          className="lobby-tabs__tab"
          aria-current={!filters.category ? "page" : undefined}
        >
          {t("lobby.all")}
        </AppLink>
        {categories.map((c) => (
          <AppLink
            key={c.sysname}
            to={to(lobbyHref({ category: c.sysname, providers: filters.providers, search: filters.search }))}
            className="lobby-tabs__tab"
            aria-current={filters.category === c.sysname ? "page" : undefined}
          >
            {c.name}
          </AppLink>
        ))}
      </nav>
      <ProviderFilter
        key={filters.providers.join(",")}
        providers={providers}
        selected={filters.providers}
        category={filters.category}
        search={filters.search}
        t={t}
        to={to}
      />
      <p className="lobby__count" aria-live="polite" data-testid="lobby-count">
        {start > 0 ? t("lobby.countRange", { from: start + 1, to: start + games.length, count }) : t("lobby.count", { shown: games.length, count })}
      </p>
      {games.length === 0 && filters.search ? (
        <SearchEmpty search={filters.search} />
      ) : games.length === 0 ? (
        <p className="notice">{t("lobby.empty")}</p>
      ) : (
        // One list for assistive technology: the server's page keeps its HTML (not hydrated, as the
        // home page's rows), the pages appended in place go in a second `ul`; both are
        // `display: contents` in the grid (24 tiles fill every row at 2, 3, 4 and 6 columns).
        // biome-ignore lint/a11y/useSemanticElements: one list over two `ul`s, as the comment above explains
        <div ref={gridRef} className="lobby-grid" role="list" aria-label={t("lobby.games")}>
          <ServerHtml as="ul" key={`${locale}|${start}|${data.games.map((g) => g.sysname).join(",")}`} role="none" className="lobby-grid__page">
            {data.games.map((g, i) => (
              <LazyGameTile key={g.sysname} game={g} index={i} href={to(`/game/${g.sysname}`)} />
            ))}
          </ServerHtml>
          {games.length > data.games.length && (
            <ul role="none" className="lobby-grid__page">
              {games.slice(data.games.length).map((g, i) => (
                <LazyGameTile key={g.sysname} game={g} index={data.games.length + i} href={to(`/game/${g.sysname}`)} />
              ))}
            </ul>
          )}
        </div>
      )}
      <nav className="lobby-pages" aria-label={t("lobby.pages")}>
        {start > 0 && (
          // The page whose window ends where this one starts: the games just before those shown.
          <AppLink to={to(lobbyHref({ ...filters, offset: start - LOBBY_PAGE_SIZE }))} rel="prev" className="btn btn--ghost">
            {t("lobby.previous")}
          </AppLink>
        )}
        {hasMore && (
          <AppLink
            ref={moreRef}
            to={to(lobbyHref({ ...filters, offset: nextOffset }))}
            rel="next"
            className="btn btn--primary lobby-pages__more"
            aria-busy={busy || undefined}
            onClick={onMoreClick}
          >
            {busy ? t("lobby.loading") : t("lobby.more")}
          </AppLink>
        )}
        {failed && (
          <p role="alert" className="notice notice--error">
            {t("lobby.loadFailed")}
          </p>
        )}
      </nav>
    </section>
  );
}

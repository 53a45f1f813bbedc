/**
 * The lobby's filters live in the URL (SPEC §2): `category`, `providers` as one comma list,
 * `search` (a title or studio prefix, from the header's search) and `offset` for the pages.
 * Several spellings mean the same filter (a GET form without JavaScript
 * sends `providers=a&providers=b`; a hand-typed `offset=abc`); each gets one canonical URL so
 * links, caches and crawlers see a single address per page. Other query parameters (URL dialogs,
 * campaign tags) are kept as they are.
 */
import { pageOffset } from "../../lib/paging";

export const LOBBY_PAGE_SIZE = 24;
/**
 * The most games one lobby document shows: two pages. Each tile costs a rank and a card row, and a
 * page must stay within decision 0025's 200 rows: 96 tiles read 247 rows on the 10× catalogue
 * filtered by two providers (games-capacity.test.ts), 48 leave room for the page's other reads.
 */
export const LOBBY_WINDOW = 2 * LOBBY_PAGE_SIZE;
const SYSNAME = /^[a-z0-9_-]{1,64}$/;
/** The platform's own limit for `search` (entities-games.ts). */
export const MAX_SEARCH = 100;
const LOBBY_KEYS = ["category", "providers", "search", "offset"] as const;

export interface LobbyFilters {
  category?: string;
  /** Sorted and without duplicates, so one set of providers has one URL. */
  providers: string[];
  /** Trimmed, inner spaces collapsed, at most MAX_SEARCH characters; absent when empty. */
  search?: string;
  /** A multiple of the page size, 0 for the first page. */
  offset: number;
}

export type LobbyParams =
  | { kind: "ok"; filters: LobbyFilters }
  /** Same filters, other spelling: answer with a redirect to `search`. */
  | { kind: "redirect"; search: string }
  /** A value that can never name a category or provider: the route's validation fails (404). */
  | { kind: "invalid" };

/**
 * Reads the filters of a lobby URL. A garbage, negative or unaligned offset is not an error: it
 * is rounded down to a page start (garbage counts as 0) and the URL is redirected to that page.
 */
export function parseLobbyParams(params: URLSearchParams): LobbyParams {
  const categories = params
    .getAll("category")
    .map((c) => c.trim())
    .filter(Boolean);
  if (categories.length > 1) return { kind: "invalid" };
  const category = categories[0];
  if (category !== undefined && !SYSNAME.test(category)) return { kind: "invalid" };

  const providers = [
    ...new Set(
      params
        .getAll("providers")
        .flatMap((v) => v.split(","))
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ].sort();
  if (providers.some((p) => !SYSNAME.test(p)) || providers.length > 50) return { kind: "invalid" };

  const filters: LobbyFilters = { category, providers, offset: pageOffset(params.get("offset"), LOBBY_PAGE_SIZE).offset };
  const search = canonicalSearch(params.getAll("search"));
  if (search) filters.search = search;
  const canonical = new URLSearchParams(lobbySearch(new URLSearchParams(), filters));
  const spelledCanonically = LOBBY_KEYS.every((key) => sameValues(params.getAll(key), canonical.getAll(key)));
  return spelledCanonically ? { kind: "ok", filters } : { kind: "redirect", search: lobbySearch(params, filters) };
}

/**
 * One search text: the first non-blank value, its spaces collapsed. A longer text than the
 * platform takes is cut (and the URL redirected) rather than refused: it came from a text box.
 */
export function canonicalSearch(values: string[]): string | undefined {
  const text = values.map((v) => v.replace(/\s+/g, " ").trim()).find(Boolean);
  if (!text) return undefined;
  // Cut by UTF-16 length (what the platform counts) without splitting a character in two.
  let cut = "";
  for (const ch of text) {
    if (cut.length + ch.length > MAX_SEARCH) break;
    cut += ch;
  }
  return cut.trim();
}

/**
 * The query string of a lobby page: the other parameters of `base` in their order, then the
 * filters (empty ones left out). Commas stay readable (`providers=a,b`).
 */
export function lobbySearch(base: URLSearchParams, filters: Partial<LobbyFilters>): string {
  const q = new URLSearchParams(base);
  for (const key of LOBBY_KEYS) q.delete(key);
  if (filters.category) q.set("category", filters.category);
  if (filters.providers?.length) q.set("providers", filters.providers.join(","));
  if (filters.search) q.set("search", filters.search);
  if (filters.offset) q.set("offset", String(filters.offset));
  return q.toString().replace(/%2C/gi, ",");
}

function sameValues(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * The games a lobby document shows for a page `offset`: that page and the page before it.
 * "Load more" without JavaScript is a link to the next offset, and the new document must add that
 * page to what the player saw (games 1–48, not 25–48 alone), as the in-place append does with
 * JavaScript. Further on the window slides (25–72, …), its start a page boundary too, and the
 * counter names the range shown.
 */
export function lobbyWindow(offset: number): { start: number; count: number } {
  const end = offset + LOBBY_PAGE_SIZE;
  const start = Math.max(0, end - LOBBY_WINDOW);
  return { start, count: end - start };
}

/** `/gamehall` with the given filters, keeping nothing else: for tabs, filter links and pages. */
export function lobbyHref(filters: Partial<LobbyFilters>): string {
  const s = lobbySearch(new URLSearchParams(), filters);
  return s ? `/gamehall?${s}` : "/gamehall";
}

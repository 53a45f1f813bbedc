/**
 * A search answers at most this many games: its most popular matches, in the order asked for.
 * Counting every match of "s" on a large catalogue reads every match (FTS5 has no count); the
 * cap bounds a search to about a hundred rows read (decision 0025). Four lobby pages. The ranks
 * (ranked-query.ts) and the tables (game-query.ts, while the ranks are rebuilt) both apply it.
 */
export const SEARCH_LIMIT = 96;

/**
 * Turns what a player types into an FTS5 query over game_search (title, provider name): every
 * word must match the start of a word, so "drag ph" finds "Dragon Phoenix". Words are letters and
 * digits only, each quoted, so nothing typed can reach FTS5's own syntax. Null: nothing to search.
 */
export function ftsQuery(text: string | undefined): string | null {
  const words =
    (text ?? "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(" ") : null;
}

/** ftsQuery restricted to the title and provider columns of game_search (not its facet tokens). */
export function ftsMatch(text: string | undefined): string | null {
  const words = ftsQuery(text);
  return words ? `{title provider} : (${words})` : null;
}

/**
 * Turns what a player types into an FTS5 query over game_search (title, provider name): every
 * word must match the start of a word, so "drag ph" finds "Dragon Phoenix". Words are letters and
 * digits only, each quoted, so nothing typed can reach FTS5's own syntax. Null: nothing to search.
 */
export function ftsQuery(text: string | undefined): string | null {
  const words = (text ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(" ") : null;
}

/** ftsQuery restricted to the title and provider columns of game_search (not its facet tokens). */
export function ftsMatch(text: string | undefined): string | null {
  const words = ftsQuery(text);
  return words ? `{title provider} : (${words})` : null;
}

import { redirect } from "react-router";

/**
 * The furthest `?offset=` a paged list serves (the platform's own limit for games.get, see
 * entities-games.ts); a larger one is read as the page at this offset.
 */
export const MAX_OFFSET = 100_000;

/**
 * A paged list's `?offset=` (the lobby, game history, winners): the start of the page holding
 * the asked row. `canonical` is false when the URL spells it any other way (not a page start,
 * `0`, leading zeros, garbage): the page then redirects to the canonical URL instead of erring,
 * since such offsets come from hand-edited or old links. A page past the end is the caller's 404.
 */
export function pageOffset(raw: string | null, pageSize: number): { offset: number; canonical: boolean } {
  if (raw === null) return { offset: 0, canonical: true };
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return { offset: 0, canonical: false };
  const asked = Math.min(Number(text), MAX_OFFSET);
  const offset = asked - (asked % pageSize);
  return { offset, canonical: offset > 0 && raw === String(offset) };
}

/**
 * A loader's page offset under `pageOffset`'s policy: the offset when the request spells it
 * canonically, else a thrown 302 to the URL that does (the game history and winners; the lobby
 * folds it into its own canonical URL of all its filters).
 */
export function requirePageOffset(request: Request, pageSize: number): number {
  const url = new URL(request.url);
  const { offset, canonical } = pageOffset(url.searchParams.get("offset"), pageSize);
  if (!canonical) throw redirect(offsetHref(url, offset), 302);
  return offset;
}

/** `url`'s path and query with `?offset=` set to `offset` (left out for the first page). */
export function offsetHref(url: URL, offset: number): string {
  const q = new URLSearchParams(url.search);
  q.delete("offset");
  if (offset > 0) q.set("offset", String(offset));
  const search = q.toString();
  return url.pathname + (search ? `?${search}` : "");
}

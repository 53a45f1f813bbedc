import { browserCall } from "../../lib/api/browser-call";
import type { Game, GameProvider } from "../../../core/api/entities-games";

/**
 * The popup's calls to the platform, from the browser (lazy chunk only). games.get searches
 * titles and studio names by prefix (decision 0015).
 */

export const POPUP_RESULTS = 12;
/** The platform's largest `offset` (entities-games.ts). */
const MAX_OFFSET = 100_000;

export interface SearchResult {
  items: Game[];
  count: number;
}

type Opts = { locale: string; signal?: AbortSignal };

function withSignal(signal?: AbortSignal) {
  return (request: Request) => fetch(request, { signal });
}

export async function searchGames(query: string, { locale, signal }: Opts): Promise<SearchResult> {
  const options = JSON.stringify({ search: query, count: POPUP_RESULTS });
  const { items, count } = await browserCall("games.get", "GET", { options }, { locale, fetch: withSignal(signal) });
  return { items, count };
}

export type ProviderChip = Pick<GameProvider, "sysname" | "name">;

export async function loadProviders(locale: string): Promise<ProviderChip[]> {
  const providers = await browserCall("games.getProviders", "GET", {}, { locale });
  return providers.filter((p) => p.games_count > 0).map(({ sysname, name }) => ({ sysname, name }));
}

/** Providers whose name has a word starting with the query (or contains it), at most `max`. */
export function matchProviders(providers: ProviderChip[], query: string, max = 6): ProviderChip[] {
  const q = query.toLocaleLowerCase();
  if (!q) return [];
  const starts = (p: ProviderChip) =>
    p.name
      .toLocaleLowerCase()
      .split(/\s+/)
      .some((w) => w.startsWith(q));
  const contains = (p: ProviderChip) => p.name.toLocaleLowerCase().includes(q);
  return [...providers.filter(starts), ...providers.filter((p) => !starts(p) && contains(p))].slice(0, max);
}

/**
 * One game drawn uniformly from the catalogue: the first call learns the total, the second
 * fetches the game at a random offset (crypto randomness, no modulo bias worth noticing at
 * catalogue sizes). Null when the catalogue is empty.
 */
export async function randomGame(locale: string, random: () => number = cryptoRandom): Promise<Game | null> {
  const first = await browserCall("games.get", "GET", { options: JSON.stringify({ count: 1 }) }, { locale });
  const total = Math.min(first.count, MAX_OFFSET + 1);
  if (total <= 0) return null;
  const offset = Math.min(total - 1, Math.floor(random() * total));
  if (offset === 0) return first.items[0] ?? null;
  const page = await browserCall("games.get", "GET", { options: JSON.stringify({ count: 1, offset }) }, { locale });
  return page.items[0] ?? first.items[0] ?? null;
}

function cryptoRandom(): number {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0]! / 2 ** 32;
}

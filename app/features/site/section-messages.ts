import type { MessageBundle } from "../../lib/api/entities";

/**
 * Translations that only one section of the site uses (decision 0021). The root loader sends
 * every other namespace to every page, and these only to pages of their section: about 10 KB
 * less in every other document, and less for the browser to decode before it hydrates.
 */
const SECTIONS: Record<string, readonly string[]> = {
  cashier: ["cashier"],
  profile: ["profileGames", "responsible"],
  "responsible-game": ["responsible"],
  game: ["game"],
  jackpots: ["jackpots"],
  winners: ["jackpots"],
  confirmation: ["confirmation"],
  unsubscribe: ["unsubscribe"],
};

/** The parts of those namespaces that every page needs: the session clock and its reality check. */
const EVERYWHERE: Record<string, readonly string[]> = {
  responsible: ["check", "clock"],
};

/** Used by the server alone (e-mails). */
const SERVER_ONLY = new Set(["mail"]);

const SECTIONAL = new Set(Object.values(SECTIONS).flat());

/**
 * The section of a path, with or without its locale prefix (`/es/cashier/deposit` → `cashier`),
 * or "" for the pages that need no sectional translations.
 */
export function sectionOf(pathname: string): string {
  const [first = "", second = ""] = pathname.split("/").filter(Boolean);
  return first in SECTIONS ? first : second in SECTIONS ? second : "";
}

/** The translations a page of this path needs: the shared namespaces, and its section's. */
export function sectionMessages(bundle: MessageBundle, pathname: string): MessageBundle {
  const mine = new Set(SECTIONS[sectionOf(pathname)] ?? []);
  const out: MessageBundle = {};
  for (const [ns, value] of Object.entries(bundle)) {
    if (SERVER_ONLY.has(ns)) continue;
    if (!SECTIONAL.has(ns) || mine.has(ns)) {
      out[ns] = value;
      continue;
    }
    const keep = EVERYWHERE[ns];
    if (keep && typeof value === "object") {
      out[ns] = Object.fromEntries(Object.entries(value).filter(([k]) => keep.includes(k)));
    }
  }
  return out;
}

/**
 * Translations that only one section of the site uses (decision 0021). The root loader sends
 * every other namespace to every page, and these only to pages of their section: about 10 KB
 * less in every other document, and less for the browser to decode before it hydrates. The browser
 * needs only the section of a path (the root's shouldRevalidate); the picking is in
 * section-messages.server.ts.
 */
export const SECTIONS: Record<string, readonly string[]> = {
  cashier: ["cashier", "offers"],
  offers: ["offers"],
  profile: ["profileGames", "responsible", "profile", "freespins", "loyalty"],
  loyalty: ["loyalty"],
  "responsible-game": ["responsible"],
  game: ["game", "freespins"],
  jackpots: ["jackpots"],
  winners: ["jackpots"],
  "wheel-of-fortune": ["wheel"],
  tournaments: ["tournaments"],
  promotions: ["promotions"],
  confirmation: ["confirmation"],
  unsubscribe: ["unsubscribe"],
};

/**
 * The section of a path, with or without its locale prefix (`/es/cashier/deposit` → `cashier`),
 * or "" for the pages that need no sectional translations.
 */
export function sectionOf(pathname: string): string {
  const [first = "", second = ""] = pathname.split("/").filter(Boolean);
  return first in SECTIONS ? first : second in SECTIONS ? second : "";
}

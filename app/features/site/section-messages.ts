/**
 * The sections of the site whose pages get translations of their own (decision 0021): the root
 * loader sends every other namespace to every page, and a section's only to its pages — about
 * 10 KB less in every other document, and less for the browser to decode before it hydrates. The
 * browser needs only the section of a path (the root's shouldRevalidate), so only the names are
 * here; which namespaces each section gets is in section-messages.server.ts.
 */
export const SECTION_NAMES = [
  "cashier",
  "offers",
  "profile",
  "loyalty",
  "responsible-game",
  "game",
  "jackpots",
  "winners",
  "wheel-of-fortune",
  "tournaments",
  "betting",
  "promotions",
  "confirmation",
  "unsubscribe",
  "vpn",
] as const;
export type Section = (typeof SECTION_NAMES)[number];

const names: readonly string[] = SECTION_NAMES;

/**
 * The section of a path, with or without its locale prefix (`/es/cashier/deposit` → `cashier`),
 * or "" for the pages that need no sectional translations.
 */
export function sectionOf(pathname: string): Section | "" {
  const [first = "", second = ""] = pathname.split("/").filter(Boolean);
  return names.includes(first) ? (first as Section) : names.includes(second) ? (second as Section) : "";
}

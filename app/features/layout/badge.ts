/** Badges count up to 9, then read '9+' (SPEC §2). */
export function badgeText(n: number | undefined): string | null {
  if (!n || n <= 0) return null;
  return n > 9 ? "9+" : String(n);
}

/** Light and dark themes from a cookie kept one year (SPEC §9); the server renders the right one. */
export const THEME_COOKIE = "theme";

export function pickTheme(cookieValue: string | undefined, themes: readonly string[], fallback: string): string {
  return cookieValue && themes.includes(cookieValue) ? cookieValue : themes.includes(fallback) ? fallback : themes[0]!;
}

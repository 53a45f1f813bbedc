/**
 * An odds button's click with JavaScript: the slip cookie takes the selection (or lets it go), its
 * code fetched with the click (no first-load cost); the page then re-reads its loader.
 */
export async function pickSelection(entry: { id: number; odds: number }): Promise<void> {
  (await import("./slip-cookie")).toggleInBrowser(entry);
}

/** The five characters that end text or an attribute value in HTML and XML, as named entities (`'` numeric: HTML 4 has no `&apos;`). */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text made safe for markup written by hand: HTML pages (the platform's demo pages, the offline
 * page, the analytics boot), XML (sitemaps) and SVG (game covers), in element text and in quoted
 * attribute values alike.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

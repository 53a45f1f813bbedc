/**
 * `value` as JSON to write inside an inline `<script>`: `<` escaped (no text can close the element
 * or open a comment in it), and the line and paragraph separators too (JavaScript before ES2019
 * took them for line ends inside a string).
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

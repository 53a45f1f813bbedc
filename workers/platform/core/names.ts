/**
 * A public name for a winner: the first two and last two characters of the nickname (else of the
 * login, without any e-mail domain) around "***"; short names keep one character.
 */
export function maskedName(fakename: string, login: string): string {
  const base = (fakename.trim() || login.split("@")[0] || "").trim();
  const chars = [...base];
  if (chars.length >= 6) return `${chars.slice(0, 2).join("")}***${chars.slice(-2).join("")}`;
  if (chars.length >= 2) return `${chars[0]}***${chars.at(-1)}`;
  return `${chars[0] ?? "*"}***`;
}

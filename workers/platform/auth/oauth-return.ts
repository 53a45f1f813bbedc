/**
 * Where social sign-in returns: a same-origin path only, never an open redirect. Anything else
 * (absolute URLs, `//host`, `javascript:`, backslashes, control characters, dot segments that
 * normalize into `//host`) becomes `/`.
 */
const BASE = "http://same.invalid";

export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 2000 || !value.startsWith("/") || value.startsWith("//")) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this check refuses
  if (value.includes("\\") || /[\u0000-\u001f\u007f]/.test(value)) return "/";
  try {
    const url = new URL(value, BASE);
    const path = url.pathname + url.search + url.hash;
    return url.origin === BASE && !path.startsWith("//") ? path : "/";
  } catch {
    return "/";
  }
}

/** The return path with the outcome's query (`social_auth`, `reason`) set, its other query kept. */
export function withOutcome(path: string, outcome: Record<string, string>): string {
  const url = new URL(path, BASE);
  url.searchParams.delete("social_auth");
  url.searchParams.delete("reason");
  for (const [k, v] of Object.entries(outcome)) url.searchParams.set(k, v);
  return url.pathname + url.search + url.hash;
}

import type { Redirect } from "./api/cms";

/** Navigation safety and redirect rules (SPEC §2 "Redirects and access", §8). */

const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

export class UnsafeNavigationError extends Error {
  constructor(target: string, reason: string) {
    super(`Navigation to '${target}' refused: ${reason}`);
    this.name = "UnsafeNavigationError";
  }
}

/**
 * Checks a navigation target. Same-origin paths pass; an external URL passes only when marked
 * external; javascript:, data: and other protocols never pass.
 */
export function checkNavigation(target: string, opts: { origin: string; external?: boolean }): string {
  let url: URL;
  try {
    url = new URL(target, opts.origin);
  } catch {
    throw new UnsafeNavigationError(target, "not a valid URL");
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) throw new UnsafeNavigationError(target, `protocol ${url.protocol} is not allowed`);
  if (url.origin === opts.origin && (url.protocol === "http:" || url.protocol === "https:")) {
    return url.pathname + url.search + url.hash;
  }
  if (!opts.external) throw new UnsafeNavigationError(target, "external URLs must be marked external");
  return url.href;
}

/**
 * A redirect target taken from a query (redirectUrl, backUrl): same-origin paths only.
 * Anything else gives the fallback. Protocol-relative '//host' and backslash tricks are refused.
 * Runs of slashes in the result are collapsed: dot segments can turn an innocent-looking
 * '/.//evil.example' into the pathname '//evil.example', and a caller that strips a locale
 * prefix from '/es//evil.example' would be left with '//evil.example' too; both are another host.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  try {
    const url = new URL(value, "http://same.invalid");
    if (url.origin !== "http://same.invalid") return fallback;
    return url.pathname.replace(/\/{2,}/g, "/") + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/**
 * Finds the site-configured redirect for a path. `from_url` matches exactly, or by prefix when it
 * ends in `*`; a `*` in `to_url` takes the matched rest. The request query is preserved.
 */
export function matchSiteRedirect(
  redirects: readonly Redirect[],
  pathname: string,
  search: string,
): { location: string; status: 301 | 302; external: boolean } | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const r of redirects) {
    let rest: string | undefined;
    if (r.from_url.endsWith("*")) {
      const prefix = r.from_url.slice(0, -1);
      if (trimmed.startsWith(prefix) || `${trimmed}/` === prefix) rest = trimmed.slice(prefix.length);
    } else if (trimmed === r.from_url.replace(/\/+$/, "") || trimmed === r.from_url) {
      rest = "";
    }
    if (rest === undefined) continue;
    const to = r.to_url.replace("*", rest);
    const url = new URL(to, "http://same.invalid");
    const query = new URLSearchParams(url.search);
    for (const [k, v] of new URLSearchParams(search)) if (!query.has(k)) query.append(k, v);
    const qs = query.toString();
    const location =
      url.origin === "http://same.invalid"
        ? url.pathname + (qs ? `?${qs}` : "") + url.hash
        : `${url.origin}${url.pathname}${qs ? `?${qs}` : ""}${url.hash}`;
    if (location === pathname + search) continue;
    return { location, status: r.status, external: url.origin !== "http://same.invalid" };
  }
  return undefined;
}

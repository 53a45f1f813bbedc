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

const SAME = "http://same.invalid";
/** C0 controls and DEL: never in a path the site means; browsers drop tabs and newlines and read what is left. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The one rule for every Location the site sends (and the links it builds from a request's path):
 * a path on `origin`. A leading run of slashes and backslashes becomes one slash, since a browser
 * reads '//host' and '/\host' as another host ('//evil.example' → '/evil.example', the page that
 * path names here); so does one that dot segments leave ('/.//x'). An absolute URL on `origin`
 * comes back as its path. Control characters, another origin or another scheme: the fallback.
 */
export function sameOriginPath(target: string, origin = SAME, fallback = "/"): string {
  if (CONTROL.test(target)) return fallback;
  const path = /^[/\\]/.test(target) ? target.replace(/^[/\\]+/, "/") : target;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return url.pathname.replace(/^\/{2,}/, "/") + url.search + url.hash;
}

/**
 * A redirect target taken from a query (redirectUrl, backUrl): same-origin paths only.
 * Anything else gives the fallback. Protocol-relative '//host' and backslash tricks are refused.
 * Runs of slashes in the result are collapsed: dot segments can turn an innocent-looking
 * '/.//evil.example' into the pathname '//evil.example', and a caller that strips a locale
 * prefix from '/es//evil.example' would be left with '//evil.example' too; both are another host.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
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
 * Whether the redirect leaves the site is the operator's `to_url`'s to say, never the request's:
 * an internal target stays a path on this site whatever the rest ('/go/*' → '/*' with
 * '/go//evil.example' is '/evil.example'), and an external one keeps the operator's origin.
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
    const named = targetOrigin(r.to_url.replace("*", ""));
    if (named === undefined) continue;
    const to = r.to_url.replace("*", rest);
    const url = named === SAME ? new URL(sameOriginPath(to), SAME) : safeUrl(to);
    if (!url || url.origin !== named) continue;
    const query = new URLSearchParams(url.search);
    for (const [k, v] of new URLSearchParams(search)) if (!query.has(k)) query.append(k, v);
    const qs = query.toString();
    const external = named !== SAME;
    const location = `${external ? url.origin : ""}${url.pathname}${qs ? `?${qs}` : ""}${url.hash}`;
    if (location === pathname + search) continue;
    return { location, status: r.status, external };
  }
  return undefined;
}

const safeUrl = (value: string): URL | undefined => {
  try {
    return new URL(value, SAME);
  } catch {
    return undefined;
  }
};

/** The origin an operator's target names: SAME for a site path, an http(s) origin, else undefined (unusable). */
function targetOrigin(toUrl: string): string | undefined {
  if (/^[/\\]/.test(toUrl) && !/^[/\\]{2}/.test(toUrl)) return SAME;
  const url = safeUrl(toUrl);
  if (!url) return undefined;
  if (url.origin === SAME) return SAME;
  return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
}

import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream, UNSAFE_SingleFetchRedirectSymbol as REDIRECT } from "react-router";
import fc from "fast-check";
import { ORIGIN, send } from "./helpers";

/**
 * Shared by redirects.test.ts: hostile path and query values, and a probe that sends a request
 * through the whole Worker and says where its answer would take the browser.
 */

/** What makes a browser read a path as another host, or a scheme, or skip a check. */
export const SEPARATORS = [
  "//",
  "///",
  "/\\",
  "\\/",
  "\\\\",
  "/\t/",
  "/\n/",
  "/\r\n/",
  "/%09/",
  "/%0a/",
  "/ /",
  "/%2f",
  "/%2F%2F",
  "%2f%2f",
  "/%252f",
  "/%252F%252F",
  "/%5c",
  "/%5C%5C",
  "/%255c",
  "/\u2044",
  "/\u2215",
  "/\uff0f",
  "/\u29f8",
  "\u2044\u2044",
  "\u2215\u2215",
  "\uff0f\uff0f",
  "/\uff3c",
  "/.//",
  "/..//",
  "/%2e//",
  "/%2e%2e//",
  "/./\t/",
  "/a/..//",
  "/https:",
  "/http://",
  "/javascript:",
  "/https:/\\",
  "//\\",
  "//user:pass@",
  "//playfront.test@",
  "/@",
];
export const HOSTS = ["evil.example", "evil.example/x", "evil.example:443/a?b=1", "@evil.example", "evil。example", "ｅｖｉｌ.example", "javascript:alert(1)"];
const TAILS = ["", "/", "/cashier", "/x/"];

/** A request path that tries to end up as a protocol-relative or absolute Location. */
export const hostilePath = fc
  .tuple(fc.constantFrom(...SEPARATORS), fc.constantFrom(...HOSTS), fc.constantFrom(...TAILS))
  .map(([sep, host, tail]) => (sep.startsWith("/") ? "" : "/") + sep + host + tail);

/** A query-borne target (redirectUrl, returnTo, redirect_url…): paths as above and whole URLs. */
export const hostileTarget = fc.oneof(
  hostilePath,
  fc.constantFrom(
    "https://evil.example/",
    "http://evil.example",
    "javascript:alert(1)",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    " //evil.example",
  ),
  fc.tuple(fc.constantFrom("/es", "/en", "/ar", "/.", "/%2e"), hostilePath).map(([a, b]) => a + b),
);

/** The issue's own examples, run in every case list on top of the generated ones. */
export const KNOWN = ["//evil.example", "/\\evil.example", "/\t/evil.example", "/%2f%2fevil.example", "/.//evil.example", "//", "///", "//x%00", "//x%20y"];

export interface Probe {
  cases: number;
  offsite: string[];
  errors: string[];
}

export const newProbe = (): Probe => ({ cases: 0, offsite: [], errors: [] });

/** Where a client navigation's data answer (`.data`, 202 turbo-stream) redirects, if it does. */
async function dataRedirect(res: Response): Promise<string | null> {
  if (!res.body || res.headers.get("x-remix-response") !== "yes") return null;
  const decoded = await decodeViaTurboStream(res.body, globalThis);
  const value = decoded.value as Record<string | symbol, any> | undefined;
  return value?.[REDIRECT]?.redirect ?? value?.redirect ?? null;
}

/**
 * Sends `path` (a raw path and query appended to the origin) or a request through the Worker,
 * and records a 5xx or a target off the origin (unless in `allowed`, an operator's external site).
 */
export async function probe(p: Probe, input: string | Request, init: RequestInit = {}, allowed: string[] = []): Promise<Response> {
  const request = typeof input === "string" ? new Request(`${ORIGIN}${input.startsWith("/") ? "" : "/"}${input}`, { ...init, redirect: "manual" }) : input;
  const label = `${request.method} ${request.url}`;
  p.cases++;
  const res = await send(request);
  if (res.status >= 500) p.errors.push(`${label} → ${res.status}`);
  const location = res.headers.get("location") ?? (await dataRedirect(res.clone()));
  if (location !== null) {
    let origin: string;
    try {
      origin = new URL(location, request.url).origin;
    } catch {
      origin = "invalid";
    }
    if (origin !== ORIGIN && !allowed.includes(origin)) p.offsite.push(`${label} → ${res.status} ${location}`);
  }
  return res;
}

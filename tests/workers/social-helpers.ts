import { expect } from "vitest";
import type { Browser } from "./auth-helpers";
import { ORIGIN, send } from "./helpers";

/** Shared by the social-*.test.ts files: the OAuth dance with the demo provider, as a browser does it. */

/** A page request (not /api) with the browser's cookies; redirects are not followed. */
export async function page(b: Browser, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(b.headers())) headers.set(k, v);
  return b.keep(await send(path, { ...init, headers, redirect: "manual" }));
}

export function location(res: Response): string {
  expect(res.status, `expected a redirect, got ${res.status}`).toBe(302);
  return res.headers.get("location") ?? "";
}

/** The hidden fields of the consent form. */
export function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[m[1]!] = m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  }
  return out;
}

/** Posts the consent form as the browser would (urlencoded, from our origin). */
export async function postConsent(b: Browser, fields: Record<string, string>): Promise<Response> {
  return page(b, "/platform/demo/oauth/authorize", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  });
}

export interface DanceOptions {
  email?: string;
  name?: string;
  decision?: "allow" | "deny";
  redirectUrl?: string;
  typeAuth?: string;
}

/**
 * init → authorize page → consent → the provider's redirect to our callback. Answers the
 * callback URL (not yet visited), so a test can tamper with it or replay it.
 */
export async function consentTo(b: Browser, o: DanceOptions = {}): Promise<string> {
  const query = new URLSearchParams({ service: "demo", redirect_url: o.redirectUrl ?? "/", type_auth: o.typeAuth ?? "login" });
  const authorize = location(await page(b, `/oauth/init?${query}`));
  expect(authorize).toMatch(/^https:\/\/playfront\.test\/platform\/demo\/oauth\/authorize\?/);
  const consent = await page(b, authorize);
  expect(consent.status).toBe(200);
  const fields = hiddenFields(await consent.text());
  const back = location(await postConsent(b, { ...fields, email: o.email ?? "", name: o.name ?? "", decision: o.decision ?? "allow" }));
  expect(back).toMatch(/^https:\/\/playfront\.test\/oauth\/callback\/demo\?/);
  return back;
}

/** The whole dance; answers where the callback sent the browser. */
export async function socialSignIn(b: Browser, o: DanceOptions = {}): Promise<URL> {
  const callback = await consentTo(b, o);
  return new URL(location(await page(b, callback)), ORIGIN);
}

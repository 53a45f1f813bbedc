/**
 * Property test: no query-borne redirect target (redirectUrl, backUrl, the auth form's returnTo)
 * ever sends the browser to another origin, whatever the string. Checked on safeRedirectPath and
 * on the functions app/routes/auth.ts composes it with (returnTo → back → nextAfterAuth → the
 * locale-adjusted login target and the registration target, features/auth/auth-targets.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redirectMessage } from "../app/features/auth/embedded-auth";
import { afterRegistrationPath, afterSignInPath, nextAfterAuth } from "../app/features/auth/auth-targets";
import { withoutPopup, withPopup } from "../app/features/auth/popup-url";
import { loginRedirect } from "../app/lib/access";
import type { Locale } from "./api/entities";
import { safeRedirectPath } from "./navigation";

const ORIGIN = "https://playfront.test";
const RUNS = { numRuns: 1000 };

/** Where a browser on ORIGIN actually goes for a Location or link value. */
const landsOn = (target: string) => new URL(target, ORIGIN).origin;

/** A redirect target must resolve on ORIGIN and read as a path, never as a host. */
function expectOnSite(target: string) {
  expect(landsOn(target)).toBe(ORIGIN);
  expect(target.startsWith("/")).toBe(true);
  expect(target.startsWith("//")).toBe(false);
  expect(target).not.toContain("\\");
}

/** Pieces attackers combine: schemes in any case, slashes, backslashes, encodings, whitespace, look-alikes. */
const TRICKS = [
  "/",
  "//",
  "///",
  "\\",
  "\\\\",
  "/\\",
  "\\/",
  ".",
  "..",
  "./",
  "../",
  "/./",
  "/../",
  "%2F",
  "%2f%2F",
  "%5C",
  "%5c",
  "%2e",
  "%2E%2E",
  "%09",
  "%0a",
  "%00",
  "%252F",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u001f",
  "\u00a0",
  "\ufeff",
  "\u202e",
  "javascript:",
  "data:",
  "vbscript:",
  "http:",
  "https:",
  "file:",
  "mailto:",
  "blob:",
  "about:",
  "text/html,<script>alert(1)</script>",
  "alert(1)",
  "evil.example",
  "@evil.example",
  "user:pass@",
  ":443",
  "playfront.test",
  "playfront.test.evil.example",
  "?",
  "#",
  "&",
  "=",
  "redirectUrl=",
  "&redirectUrl=",
  "backUrl=",
  "show_popup_auth=1",
  "es",
  "ar",
  "en",
  "/es",
  "/ar",
  "\uff0f",
  "\u2044",
  "\u2215",
  "\u3002",
  "ｅｖｉｌ",
  "évil",
  "☃",
  "😀",
];

const trick = fc.oneof(fc.constantFrom(...TRICKS), fc.mixedCase(fc.constantFrom("javascript:", "data:", "http://", "https://", "vbscript:", "file://")));
const noise = fc.string({ unit: "binary", maxLength: 6 });

/** A string built from tricks and random code points, half the time starting with '/'. */
const target = fc
  .tuple(fc.boolean(), fc.array(fc.oneof({ arbitrary: trick, weight: 3 }, { arbitrary: noise, weight: 1 }), { maxLength: 24 }))
  .map(([slash, parts]) => (slash ? "/" : "") + parts.join(""));

/** Path-shaped attempts: leading segments a parser or a locale split may drop, then a host behind a double slash. */
const hostile = fc
  .tuple(
    fc.constantFrom("/", "/", "/", ""),
    fc.array(fc.constantFrom(".", "..", "%2e", "%2E%2E", "es", "ar", "a/.."), { maxLength: 2 }),
    fc.constantFrom("//", "///", "/\t/", "/\n/", "/\\", "/%2F", "/%5C"),
    fc.constantFrom("evil.example", "evil.example/x?y=1", "@evil.example", "javascript:alert(1)"),
  )
  .map(([lead, segments, separator, host]) => lead + segments.join("/") + separator + host);

/** Anything at all, including very long strings. */
const anything = fc.oneof(
  target,
  hostile,
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme", maxLength: 40 }).map((s) => `/${s}`),
  fc.tuple(target, fc.integer({ min: 200, max: 2000 })).map(([t, n]) => `/${"a/".repeat(n)}${t}`),
  fc.string({ unit: "binary-ascii", minLength: 3000, maxLength: 9000 }),
);

const locales: Locale[] = ["en", "es", "ar"].map((code) => ({
  code,
  name: code,
  icon: "",
  dir: code === "ar" ? "rtl" : "ltr",
  isDefault: code === "en",
}));

/** app/routes/auth.ts: the page to go back to and the page to go on to after success. */
function authTargets(returnTo: string) {
  const back = safeRedirectPath(returnTo, "/");
  return { back, next: nextAfterAuth(back) };
}

describe("safeRedirectPath never leaves the origin", () => {
  it("for any string the result resolves on the site", () => {
    fc.assert(
      fc.property(anything, (value) => {
        expectOnSite(safeRedirectPath(value, "/fallback"));
      }),
      RUNS,
    );
  });

  it("is stable: a checked path checks out unchanged (auth.ts runs it twice)", () => {
    fc.assert(
      fc.property(anything, (value) => {
        const once = safeRedirectPath(value, "/fallback");
        expect(safeRedirectPath(once, "/other")).toBe(once);
      }),
      RUNS,
    );
  });

  it("keeps ordinary site paths as they are", () => {
    const segment = fc.stringMatching(/^[a-z0-9_-]{1,12}$/);
    const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => `/${s.join("/")}`);
    const query = fc.option(fc.stringMatching(/^[a-z]{1,6}=[a-z0-9]{0,6}$/), { nil: undefined });
    fc.assert(
      fc.property(path, query, (p, q) => {
        const value = q ? `${p}?${q}` : p;
        expect(safeRedirectPath(value, "/fallback")).toBe(value);
      }),
    );
  });
});

describe("auth action redirect targets never leave the origin", () => {
  /** returnTo is either anything, or a site path whose redirectUrl is anything (the usual attack). */
  const withRedirectUrl = (redirectUrl: fc.Arbitrary<string>) =>
    fc
      .tuple(fc.constantFrom("/", "/es", "/ar/about", "/gamehall"), redirectUrl, fc.boolean())
      .map(([page, r, raw]) => `${page}?redirectUrl=${raw ? r : encodeURIComponent(r)}&show_popup_auth=1`);
  const returnTo = fc.oneof(anything, withRedirectUrl(anything), withRedirectUrl(hostile), withRedirectUrl(hostile));

  it("back, next, the popup URLs and the login and registration targets stay on the site", () => {
    fc.assert(
      fc.property(returnTo, fc.constantFrom("en", "es", "ar", "xx"), (value, accountLocale) => {
        const { back, next } = authTargets(value);
        expectOnSite(back);
        expectOnSite(next);
        expectOnSite(withPopup(back, "twofa"));
        expectOnSite(withoutPopup(back));
        expectOnSite(afterSignInPath(next, accountLocale, locales, "en"));
        expectOnSite(afterRegistrationPath(back, "/", false));
        expectOnSite(afterRegistrationPath(back, "/", true));
      }),
      RUNS,
    );
  });

  it("a protected page's own redirectUrl comes back as that page", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,10}$/);
    const page = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/cashier/${s.join("/")}`);
    fc.assert(
      fc.property(page, (p) => {
        expect(authTargets(loginRedirect("/", p)).next).toBe(p);
      }),
    );
  });
});

describe("backUrl never leaves the origin", () => {
  it("the embedded forms' redirect stays on the site, and any backUrl it carries reads back safely", () => {
    fc.assert(
      fc.property(anything, fc.constantFrom("sign_in", "sign_up"), (backUrl, mode) => {
        const message = redirectMessage(ORIGIN, "/", backUrl, mode as "sign_in" | "sign_up");
        const url = new URL(message.url);
        expect(url.origin).toBe(ORIGIN);
        expectOnSite(safeRedirectPath(url.searchParams.get("backUrl"), "/"));
      }),
      RUNS,
    );
  });
});

describe("the holes this test found stay closed", () => {
  it.each([
    ["/.//evil.example", "dot segment before a double slash"],
    ["/%2e%2e//evil.example", "encoded dot segment"],
    ["/./\t/evil.example", "tab inside the double slash"],
    ["/es//evil.example", "locale prefix stripped by the login redirect"],
  ])("%s (%s)", (value) => {
    expectOnSite(safeRedirectPath(value));
    expectOnSite(afterSignInPath(authTargets(`/?redirectUrl=${encodeURIComponent(value)}`).next, "en", locales, "en"));
  });
});

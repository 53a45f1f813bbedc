import { describe, expect, it } from "vitest";
import type { Locale } from "../../../core/api/entities";
import { alternateLinks, detectLocale, localizePath, matchBrowserLocale, parseAcceptLanguage, splitLocalePath, switchLocaleHref } from "./locale";

const locales: Locale[] = [
  { code: "en", name: "English", icon: "", dir: "ltr", isDefault: true },
  { code: "es", name: "Español", icon: "", dir: "ltr", isDefault: false },
  { code: "pt-BR", name: "Português", icon: "", dir: "ltr", isDefault: false },
  { code: "ar", name: "العربية", icon: "", dir: "rtl", isDefault: false },
];

describe("locale paths", () => {
  it("reads a locale prefix and the path under it", () => {
    expect(splitLocalePath("/es/about", locales, "en")).toEqual({ locale: "es", prefixed: true, basePath: "/about" });
    expect(splitLocalePath("/ar", locales, "en")).toEqual({ locale: "ar", prefixed: true, basePath: "/" });
  });
  it("treats an unknown first segment as part of the path", () => {
    expect(splitLocalePath("/about", locales, "en")).toEqual({ locale: "en", prefixed: false, basePath: "/about" });
    expect(splitLocalePath("/xx/gamehall", locales, "en")).toMatchObject({ prefixed: false, basePath: "/xx/gamehall" });
  });
  it("leaves the default locale unprefixed", () => {
    expect(localizePath("/about", "en", "en")).toBe("/about");
    expect(localizePath("/about", "es", "en")).toBe("/es/about");
    expect(localizePath("/", "ar", "en")).toBe("/ar");
  });

  it("never turns a base path from the request into another host", () => {
    // '/es//evil.example' has the base '//evil.example'; in the default locale that was the link.
    expect(localizePath("//evil.example", "en", "en")).toBe("/evil.example");
    expect(localizePath("///evil.example/x", "es", "en")).toBe("/es/evil.example/x");
  });
});

describe("locale detection: URL, then cookie, then browser", () => {
  const base = { locales, defaultLocale: "en" };
  it("prefers the URL prefix", () => {
    expect(detectLocale({ ...base, pathname: "/ar/x", cookie: "es", acceptLanguage: "pt-BR" })).toEqual({ locale: "ar", source: "url" });
  });
  it("then the cookie, ignoring unknown cookie values", () => {
    expect(detectLocale({ ...base, pathname: "/", cookie: "es", acceptLanguage: "ar" })).toEqual({ locale: "es", source: "cookie" });
    expect(detectLocale({ ...base, pathname: "/", cookie: "klingon", acceptLanguage: "ar" })).toEqual({ locale: "ar", source: "browser" });
  });
  it("then browser languages by quality, matching a base language", () => {
    expect(parseAcceptLanguage("fr;q=0.4, pt;q=0.9, *;q=0.1, de")).toEqual(["de", "pt", "fr"]);
    expect(matchBrowserLocale("fr-FR, pt-PT;q=0.8", locales)).toBe("pt-BR");
    expect(matchBrowserLocale("fr, de", locales)).toBeUndefined();
  });
  it("falls back to the default", () => {
    expect(detectLocale({ ...base, pathname: "/", acceptLanguage: "" })).toEqual({ locale: "en", source: "default" });
  });
});

describe("alternate links", () => {
  it("lists every locale and an x-default pointing at the default locale", () => {
    expect(alternateLinks("https://c.example", "/faq", locales, "en")).toEqual([
      { hrefLang: "en", href: "https://c.example/faq" },
      { hrefLang: "es", href: "https://c.example/es/faq" },
      { hrefLang: "pt-BR", href: "https://c.example/pt-BR/faq" },
      { hrefLang: "ar", href: "https://c.example/ar/faq" },
      { hrefLang: "x-default", href: "https://c.example/faq" },
    ]);
  });
});

describe("language switcher links", () => {
  it("name the choice on the default locale's root, which otherwise follows the cookie back", () => {
    expect(switchLocaleHref("/", "", "en", "en")).toBe("/?lang=en");
    expect(switchLocaleHref("/", "?ref=mail", "en", "en")).toBe("/?ref=mail&lang=en");
  });
  it("are the page's own URL everywhere else", () => {
    expect(switchLocaleHref("/", "", "es", "en")).toBe("/es");
    expect(switchLocaleHref("/about", "", "en", "en")).toBe("/about");
    expect(switchLocaleHref("/gamehall", "?category=slots", "ar", "en")).toBe("/ar/gamehall?category=slots");
  });
});

import { describe, expect, it } from "vitest";
import { i18nFor } from "./i18n.server";

describe("i18nFor", () => {
  const bundle = { lobby: { count: "Showing {{shown}} of {{total}} games" }, title: "Casino" };

  it("translates with the bundle's words and placeholders", () => {
    const t = i18nFor("en", bundle).t;
    expect(t("title")).toBe("Casino");
    expect(t("lobby.count", { shown: 24, total: 3301 })).toBe("Showing 24 of 3301 games");
    expect(t("missing.key")).toBe("missing.key");
  });

  it("builds one instance per bundle and locale, not one per request", () => {
    expect(i18nFor("en", bundle)).toBe(i18nFor("en", bundle));
    expect(i18nFor("es", bundle)).not.toBe(i18nFor("en", bundle));
  });

  it("a new bundle (the site cache refreshed it) gets a new instance with its words", () => {
    const edited = { title: "Casino Royale" };
    expect(i18nFor("en", edited)).not.toBe(i18nFor("en", bundle));
    expect(i18nFor("en", edited).t("title")).toBe("Casino Royale");
    expect(i18nFor("en", bundle).t("title")).toBe("Casino");
  });

  it("remembers texts per key and values: the same key with other values answers its own text", () => {
    const { t } = i18nFor("en", bundle);
    expect(t("lobby.count", { shown: 24, total: 3301 })).toBe("Showing 24 of 3301 games");
    expect(t("lobby.count", { shown: 48, total: 12 })).toBe("Showing 48 of 12 games");
    expect(t("lobby.count", { shown: 24, total: 3301 })).toBe("Showing 24 of 3301 games");
  });

  it("stays right past the number of texts it remembers (any search text makes a new title)", () => {
    const { t } = i18nFor("en", { results: "Results for {{query}}" });
    for (let i = 0; i < 1200; i++) expect(t("results", { query: `q${i}` })).toBe(`Results for q${i}`);
    expect(t("results", { query: "q7" })).toBe("Results for q7");
  });
});

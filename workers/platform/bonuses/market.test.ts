import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { JURISDICTIONS, PROFILES } from "../../../core/jurisdictions";
import { barredFromBonuses, marketSql, requiredSql } from "./market";

/** The market rules as SQL (market.ts) agree with the profiles, run on SQLite for every country and site. */
const db = new DatabaseSync(":memory:");
const value = (sql: string, country: string | null) =>
  (db.prepare(`SELECT ${sql.replaceAll("u.country_code", "?")} AS v`).get(...(sql.includes("u.country_code") ? [country] : [])) as { v: unknown }).v;

describe("a rule's value for a player, as SQL", () => {
  const countries = ["GB", "gb", "CA", "DE", "NL", "SE", "US", "", null];
  for (const site of JURISDICTIONS) {
    it(`on a site under ${site}: each country's profile, else the site's`, () => {
      for (const country of countries) {
        const id = { GB: "uk", CA: "on", DE: "de", NL: "nl", SE: "se" }[String(country).toUpperCase()] ?? site;
        expect(
          value(
            marketSql("u.country_code", site, (p) => p.bonuses.maxWagerMultiplier),
            country,
          ),
        ).toBe(PROFILES[id as keyof typeof PROFILES].bonuses.maxWagerMultiplier);
      }
    });
  }

  it("the wagering asked: the template's terms, or the cap × the bonus alone", () => {
    db.exec("CREATE TABLE IF NOT EXISTS t (wager_multiplier INTEGER, wager_base TEXT)");
    db.exec("DELETE FROM t; INSERT INTO t VALUES (35, 'deposit_bonus')");
    const required = (country: string) =>
      (db.prepare(`SELECT ${requiredSql("?1", "international", "5000", "1000")} AS v FROM t`).get(country) as { v: number }).v;
    expect(required("US")).toBe(35 * 6000);
    expect(required("GB")).toBe(10 * 1000);
  });
});

describe("the minimum age for a bonus", () => {
  const now = new Date("2026-12-01T12:00:00Z");
  it("bars a Dutch player under 24 and one of unknown age, from their birthday on no longer", () => {
    expect(barredFromBonuses(PROFILES.nl, "2002-12-02", now)).toBe(true);
    expect(barredFromBonuses(PROFILES.nl, "2002-12-01", now)).toBe(false);
    expect(barredFromBonuses(PROFILES.nl, null, now)).toBe(true);
    expect(barredFromBonuses(PROFILES.uk, "2008-01-01", now)).toBe(false);
  });
});

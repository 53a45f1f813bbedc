import { describe, expect, it } from "vitest";
import { createT } from "../../lib/i18n/translate";
import { dayStart, defaultPeriod, exportFormSchema } from "./export-schema";

const schema = exportFormSchema(createT(undefined));
const errorsOf = (input: Record<string, string>) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the export form's period", () => {
  it("reads calendar days only", () => {
    expect(dayStart("2027-03-05")).toBe(Date.UTC(2027, 2, 5));
    for (const bad of ["2027-02-30", "2027-3-5", "yesterday", ""]) expect(dayStart(bad)).toBeNaN();
  });

  it("turns the days into a period from 00:00 of the first to the end of the last (UTC)", () => {
    const r = schema.parse({ from: "2026-01-01", to: "2026-01-31" });
    expect(r).toEqual({ from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 1, 1) - 1, idempotency_key: undefined });
  });

  it("defaults to the last 90 days, today included", () => {
    expect(defaultPeriod(Date.UTC(2026, 3, 1, 12))).toEqual({ from: "2026-01-01", to: "2026-04-01" });
    expect(schema.safeParse(defaultPeriod()).success).toBe(true);
  });

  it("refuses a reversed period, one over 366 days, a future start and missing days", () => {
    expect(errorsOf({ from: "2026-02-01", to: "2026-01-01" })).toEqual({ to: "profileGames.exports.errors.order" });
    expect(errorsOf({ from: "2024-01-01", to: "2025-01-02" })).toEqual({ to: "profileGames.exports.errors.span" });
    expect(Object.keys(errorsOf({ from: "2099-01-01", to: "2099-01-02" }))).toEqual(["from"]);
    expect(Object.keys(errorsOf({ to: "2026-01-01" }))).toEqual(["from"]);
  });
});

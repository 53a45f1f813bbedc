import { describe, expect, it } from "vitest";
import { date, formatDate, latestBirthDate, parseDate } from "./rules-date";

describe("parseDate", () => {
  it("reads dd.mm.yyyy with . / - separators and ISO yyyy-mm-dd", () => {
    expect(parseDate("01.02.2000")).toEqual({ year: 2000, month: 2, day: 1 });
    expect(parseDate("1/2/2000")).toEqual({ year: 2000, month: 2, day: 1 });
    expect(parseDate("01-02-2000")).toEqual({ year: 2000, month: 2, day: 1 });
    expect(parseDate("2000-02-01")).toEqual({ year: 2000, month: 2, day: 1 });
    expect(parseDate(new Date(Date.UTC(2000, 1, 1)))).toEqual({ year: 2000, month: 2, day: 1 });
    expect(parseDate(new Date(Number.NaN))).toBeNull();
  });

  it("rejects days the calendar does not have", () => {
    expect(parseDate("29.02.2000")).not.toBeNull();
    expect(parseDate("29.02.2023")).toBeNull();
    expect(parseDate("29.02.1900")).toBeNull();
    expect(parseDate("31.04.2020")).toBeNull();
    expect(parseDate("00.01.2020")).toBeNull();
    expect(parseDate("01.13.2020")).toBeNull();
  });
});

describe("date rule", () => {
  it("wants a four-digit year", () => {
    expect(date("01.02.00")).toEqual({ key: "date" });
    expect(date("01.02.20000")).toEqual({ key: "date" });
    expect(date("01.02.2000")).toBeNull();
  });

  it("allows digits and separators only", () => {
    expect(date("01,02,2000")).toEqual({ key: "date" });
    expect(date("1st.02.2000")).toEqual({ key: "date" });
    expect(date("01.02.2000 ")).toBeNull();
    expect(date("")).toEqual({ key: "required" });
    expect(date("", { isRequired: false })).toBeNull();
  });

  it("stays within min and max, both inclusive", () => {
    const options = { min: "01.01.1900", max: "2007-06-15" };
    expect(date("31.12.1899", options)).toEqual({ key: "minValue", params: { min: "01.01.1900" } });
    expect(date("01.01.1900", options)).toBeNull();
    expect(date("15.06.2007", options)).toBeNull();
    expect(date("16.06.2007", options)).toEqual({ key: "maxValue", params: { max: "15.06.2007" } });
  });

  it("passes when not after a maximum date given as a Date", () => {
    const max = latestBirthDate(new Date(Date.UTC(2025, 5, 15)));
    expect(formatDate(max)).toBe("15.06.2007");
    expect(date("15.06.2007", { max })).toBeNull();
    expect(date("16.06.2007", { max: new Date(Date.UTC(2007, 5, 15)) })).toEqual({ key: "maxValue", params: { max: "15.06.2007" } });
  });

  it("maps a 29 February birthday to 28 February in a common year", () => {
    expect(latestBirthDate(new Date(Date.UTC(2024, 1, 29)), 18)).toEqual({ year: 2006, month: 2, day: 28 });
  });

  it("ignores bounds it cannot read", () => {
    expect(date("01.02.2000", { min: "yesterday", max: null })).toBeNull();
  });
});

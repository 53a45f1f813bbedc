import { describe, expect, it } from "vitest";
import { csvLine, majorUnits, textCell } from "./export-csv";

describe("the game history CSV", () => {
  it("writes minor units as major units with two decimals", () => {
    expect([majorUnits(0), majorUnits(5), majorUnits(1050), majorUnits(-300), majorUnits(123456789)]).toEqual(["0.00", "0.05", "10.50", "-3.00", "1234567.89"]);
  });

  it("quotes commas, quotes and line breaks, and guards formula-like text", () => {
    expect(textCell("Book of Ra")).toBe("Book of Ra");
    expect(textCell('Say "hi", now')).toBe('"Say ""hi"", now"');
    expect(textCell("two\nlines")).toBe('"two\nlines"');
    for (const s of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx"]) expect(textCell(s)).toBe(`'${s}`);
    expect(textCell("=A1,B1")).toBe(`"'=A1,B1"`);
  });

  it("writes one CRLF line per round, net = win - bet, the date in ISO 8601 UTC", () => {
    const line = csvLine({
      id: "r1",
      created_at: Date.UTC(2027, 2, 5, 9, 7, 1),
      sysname: "fruit",
      title: "Fruit, Deluxe",
      mode: "real",
      currency: "USD",
      bet: 100,
      win: 0,
    });
    expect(line).toBe('r1,2027-03-05T09:07:01.000Z,fruit,"Fruit, Deluxe",real,USD,1.00,0.00,-1.00\r\n');
  });
});

import { describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { formatMoney, formatMoneySql, totalBalance } from "./money";

describe("money (SPEC §9)", () => {
  it("puts thousands commas, two decimals only for fractions, the symbol before", () => {
    expect(formatMoney({ amount: 0, currency: "USD" })).toBe("$0");
    expect(formatMoney({ amount: 100000, currency: "EUR" })).toBe("€1,000");
    expect(formatMoney({ amount: 123456789, currency: "USD" })).toBe("$1,234,567.89");
    expect(formatMoney({ amount: 1050, currency: "BRL" })).toBe("R$10.50");
    expect(formatMoney({ amount: 5, currency: "USD" })).toBe("$0.05");
    expect(formatMoney({ amount: -250, currency: "USD" })).toBe("-$2.50");
  });
  it("shows the code for a currency without a symbol", () => {
    expect(formatMoney({ amount: 99900, currency: "CAD" })).toBe("CAD 999");
  });
  it("totals main, bonus and betting bonus, not the demo balance", () => {
    const m = (amount: number) => ({ amount, currency: "USD" });
    expect(totalBalance({ balance_main: m(1000), balance_bonus: m(250), balance_betting_bonus: m(5) })).toEqual(m(1255));
  });
});

describe("formatMoneySql", () => {
  it("says in SQL what formatMoney says", () => {
    const db = new DatabaseSync(":memory:");
    const read = db.prepare(`SELECT ${formatMoneySql("?1", "?2")} AS text`);
    for (const currency of ["USD", "EUR", "BRL", "GBP", "JPY"]) {
      for (const amount of [0, 5, 100, 1050, 123456, 100000000, -300, -123456]) {
        expect((read.get(amount, currency) as { text: string }).text, `${amount} ${currency}`).toBe(formatMoney({ amount, currency }));
      }
    }
  });
});

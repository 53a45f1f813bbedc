import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { CashierField } from "../../../core/api/entities-cashier";
import { field, rules } from "./cashier-test-fixtures";
import { toMinorUnits } from "../../../core/validation/amount";
import { amountOptions, cashierFormSchema, formFieldErrors, requisiteName, requisitesJson, unitsValue } from "./cashier-schema";
import { formatUnits } from "../../../core/money";

const card = [field("card_number", "card_number"), field("card_holder", "card_holder"), field("note", "text", false, "^[a-z]+$")];

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
}
const base = { method: "demo_card", idempotency_key: "0f8e2c8a-key" };
const parse = (entries: Record<string, string>, fields: CashierField[] = []) =>
  parseWithZod(form({ ...base, ...entries }), { schema: cashierFormSchema({ rules, fields }) });

describe("amounts in whole units", () => {
  it("shows minor units as the player reads them", () => {
    expect(formatUnits(1000)).toBe("10");
    expect(formatUnits(100000000)).toBe("1,000,000");
    expect(formatUnits(1050)).toBe("10.50");
    expect(unitsValue(100000)).toBe("1000");
    expect(amountOptions(rules)).toEqual({ min: "10", max: "1,000,000", step: "5", decimals: 0 });
    expect(amountOptions({ ...rules, step: 0 }).step).toBeUndefined();
  });

  it("accepts a whole amount within the bounds and a multiple of the step", () => {
    const s = parse({ amount: "250000" });
    expect(s.status).toBe("success");
    expect(s.status === "success" && toMinorUnits(s.value.amount!, 2)).toBe(25000000);
  });

  it.each([
    ["5", "Amount must be between 10 and 1,000,000"],
    ["2000000", "Amount must be between 10 and 1,000,000"],
    ["12", "Value is not multiple of 5"],
    ["abc", "Wrong field value"],
    ["010", "Wrong field value"],
    ["10.5", "Wrong field value"],
    ["1,000", "Wrong field value"],
    ["", "Field is required"],
  ])("refuses %j with %j", (amount, message) => {
    const s = parse({ amount });
    expect(s.status).toBe("error");
    expect(s.reply().error?.amount).toEqual([message]);
  });

  it("keeps the entered values in the reply", () => {
    expect(parse({ amount: "12" }).reply().initialValue).toMatchObject({ amount: "12", method: "demo_card" });
  });

  it("uses the locale's validation texts when given", () => {
    const schema = cashierFormSchema({ rules, fields: [], overrides: { sumRange: "Entre $$min$$ y $$max$$" } });
    const s = parseWithZod(form({ ...base, amount: "1" }), { schema });
    expect(s.reply().error?.amount).toEqual(["Entre 10 y 1,000,000"]);
  });

  it("refuses a missing or malformed idempotency key", () => {
    const s = parseWithZod(form({ method: "demo_card", amount: "100" }), { schema: cashierFormSchema({ rules, fields: [] }) });
    expect(s.reply().error?.idempotency_key).toBeDefined();
  });
});

describe("requisites", () => {
  it("checks each requisite by its type, as req_<sysname>", () => {
    const s = parse({ amount: "100", req_card_number: "4111 1111 1111 1112", req_card_holder: "J0hn!", req_note: "ABC" }, card);
    const error = s.reply().error!;
    expect(error.req_card_number).toEqual(["Wrong card number"]);
    expect(error.req_card_holder).toBeDefined();
    expect(error.req_note).toEqual(["Wrong field value"]);
  });

  it("lets optional requisites stay empty and sends the filled ones as JSON", () => {
    const s = parse({ amount: "100", req_card_number: "4111 1111 1111 1111", req_card_holder: "John Smith", req_note: "" }, card);
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(JSON.parse(requisitesJson(s.value, card)!)).toEqual({ card_number: "4111111111111111", card_holder: "John Smith" });
    expect(requisitesJson({}, card)).toBeUndefined();
  });

  it("requires a bank to be chosen and checks an IBAN with mod-97", () => {
    const fields = [field("bank", "bank"), field("iban", "iban")];
    const bad = parse({ amount: "100", req_bank: "", req_iban: "DE89370400440532013001" }, fields).reply().error!;
    expect(bad.req_bank).toEqual(["Field is required"]);
    expect(bad.req_iban).toEqual(["Wrong iban"]);
    expect(parse({ amount: "100", req_bank: "b1", req_iban: "DE89 3704 0044 0532 0130 00" }, fields).status).toBe("success");
  });

  it("maps the platform's field errors onto the form", () => {
    expect(
      formFieldErrors({ amount: ["Too small"], "requisites.card_number": ["Card refused"], card_holder: ["No"], requisites: ["Bad"], method: ["Gone"] }, card),
    ).toEqual({
      fieldErrors: { amount: ["Too small"], [requisiteName("card_number")]: ["Card refused"], req_card_holder: ["No"] },
      formErrors: ["Bad", "Gone"],
    });
  });
});

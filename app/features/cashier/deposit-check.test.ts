import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { CashierField } from "../../../core/api/entities-cashier";
import { field, rules } from "./cashier-test-fixtures";
import { checkDeposit } from "./deposit-check";
import { depositFormSchema } from "./cashier-schema";

const ALL: CashierField[] = [
  field("card_number", "card_number"),
  field("card_holder", "card_holder"),
  field("iban", "iban", false),
  field("phone", "phone", false),
  field("email", "email"),
  field("bank", "bank"),
  field("note", "text", false, "^[a-z]+$"),
  field("ref", "text", true, null),
];
const OPTIONAL_CARD: CashierField[] = [
  field("card_number", "card_number", false),
  field("email", "email", false),
  field("iban", "iban", true),
  field("phone", "phone", true),
];

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries({ method: "demo_card", idempotency_key: "0f8e2c8a-key", ...fields })) f.append(k, v);
  return f;
};

/** The action's errors for these values (Conform + Zod, as deposit.server.ts parses them). */
const serverErrors = (values: Record<string, string>, fields: CashierField[], overrides = {}) => {
  const reply = parseWithZod(form(values), { schema: depositFormSchema({ rules, fields, overrides }) }).reply();
  return Object.fromEntries(Object.entries(reply.error ?? {}).filter(([, v]) => v?.length));
};

const AMOUNTS = ["", " ", "5", "10", "12", "250000", "2000000", "abc", "010", "10.5", "1,000", " 100 "];
const REQUISITES: Array<Record<string, string>> = [
  {},
  { req_card_number: "", req_card_holder: "", req_iban: "", req_phone: "", req_email: "", req_bank: "", req_note: "", req_ref: "" },
  { req_card_number: "4111 1111 1111 1111", req_card_holder: "John Smith", req_email: "a@b.io", req_bank: "3", req_ref: "x" },
  {
    req_card_number: "4111 1111 1111 1112",
    req_card_holder: "J0hn!",
    req_iban: "DE89370400440532013001",
    req_phone: "12",
    req_email: "nope",
    req_bank: " ",
    req_note: "ABC",
    req_ref: " ",
  },
  {
    req_card_number: "  ",
    req_card_holder: "  ",
    req_iban: " DE89 3704 0044 0532 0130 00 ",
    req_phone: "+49 (151) 234-5678",
    req_email: " a@b.io ",
    req_note: "abc",
  },
  {
    req_card_number: "4111-1111-1111-1111",
    req_card_holder: "x".repeat(200),
    req_iban: "GB00",
    req_phone: "1".repeat(20),
    req_email: `${"a".repeat(250)}@x.io`,
  },
];

describe("the deposit form's browser check", () => {
  it("answers the action's errors for the amount, word for word", () => {
    for (const amount of AMOUNTS) expect(checkDeposit(form({ amount }), { rules, fields: [] }), JSON.stringify(amount)).toEqual(serverErrors({ amount }, []));
  });

  it("answers the action's errors for every kind of requisite, required or not", () => {
    for (const fields of [ALL, OPTIONAL_CARD])
      for (const values of REQUISITES) {
        const v = { amount: "100", ...values };
        expect(checkDeposit(form(v), { rules, fields }), JSON.stringify(v)).toEqual(serverErrors(v, fields));
      }
  });

  it("speaks the locale's texts, as the action does", () => {
    const overrides = { required: "Pflichtfeld", wrongField: "Falscher Wert" };
    const v = { amount: "abc", req_card_holder: "" };
    const fields = [field("card_holder", "card_holder")];
    expect(checkDeposit(form(v), { rules, fields, overrides })).toEqual(serverErrors(v, fields, overrides));
    expect(checkDeposit(form(v), { rules, fields, overrides }).amount).toEqual(["Falscher Wert"]);
  });
});

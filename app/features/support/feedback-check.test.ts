import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { checkFeedback } from "./feedback-check";
import { feedbackSchema } from "./feedback-schema";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

/** The action's errors for these values (Conform + Zod, as support.server.ts parses them). */
const serverErrors = (fields: Record<string, string>, visitor: boolean, overrides = {}) => {
  const submission = parseWithZod(form(fields), { schema: feedbackSchema(overrides, { visitor }) });
  const reply = submission.reply();
  return Object.fromEntries(Object.entries(reply.error ?? {}).filter(([, v]) => v?.length));
};

const CASES: Array<Record<string, string>> = [
  {},
  { topic: "", name: "", email: "", message: "" },
  { topic: "deposits", name: "Vera", email: "vera@example.com", message: "My withdrawal is late." },
  { topic: "Bad Topic!", name: "Vera", email: "vera@example.com", message: "My withdrawal is late." },
  { topic: "deposits", name: "   ", email: "  ", message: "          " },
  { topic: "deposits", name: "x".repeat(101), email: "not-an-email", message: "Too short" },
  { topic: "deposits", name: "Vera", email: "a@localhost", message: "x".repeat(2001) },
  { topic: "deposits", name: "", email: "", message: "Ten chars!" },
  { topic: "deposits", name: "Vera", email: ` ${"a".repeat(250)}@x.io`, message: "Hello there, support" },
  { topic: "deposits", name: "😀".repeat(100), email: "a.b+tag@mail.example.com", message: "😀".repeat(10) },
];

describe("the support form's browser check", () => {
  for (const visitor of [true, false]) {
    it(`answers the action's errors, word for word (${visitor ? "a visitor" : "a player"})`, () => {
      for (const fields of CASES) expect(checkFeedback(form(fields), undefined, { visitor }), JSON.stringify(fields)).toEqual(serverErrors(fields, visitor));
    });
  }

  it("speaks the locale's texts, as the action does", () => {
    const overrides = { required: "Pflichtfeld", minLength: "Mindestens {min} Zeichen", email: "Keine E-Mail" };
    const fields = { topic: "", name: "", email: "x", message: "kurz" };
    expect(checkFeedback(form(fields), overrides, { visitor: true })).toEqual(serverErrors(fields, true, overrides));
    expect(checkFeedback(form(fields), overrides, { visitor: true }).message).toEqual(["Mindestens 10 Zeichen"]);
  });
});

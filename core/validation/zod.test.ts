import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { createFields, fields } from "./zod";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
}

const SignIn = z.object({ login: fields.login(), password: fields.password(), code: fields.code() });

describe("field builders", () => {
  it("compose a form schema and output normalised values", () => {
    const result = SignIn.safeParse({ login: " +79161234567 ", password: "secret1", code: "123 456" });
    expect(result.success && result.data).toEqual({ login: "79161234567", password: "secret1", code: "123456" });
  });

  it("put the formatted default text in the message and the key with params in params", () => {
    const result = SignIn.safeParse({ login: "", password: "abc", code: "12" });
    expect(result.success).toBe(false);
    const issues = result.error!.issues;
    expect(issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["login", "Field is required"],
      ["password", "Min length is 6"],
      ["code", "The code must contain 6 digits"],
    ]);
    expect(issues[1]).toMatchObject({ code: "custom", params: { key: "minLength", min: 6 } });
  });

  it("report a missing value as required", () => {
    const result = SignIn.safeParse({});
    expect(result.error!.issues.map((i) => i.message)).toEqual(Array(3).fill("Field is required"));
    expect(fields.email().safeParse(5).error!.issues[0]!.message).toBe("Wrong field value");
  });

  it("use the overrides given to createFields, with default fallback", () => {
    const es = createFields({ required: "Obligatorio", minLength: "Mínimo {min}" });
    const schema = z.object({ login: es.login(), password: es.password(), email: es.email() });
    const result = schema.safeParse({ login: "", password: "abc", email: "x" });
    expect(result.error!.issues.map((i) => i.message)).toEqual(["Obligatorio", "Mínimo 6", "Wrong email address"]);
  });

  it("make isRequired: false fields optional", () => {
    const schema = z.object({ middle_name: fields.middleName({ isRequired: false }), last_name: fields.lastName() });
    expect(schema.safeParse({ last_name: "Bērziņš2" }).success).toBe(true);
    expect(schema.safeParse({ middle_name: "", last_name: "Smith" }).success).toBe(true);
    expect(schema.safeParse({ middle_name: "M4", last_name: "Smith" }).error!.issues[0]!.message).toBe("Wrong field value");
  });

  it("type isRequired: false fields (and a hidden promo code) as optional", () => {
    const flexible = (required: boolean) => fields.text({ isRequired: required });
    const schema = z.object({
      a: fields.middleName({ isRequired: false }),
      b: fields.lastName(),
      c: fields.lastName({ isRequired: true }),
      d: fields.promoCode({ shown: false }),
      e: fields.promoCode(),
      f: fields.terms(true),
      g: flexible(false),
      h: fields.custom({ regex: "^x$", isRequired: false }),
      i: fields.custom({ regex: /^x$/ }),
      j: fields.custom(),
      k: fields.custom({ regex: "^x$", isRequired: true }),
    });
    expectTypeOf<z.output<typeof schema>>().toEqualTypeOf<{
      a?: string | undefined;
      b: string;
      c: string;
      d?: string | undefined;
      e: string;
      f: boolean;
      g: string | undefined;
      h?: string | undefined;
      i?: string | undefined;
      j: string;
      k: string;
    }>();
    expect(schema.safeParse({ b: "B", c: "C", e: "E", f: "on", j: "J", k: "x" }).success).toBe(true);
  });

  it("build sum, phone, iban, terms and custom fields", () => {
    expect(fields.sum({ min: "1,000", max: "5,000", step: 100 }).safeParse("950").error!.issues[0]!.message).toBe("Amount must be between 1,000 and 5,000");
    expect(fields.sum({ step: 0.5 }).safeParse("2.3").error!.issues[0]!.message).toBe("Value is not multiple of 0.5");
    expect(fields.phone({ mask: "(###) ###-##-##" }).parse("(916) 123-45-67")).toBe("9161234567");
    expect(fields.phone({ mask: "(###) ###-##-##" }).safeParse("916").error!.issues[0]!.message).toBe("Wrong phone number");
    expect(fields.iban().parse("gb29 nwbk 6016 1331 9268 19")).toBe("GB29NWBK60161331926819");
    expect(fields.iban().safeParse("GB29NWBK60161331926818").error!.issues[0]!.message).toBe("Wrong iban");
    expect(fields.terms(true).parse("on")).toBe(true);
    expect(fields.terms(true).safeParse(undefined).error!.issues[0]!.message).toBe("Please accept the terms and conditions");
    expect(fields.terms(false).parse(undefined)).toBe(false);
    expect(fields.custom({ regex: "^\\d{11}$" }).parse(undefined)).toBeUndefined();
    expect(fields.custom({ regex: "^\\d{11}$" }).safeParse("123").error!.issues[0]!.message).toBe("Wrong field value");
    expect(fields.custom().safeParse("").error!.issues[0]!.message).toBe("Field is required");
    expect(fields.checkbox().safeParse("off").success).toBe(false);
    expect(fields.cardNumber().parse("4111 1111 1111 1111")).toBe("4111111111111111");
    expect(fields.date({ max: "2007-06-15" }).safeParse("16.06.2007").error!.issues[0]!.message).toBe("Max value is 15.06.2007");
  });

  it("check that passwords match on the repeat field, even when other fields fail", () => {
    const schema = fields.withPasswordRepeat(z.object({ email: fields.email(), password: fields.password(), password_repeat: fields.passwordRepeat() }));
    const result = schema.safeParse({ email: "bad", password: "secret1", password_repeat: "secret2" });
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["email", "Wrong email address"],
      ["password_repeat", "Passwords do not match"],
    ]);
    expect(schema.safeParse({ email: "a@b.io", password: "secret1", password_repeat: "secret1" }).success).toBe(true);
    expect(schema.safeParse({ email: "a@b.io", password: "secret1" }).error!.issues.map((i) => i.message)).toEqual(["Field is required"]);
  });
});

describe("with Conform (@conform-to/zod/v4)", () => {
  const Registration = fields.withPasswordRepeat(
    z.object({
      email: fields.email(),
      password: fields.password(),
      password_repeat: fields.passwordRepeat(),
      first_name: fields.firstName(),
      middle_name: fields.middleName({ isRequired: false }),
      sex: fields.sex(),
      terms: fields.terms(true),
      notify: fields.flag(),
    }),
  );

  it("reports empty inputs as required and unchecked terms", () => {
    const submission = parseWithZod(form({ email: "", password: "", password_repeat: "", first_name: "", middle_name: "", sex: "" }), {
      schema: Registration,
    });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      email: ["Field is required"],
      password: ["Field is required"],
      password_repeat: ["Field is required"],
      first_name: ["Field is required"],
      sex: ["Field is required"],
      terms: ["Please accept the terms and conditions"],
    });
  });

  it("parses a valid submission", () => {
    const submission = parseWithZod(
      form({ email: " a@b.io ", password: "secret1", password_repeat: "secret1", first_name: "Jānis", middle_name: "", sex: "1", terms: "on" }),
      { schema: Registration },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      email: "a@b.io",
      password: "secret1",
      password_repeat: "secret1",
      first_name: "Jānis",
      sex: "1",
      terms: true,
      notify: false,
    });
  });

  it("lists offending password characters and a mismatch", () => {
    const submission = parseWithZod(form({ email: "a@b.io", password: "пароль1", password_repeat: "x", first_name: "Anna", sex: "2", terms: "on" }), {
      schema: Registration,
    });
    expect(submission.reply().error).toEqual({
      password: ["Forbidden characters: п а р о л ь"],
      password_repeat: ["Passwords do not match"],
    });
  });

  it("derives the input constraints Conform puts on the fields", () => {
    const constraint = getZodConstraint(Registration);
    expect(constraint.email?.required).toBe(true);
    expect(constraint.middle_name?.required).toBeFalsy();
  });
});

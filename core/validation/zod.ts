/**
 * Zod field builders on top of the rules, for the one-schema-per-form convention (DESIGN §4):
 *
 *   const SignInSchema = z.object({ login: fields.login(), password: fields.password() });
 *   parseWithZod(formData, { schema: SignInSchema }) // @conform-to/zod/v4, client and server
 *
 * Issue convention: `message` is the FORMATTED TEXT (default text, or the override passed to
 * `createFields`), so Conform can show `field.errors` as they are; `params` carries the message
 * `key` and its params (e.g. `{ key: "minLength", min: 6 }`) for anyone who wants to translate.
 * Build `createFields(overrides)` with the site's validator messages (or a locale's texts) to get
 * the same texts in the browser and in the action.
 *
 * Conform turns an empty input into `undefined`; every builder reports that as `required`, and
 * fields built with `isRequired: false` are `.optional()`. Normalising builders (login, code,
 * phone, iban, card number, trimmed text) output the normalised value.
 */
import { z } from "zod";
import { formatMessage, type MessageOverrides } from "./messages";
import type { RuleResult, ValidationError } from "./core";
import * as r from "./rules";

type Optionality = { isRequired?: boolean };
/** No options given: a required field. */
type NoOptions = Record<never, never>;
/** `isRequired: false` → optional output; an unknown boolean → either. */
export type FieldOf<O, S extends z.ZodType> = O extends { isRequired: false }
  ? z.ZodOptional<S>
  : O extends { isRequired: true } | { isRequired?: undefined }
    ? S
    : S | z.ZodOptional<S>;
/** A custom field is optional when it has a regex, unless `isRequired` says otherwise. */
type CustomFieldOf<O> = O extends { isRequired: boolean }
  ? FieldOf<O, z.ZodString>
  : O extends { regex: RegExp | string }
    ? z.ZodOptional<z.ZodString>
    : O extends { regex?: null | undefined }
      ? z.ZodString
      : z.ZodString | z.ZodOptional<z.ZodString>;

export function createFields(overrides?: MessageOverrides) {
  const text = (e: ValidationError) => formatMessage(e.key, e.params, overrides);

  function issue(e: ValidationError, input: unknown): z.core.$ZodRawIssue {
    return { code: "custom", message: text(e), params: { ...e.params, key: e.key }, input };
  }

  /** A string field checked by a rule, after an optional normaliser. */
  function ruled(rule: (value: string) => RuleResult, normalize?: (value: string) => string): z.ZodString {
    const base = z.string({
      error: (iss) => text({ key: iss.input === undefined || iss.input === null ? "required" : "wrongField" }),
    });
    return (normalize ? base.overwrite(normalize) : base).check((ctx) => {
      const e = rule(ctx.value);
      if (e) ctx.issues.push(issue(e, ctx.value));
    });
  }

  function optionalUnless<O extends Optionality>(schema: z.ZodString, options: O | undefined): FieldOf<O, z.ZodString> {
    return (options?.isRequired === false ? schema.optional() : schema) as FieldOf<O, z.ZodString>;
  }

  /** A checkbox: "on"/true/"1" is checked, absent is not; outputs a boolean. */
  function box(rule: (checked: boolean) => RuleResult) {
    // A preprocess (not unknown().transform()) so Zod 4 accepts the key being absent.
    return z.preprocess(
      (value) => r.isTruthy(value),
      z.boolean().check((ctx) => {
        const e = rule(ctx.value);
        if (e) ctx.issues.push(issue(e, ctx.value));
      }),
    );
  }

  const trim = (v: string) => v.trim();

  /** A builder for a field with an `isRequired` option: `isRequired: false` makes it optional. */
  function optionalField<Base extends Optionality>(rule: (value: string, options?: Base) => RuleResult, normalize?: (value: string) => string) {
    type Required = Base & { isRequired?: undefined };
    return <O extends Base = Required>(options?: O) =>
      optionalUnless(
        ruled((v) => rule(v, options), normalize),
        options,
      );
  }

  return {
    login: () => ruled(r.login, r.normalizeLogin),
    password: (options?: r.PasswordOptions) => ruled((v) => r.password(v, options)),
    /** Required only; pair it with `withPasswordRepeat` on the object for the equality check. */
    passwordRepeat: () => ruled((v) => (v === "" ? { key: "required" } : null)),
    code: (options?: { length?: number }) => ruled((v) => r.code(v, options), r.normalizeCode),
    email: () => ruled(r.email, trim),
    fakename: (options?: { min?: number; max?: number }) => ruled((v) => r.fakename(v, options), trim),
    /** Optional when the field is hidden (`shown: false`), else at least one character. */
    promoCode: <O extends { shown?: boolean } = NoOptions>(options?: O) =>
      optionalUnless(
        ruled((v) => r.promoCode(v, options), trim),
        { isRequired: options?.shown !== false },
      ) as FieldOf<
        O extends { shown: false } ? { isRequired: false } : O extends { shown: true } | { shown?: undefined } ? NoOptions : { isRequired: boolean },
        z.ZodString
      >,
    firstName: optionalField<r.NameOptions>(r.firstName, trim),
    middleName: optionalField<r.NameOptions>(r.middleName, trim),
    lastName: optionalField<r.NameOptions>(r.lastName, trim),
    address: optionalField<r.NameOptions>(r.address, trim),
    cardHolder: optionalField<r.NameOptions>(r.cardHolder, trim),
    text: optionalField<r.TextOptions>(r.text, trim),
    postcode: optionalField<r.PostcodeOptions>(r.postcode, trim),
    date: optionalField<r.DateOptions>(r.date, trim),
    phone: optionalField<r.PhoneOptions>(r.phone, r.unmaskPhone),
    iban: optionalField<r.IbanOptions>(r.iban, r.normalizeIban),
    /** The regex when there is one (empty passes, so optional by default), else non-empty. */
    custom: <O extends r.CustomOptions = NoOptions>(options?: O) => {
      const isRequired = options?.isRequired ?? !options?.regex;
      return optionalUnless(
        ruled((v) => r.custom(v, options)),
        { isRequired },
      ) as CustomFieldOf<O>;
    },
    sex: () => ruled(r.sex, trim),
    sum: (options?: r.SumOptions) => ruled((v) => r.sum(v, options), trim),
    documentNumber: (options?: { pattern?: RegExp | string | null }) => ruled((v) => r.documentNumber(v, options), trim),
    cardNumber: () => ruled(r.cardNumber, r.normalizeCardNumber),
    checkbox: () => box(r.checkbox),
    /** An optional box (e.g. notify): never fails, outputs whether it is checked. */
    flag: () => box(() => null),
    /** The terms box: must be checked while the terms option is active; always outputs a boolean. */
    terms: (active = true) => box((v) => r.terms(v, { active })),

    /**
     * Adds the "passwords match" check to a form schema; the error lands on the repeat field.
     * It runs even when other fields have errors, so both messages show at once.
     */
    withPasswordRepeat<S extends z.ZodObject>(schema: S, passwordField = "password", repeatField = "password_repeat"): S {
      const fieldsOf = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});
      return schema.superRefine(
        (value, ctx) => {
          const v = fieldsOf(value);
          const e = r.passwordRepeat(v[repeatField], { password: v[passwordField] });
          if (e?.key === "passwordsMismatch") ctx.addIssue({ ...issue(e, v[repeatField]), path: [repeatField] });
        },
        { when: (payload) => typeof fieldsOf(payload.value)[repeatField] === "string" },
      );
    },
  };
}

export type Fields = ReturnType<typeof createFields>;

/** The builders with the default messages. */
export const fields: Fields = createFields();

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { AccountInfo } from "../../../../core/api/entities";
import { PlatformError } from "../../../../core/api/errors";
import { GENERAL_ERROR_KEY, registrationMachine, withValidation, type RegistrationInput, type RegistrationValidator } from "./registration.machine";
import type { PersonalData, PersonalField, RegistrationParams } from "./registration-fields";

const account = { uid: 9, login: "new@example.com" } as AccountInfo;

const field = (sysname: string, is_required: boolean, is_visible = true): PersonalField => ({
  sysname,
  type: "input",
  attrs: { label: sysname },
  options: {},
  params: { is_visible, is_required },
});

function personalData(country: string, over: Partial<PersonalData> = {}): PersonalData {
  return {
    country_code: country,
    countries: [
      { code: "DE", name: "Germany" },
      { code: "BR", name: "Brazil" },
    ],
    fields: [field("email", true), field("password", true), field("first_name", false), field("mobile", true), field("secret_field", false, false)],
    regions: [
      { id: `${country}-1`, name: "First" },
      { id: `${country}-2`, name: "Second" },
    ],
    document_types: [
      { id: `${country}-passport`, name: "Passport" },
      { id: "id_card", name: "ID card" },
    ],
    currency: {
      rule: "first",
      list: [
        { id: "EUR", name: "Euro" },
        { id: "USD", name: "Dollar" },
      ],
    },
    ...over,
  };
}

function start(opts: {
  input?: RegistrationInput;
  load?: (country: string) => Promise<PersonalData>;
  register?: (params: RegistrationParams) => Promise<AccountInfo>;
  validate?: RegistrationValidator;
}) {
  const loads: string[] = [];
  const sent: RegistrationParams[] = [];
  const spies = {
    saveDraft: vi.fn<(draft: Record<string, string>) => void>(),
    trackSignUp: vi.fn<(account: AccountInfo) => void>(),
    trackSignUpError: vi.fn<(code: string) => void>(),
    clearDraft: vi.fn<() => void>(),
    clearBettingMark: vi.fn<() => void>(),
    clearPromoCode: vi.fn<() => void>(),
  };
  const base = opts.validate ? withValidation(opts.validate) : registrationMachine;
  const machine = base.provide({
    actors: {
      loadPersonalFields: fromPromise<PersonalData, { country_code: string }>(({ input }) => {
        loads.push(input.country_code);
        return (opts.load ?? (async (c) => personalData(c)))(input.country_code);
      }),
      register: fromPromise<AccountInfo, RegistrationParams>(({ input }) => {
        sent.push(input);
        return (opts.register ?? (async () => account))(input);
      }),
    },
    actions: {
      saveDraft: (_, params) => spies.saveDraft(params.draft),
      trackSignUp: (_, params) => spies.trackSignUp(params.account),
      trackSignUpError: (_, params) => spies.trackSignUpError(params.code),
      clearDraft: () => spies.clearDraft(),
      clearBettingMark: () => spies.clearBettingMark(),
      clearPromoCode: () => spies.clearPromoCode(),
    },
  });
  const actor = createActor(machine, { input: opts.input ?? { values: { country_code: "DE" } } });
  const invalid: string[] = [];
  actor.on("registration.invalid", (e) => invalid.push(e.field));
  actor.start();
  return { actor, loads, sent, spies, invalid, snap: () => actor.getSnapshot(), ctx: () => actor.getSnapshot().context };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Requires every visible required field to be non-blank. */
const requireVisible: RegistrationValidator = ({ values, fields }) =>
  Object.fromEntries(fields.filter((f) => f.required && !values[f.sysname]?.trim()).map((f) => [f.sysname, ["Field is required"]]));

describe("registration machine: personal fields per country", () => {
  it("loads the country's fields, then picks the first region, currency and document type", async () => {
    const { loads, snap, ctx } = start({});
    expect(snap().hasTag("loadingFields")).toBe(true);
    await settle();
    expect(loads).toEqual(["DE"]);
    expect(snap().matches({ editing: "ready" })).toBe(true);
    expect(ctx().values).toMatchObject({ country_code: "DE", region: "DE-1", currency: "EUR", document_type: "DE-passport" });
  });

  it("a country change refetches and resets region and document type to the first", async () => {
    const { actor, loads, ctx, spies } = start({});
    await settle();
    actor.send({ type: "field.change", name: "region", value: "DE-2" });
    actor.send({ type: "field.change", name: "document_type", value: "id_card" });
    actor.send({ type: "country.change", country_code: "BR" });
    await settle();
    expect(loads).toEqual(["DE", "BR"]);
    expect(ctx().values).toMatchObject({ country_code: "BR", region: "BR-1", document_type: "BR-passport" });
    expect(spies.saveDraft).toHaveBeenLastCalledWith(expect.objectContaining({ country_code: "BR", region: "BR-1" }));
  });

  it("only the latest country's answer counts", async () => {
    const answers = new Map<string, () => void>();
    const { actor, ctx } = start({
      load: (c) => new Promise((resolve) => answers.set(c, () => resolve(personalData(c)))),
    });
    answers.get("DE")!();
    await settle();
    actor.send({ type: "country.change", country_code: "BR" });
    actor.send({ type: "country.change", country_code: "LV" });
    answers.get("LV")!();
    await settle();
    answers.get("BR")!();
    await settle();
    expect(ctx().values.country_code).toBe("LV");
    expect(ctx().personalData?.country_code).toBe("LV");
  });

  it.each([
    ["first", "USD", "AUD"],
    ["empty", "USD", ""],
    ["keep", "USD", "USD"],
  ] as const)("currency rule %s: chosen %s becomes %s", async (rule, chosen, expected) => {
    const { actor, ctx } = start({
      load: async (c) =>
        c === "DE"
          ? personalData(c)
          : personalData(c, {
              currency: {
                rule,
                list: [
                  { id: "AUD", name: "A" },
                  { id: "USD", name: "U" },
                ],
              },
            }),
    });
    await settle();
    actor.send({ type: "field.change", name: "currency", value: chosen });
    actor.send({ type: "country.change", country_code: "AU" });
    await settle();
    expect(ctx().values.currency).toBe(expected);
  });

  it("keep falls back to the first currency when the chosen one is gone", async () => {
    const { actor, ctx } = start({
      load: async (c) => personalData(c, { currency: { rule: "keep", list: c === "DE" ? [{ id: "EUR", name: "E" }] : [{ id: "BRL", name: "R" }] } }),
    });
    await settle();
    actor.send({ type: "country.change", country_code: "BR" });
    await settle();
    expect(ctx().values.currency).toBe("BRL");
  });

  it("keeps the fields it had when a load fails", async () => {
    const { actor, snap, ctx } = start({ load: async (c) => (c === "DE" ? personalData(c) : Promise.reject(new Error("offline"))) });
    await settle();
    actor.send({ type: "country.change", country_code: "BR" });
    await settle();
    expect(snap().matches({ editing: "ready" })).toBe(true);
    expect(ctx().personalData?.country_code).toBe("DE");
  });

  it("uses personal data the loader already has, keeping valid draft choices", () => {
    const { loads, snap, ctx } = start({
      input: { personalData: personalData("DE"), draft: { region: "DE-2", currency: "USD", document_type: "gone", password: "x" } },
    });
    expect(loads).toEqual([]);
    expect(snap().matches({ editing: "ready" })).toBe(true);
    expect(ctx().values).toMatchObject({ region: "DE-2", currency: "USD", document_type: "DE-passport" });
    expect(ctx().values.password).toBeUndefined();
  });
});

describe("registration machine: fast and full types", () => {
  it("fast hides optional fields; full shows and requires every visible field", async () => {
    const { actor, snap } = start({ input: { type: "fast", personalData: personalData("DE") }, validate: requireVisible });
    const { visibleFields } = await import("./registration-fields");
    expect(visibleFields(snap().context)).toEqual([
      expect.objectContaining({ sysname: "email", required: true }),
      expect.objectContaining({ sysname: "password", required: true }),
      expect.objectContaining({ sysname: "mobile", required: true }),
    ]);
    actor.send({ type: "type.switch", registrationType: "full" });
    expect(visibleFields(snap().context).map((f) => [f.sysname, f.required])).toEqual([
      ["email", true],
      ["password", true],
      ["first_name", true],
      ["mobile", true],
    ]);
  });

  it("switching to fast drops errors of fields it hides and does not send them", async () => {
    const { actor, ctx, sent } = start({ input: { type: "full", personalData: personalData("DE") }, validate: requireVisible });
    actor.send({ type: "registration.submit" });
    expect(Object.keys(ctx().fieldErrors)).toContain("first_name");
    actor.send({ type: "type.switch", registrationType: "fast" });
    expect(Object.keys(ctx().fieldErrors)).not.toContain("first_name");
    for (const [name, value] of [
      ["email", "a@b.cc"],
      ["password", "secret1"],
      ["mobile", "+49 170 1234567"],
      ["first_name", "Ann"],
    ]) {
      actor.send({ type: "field.change", name: name!, value: value! });
    }
    actor.send({ type: "registration.submit" });
    await settle();
    expect(sent[0]).toMatchObject({ email: "a@b.cc", phone: "+491701234567" });
    expect(sent[0]!.first_name).toBeUndefined();
  });
});

describe("registration machine: validation timing", () => {
  it("eager validates a field on each change", () => {
    const { actor, ctx } = start({ input: { timing: "eager", personalData: personalData("DE") }, validate: requireVisible });
    actor.send({ type: "field.change", name: "email", value: "" });
    expect(ctx().fieldErrors).toEqual({ email: ["Field is required"] });
    actor.send({ type: "field.change", name: "email", value: "a@b.cc" });
    expect(ctx().fieldErrors).toEqual({});
  });

  it("onSubmit checks nothing on change, everything on submit, names the first erroneous field, and a change clears that field's error", () => {
    const { actor, ctx, invalid, snap } = start({ input: { timing: "onSubmit", type: "fast", personalData: personalData("DE") }, validate: requireVisible });
    actor.send({ type: "field.change", name: "email", value: "" });
    expect(ctx().fieldErrors).toEqual({});
    actor.send({ type: "field.change", name: "email", value: "a@b.cc" });
    actor.send({ type: "registration.submit" });
    expect(snap().matches({ editing: "ready" })).toBe(true);
    expect(Object.keys(ctx().fieldErrors)).toEqual(["password", "mobile"]);
    expect(ctx().firstErrorField).toBe("password");
    expect(invalid).toEqual(["password"]);
    actor.send({ type: "field.change", name: "password", value: "" });
    expect(Object.keys(ctx().fieldErrors)).toEqual(["mobile"]);
  });

  it("the default validation accepts everything", async () => {
    const { actor, snap } = start({ input: { personalData: personalData("DE") } });
    actor.send({ type: "registration.submit" });
    expect(snap().hasTag("loading")).toBe(true);
    await settle();
    expect(snap().status).toBe("done");
  });
});

describe("registration machine: submitting", () => {
  const ready = { personalData: personalData("DE"), values: { email: "a@b.cc", password: "secret1", mobile: "4917012345", notify: "on", is_betting: "1" } };

  it("on success tracks the sign-up, clears draft, betting mark and promo code, and outputs the account", async () => {
    const { actor, snap, spies, sent } = start({ input: { ...ready, promoCode: "WELCOME" } });
    actor.send({ type: "registration.submit" });
    await settle();
    expect(sent[0]).toMatchObject({ phone: "4917012345", notify: "1", is_betting: "1", promo_code: "WELCOME" });
    expect(sent[0]).not.toHaveProperty("hasPromocode");
    expect(sent[0]).not.toHaveProperty("mobile");
    expect(spies.trackSignUp).toHaveBeenCalledWith(account);
    expect(spies.clearDraft).toHaveBeenCalledOnce();
    expect(spies.clearBettingMark).toHaveBeenCalledOnce();
    expect(spies.clearPromoCode).toHaveBeenCalledOnce();
    expect(snap().status).toBe("done");
    expect(snap().hasTag("success")).toBe(true);
    expect(snap().output).toBe(account);
  });

  it("maps server field errors onto fields, phone and mobile swapped, and names the first", async () => {
    const { actor, ctx, invalid, spies, snap } = start({
      input: ready,
      register: async () => {
        throw new PlatformError("InvalidParameter", "Invalid parameters", { fields: { phone: ["Phone is taken"], email: ["Email is taken"] } });
      },
    });
    actor.send({ type: "registration.submit" });
    await settle();
    expect(snap().matches({ editing: "ready" })).toBe(true);
    expect(ctx().fieldErrors).toEqual({ mobile: ["Phone is taken"], email: ["Email is taken"] });
    expect(ctx().generalError).toBeNull();
    expect(invalid).toEqual(["email"]);
    expect(spies.trackSignUpError).toHaveBeenCalledWith("InvalidParameterException");
    expect(spies.clearDraft).not.toHaveBeenCalled();
  });

  it("a failure without field errors sets the general error, cleared by the next submit", async () => {
    let fail = true;
    const { actor, ctx, invalid } = start({
      input: ready,
      register: async () => {
        if (fail) throw new PlatformError("InternalServerError", "boom");
        return account;
      },
    });
    actor.send({ type: "registration.submit" });
    await settle();
    expect(ctx().generalError).toEqual({ key: GENERAL_ERROR_KEY });
    expect(GENERAL_ERROR_KEY).toBe("auth.errors.wrongRegServerError");
    expect(invalid).toEqual([]);
    fail = false;
    actor.send({ type: "registration.submit" });
    expect(ctx().generalError).toBeNull();
  });

  it("a throttled address (429) reads the wait from retry_after, as the sign-in form does", async () => {
    const { actor, ctx } = start({
      input: ready,
      register: async () => {
        throw new PlatformError("TooManyRequests", "Too many new accounts from this address. Try again in 3540 seconds.", { params: { retry_after: 3540 } });
      },
    });
    actor.send({ type: "registration.submit" });
    await settle();
    expect(ctx().generalError).toEqual({ key: "auth.errors.tooMany", params: { seconds: 3540 } });
  });
});

describe("registration machine: draft", () => {
  it("saves the values minus password and hasPromocode on each change, and restores them", () => {
    const { actor, spies, ctx } = start({ input: { personalData: personalData("DE"), draft: { email: "kept@x.io", hasPromocode: "1" } } });
    expect(ctx().values.email).toBe("kept@x.io");
    expect(ctx().values.hasPromocode).toBeUndefined();
    actor.send({ type: "field.change", name: "password", value: "secret1" });
    actor.send({ type: "field.change", name: "hasPromocode", value: "1" });
    actor.send({ type: "field.change", name: "first_name", value: "Ann" });
    const draft = spies.saveDraft.mock.calls.at(-1)![0];
    expect(draft).toMatchObject({ email: "kept@x.io", first_name: "Ann" });
    expect(draft).not.toHaveProperty("password");
    expect(draft).not.toHaveProperty("hasPromocode");
  });
});

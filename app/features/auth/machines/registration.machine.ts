import { assign, emit, fromPromise, setup } from "xstate";
import type { AccountInfo } from "../../../../core/api/entities";
import { mapServerFieldErrors } from "../../../../core/validation/server-errors";
import { DEFAULT_VALIDATION_TIMING, type ValidationTiming } from "../../../../core/validation/timing";
import { GENERAL_ERROR_KEY, registrationNotice, toAuthError, type AuthMessage } from "./auth-error";
import {
  applyPersonalData,
  draftOf,
  firstErrorField,
  hiddenFields,
  toRegistrationParams,
  visibleFields,
  type FormValues,
  type PersonalData,
  type RegistrationParams,
  type RegistrationSendOptions,
  type RegistrationType,
  type VisibleField,
} from "./registration-fields";

export type RegistrationEvent =
  | { type: "field.change"; name: string; value: string }
  | { type: "country.change"; country_code: string }
  /** Fast or full (the payload cannot be called `type`: that is the event's name). */
  | { type: "type.switch"; registrationType: RegistrationType }
  | { type: "registration.submit" };

/** Emitted after a failed submit (local or server): the UI scrolls to this field. */
export type RegistrationEmitted = { type: "registration.invalid"; field: string };

export interface RegistrationContext {
  values: FormValues;
  fieldErrors: Record<string, string[]>;
  /** The platform refused without naming a field: the form-wide message (registrationNotice). */
  generalError: AuthMessage | null;
  type: RegistrationType;
  timing: ValidationTiming;
  personalData: PersonalData | null;
  /** The promo code the page brought (URL or stored); cleared from storage after success. */
  promoCode: string;
  firstErrorField: string | null;
  sendOptions: Omit<RegistrationSendOptions, "hidden">;
  account: AccountInfo | null;
}

export interface RegistrationInput {
  type?: RegistrationType;
  timing?: ValidationTiming;
  /** Defaults from configuration (locale, notify, is_betting, terms…). */
  values?: FormValues;
  /** The stored draft (read by the UI, never at module scope). */
  draft?: Record<string, unknown> | null;
  promoCode?: string;
  /** Personal data the loader already has; else it is fetched for values.country_code. */
  personalData?: PersonalData | null;
  sendOptions?: Omit<RegistrationSendOptions, "hidden">;
}

export { GENERAL_ERROR_KEY };

/**
 * The form's validation, injected by the UI (its Zod schema): errors by field for the whole form.
 * `only` names the one field being checked on change; the machine keeps just that field's result.
 */
/** `countries`: the form's (PersonalData.countries), each with its phone mask. */
export type RegistrationValidator = (form: {
  values: FormValues;
  fields: VisibleField[];
  only?: string;
  countries?: PersonalData["countries"];
}) => Record<string, string[]>;

const acceptAll: RegistrationValidator = () => ({});

/** The errors after checking one field on change: that field's result replaces its old errors. */
function fieldValidation(validate: RegistrationValidator, context: RegistrationContext, name: string) {
  const errors = validate({ values: context.values, fields: visibleFields(context), only: name, countries: context.personalData?.countries })[name] ?? [];
  const { [name]: _old, ...rest } = context.fieldErrors;
  return { fieldErrors: errors.length > 0 ? { ...rest, [name]: errors } : rest };
}

/** The errors after checking the whole form on submit, and the first erroneous field in form order. */
function formValidation(validate: RegistrationValidator, context: RegistrationContext) {
  const fieldErrors = Object.fromEntries(
    Object.entries(validate({ values: context.values, fields: visibleFields(context), countries: context.personalData?.countries })).filter(
      ([, m]) => m.length > 0,
    ),
  );
  return {
    fieldErrors,
    firstErrorField: firstErrorField(
      fieldErrors,
      visibleFields(context).map((f) => f.sysname),
    ),
  };
}

function initialValues(input: RegistrationInput): FormValues {
  const values: FormValues = { ...input.values, ...draftOf(input.draft) };
  if (input.promoCode) Object.assign(values, { promo_code: input.promoCode, hasPromocode: "1" });
  return input.personalData ? applyPersonalData(values, input.personalData, { keepValid: true }) : values;
}

const serverFailure = [
  { type: "applyServerErrors", params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  { type: "trackSignUpError", params: ({ event }: { event: { error: unknown } }) => ({ code: toAuthError(event.error).type }) },
] as const;

/**
 * Registration (SPEC §4): fields load per country, the chosen country's lists set region, currency
 * and document type, validation follows the configured timing (eager: on change; onSubmit: a
 * change hides the field's error, submit checks everything and names the first erroneous field),
 * platform field errors come back on their fields (phone and mobile swapped), and success tracks
 * the sign-up, clears the stored draft, betting mark and promo code and ends with the account.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    output: {} as AccountInfo,
    emitted: {} as RegistrationEmitted,
  },
  actors: {
    loadPersonalFields: fromPromise<PersonalData, { country_code: string }>(async () => {
      throw new Error("registrationMachine needs a `loadPersonalFields` actor");
    }),
    register: fromPromise<AccountInfo, RegistrationParams>(async () => {
      throw new Error("registrationMachine needs a `register` actor");
    }),
  },
  actions: {
    validateField: assign(({ context }, params: { name: string }) => fieldValidation(acceptAll, context, params.name)),
    validateAll: assign(({ context }) => formValidation(acceptAll, context)),
    setValue: assign(({ context, event }) => (event.type === "field.change" ? { values: { ...context.values, [event.name]: event.value } } : {})),
    setCountry: assign(({ context, event }) => (event.type === "country.change" ? { values: { ...context.values, country_code: event.country_code } } : {})),
    clearFieldError: assign(({ context }, params: { name: string }) => {
      const { [params.name]: _old, ...rest } = context.fieldErrors;
      return { fieldErrors: rest };
    }),
    setType: assign(({ context, event }) => {
      if (event.type !== "type.switch") return {};
      const hidden = new Set(hiddenFields({ ...context, type: event.registrationType }));
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([k]) => !hidden.has(k)));
      return { type: event.registrationType, fieldErrors };
    }),
    applyPersonalData: assign(({ context }, params: { data: PersonalData }) => ({
      personalData: params.data,
      values: applyPersonalData(context.values, params.data, { keepValid: context.personalData === null }),
    })),
    clearGeneralError: assign({ generalError: null }),
    applyServerErrors: assign(({ context }, params: { error: unknown }) => {
      const error = toAuthError(params.error);
      const { fieldErrors, general } = mapServerFieldErrors(error.fields);
      return {
        fieldErrors,
        generalError: general ? registrationNotice(error) : null,
        firstErrorField: firstErrorField(
          fieldErrors,
          visibleFields(context).map((f) => f.sysname),
        ),
      };
    }),
    reportFirstError: emit(({ context }) => ({ type: "registration.invalid" as const, field: context.firstErrorField ?? "" })),
    setAccount: assign((_, params: { account: AccountInfo }) => ({ account: params.account })),
    /** Stores the draft (the UI: localStorage); `draft` never holds the password or hasPromocode. */
    saveDraft: (_, _params: { draft: FormValues }) => {},
    trackSignUp: (_, _params: { account: AccountInfo }) => {},
    trackSignUpError: (_, _params: { code: string }) => {},
    clearDraft: () => {},
    clearBettingMark: () => {},
    clearPromoCode: () => {},
  },
  guards: {
    eager: ({ context }) => context.timing === "eager",
    needsFields: ({ context }) => context.personalData === null && !!context.values.country_code,
    hasFieldErrors: ({ context }) => Object.keys(context.fieldErrors).length > 0,
    namesFields: (_, params: { error: unknown }) => !mapServerFieldErrors(toAuthError(params.error).fields).general,
  },
}).createMachine({
  id: "registration",
  context: ({ input }) => ({
    values: initialValues(input),
    fieldErrors: {},
    generalError: null,
    type: input.type ?? "full",
    timing: input.timing ?? DEFAULT_VALIDATION_TIMING,
    personalData: input.personalData ?? null,
    promoCode: input.promoCode ?? "",
    firstErrorField: null,
    sendOptions: input.sendOptions ?? {},
    account: null,
  }),
  initial: "editing",
  output: ({ context }) => context.account!,
  states: {
    editing: {
      initial: "checking",
      on: {
        "field.change": [
          {
            guard: "eager",
            actions: ["setValue", saveDraft(), { type: "validateField", params: ({ event }) => ({ name: event.name }) }],
          },
          { actions: ["setValue", saveDraft(), { type: "clearFieldError", params: ({ event }) => ({ name: event.name }) }] },
        ],
        "country.change": { target: ".loading", actions: ["setCountry", saveDraft()] },
        "type.switch": { actions: "setType" },
      },
      states: {
        checking: { always: [{ guard: "needsFields", target: "loading" }, { target: "ready" }] },
        loading: {
          tags: ["loadingFields"],
          invoke: {
            src: "loadPersonalFields",
            input: ({ context }) => ({ country_code: context.values.country_code ?? "" }),
            onDone: { target: "ready", actions: [{ type: "applyPersonalData", params: ({ event }) => ({ data: event.output }) }, saveDraft()] },
            // The form keeps the fields it had; the next country change tries again.
            onError: { target: "ready" },
          },
        },
        ready: {
          on: { "registration.submit": { target: "validating", actions: ["clearGeneralError", "validateAll"] } },
        },
        validating: {
          always: [{ guard: "hasFieldErrors", target: "ready", actions: "reportFirstError" }, { target: "#registration.submitting" }],
        },
      },
    },
    submitting: {
      tags: ["loading"],
      invoke: {
        src: "register",
        input: ({ context }) => toRegistrationParams(context.values, { ...context.sendOptions, hidden: hiddenFields(context) }),
        onDone: {
          target: "done",
          actions: [
            { type: "setAccount", params: ({ event }) => ({ account: event.output }) },
            { type: "trackSignUp", params: ({ event }) => ({ account: event.output }) },
            "clearDraft",
            "clearBettingMark",
            "clearPromoCode",
          ],
        },
        onError: [
          {
            guard: { type: "namesFields", params: ({ event }) => ({ error: event.error }) },
            target: "editing.ready",
            actions: [...serverFailure, "reportFirstError"],
          },
          { target: "editing.ready", actions: serverFailure },
        ],
      },
    },
    done: { type: "final", tags: ["success"] },
  },
});

/** The draft action with the current values (evaluated after the preceding assigns). */
function saveDraft() {
  return { type: "saveDraft" as const, params: ({ context }: { context: RegistrationContext }) => ({ draft: draftOf(context.values) }) };
}

/**
 * The machine with the UI's validation (its Zod schema) in place of the default accept-all; chain
 * `.provide(...)` for the actors and the storage and analytics actions.
 */
export function withValidation(validate: RegistrationValidator) {
  return registrationMachine.provide({
    actions: {
      validateField: assign(({ context }, params: { name: string }) => fieldValidation(validate, context, params.name)),
      validateAll: assign(({ context }) => formValidation(validate, context)),
    },
  });
}

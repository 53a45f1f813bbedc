import { useSelector } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { createActor, fromPromise, type ActorRefFrom } from "xstate";
import { track } from "../../lib/analytics";
import { browserCall } from "../../lib/api/browser-call";
import type { CmsConfig } from "../../../core/api/cms";
import { validationMessages } from "../../lib/i18n/validation-messages";
import type { TFunction } from "../../lib/i18n/translate";
import { scrollToFirstError } from "../../../core/validation/timing";
import { withValidation } from "./machines/registration.machine";
import { useSessionChanged } from "./use-session-changed";
import type { PersonalData } from "../../../core/validation/registration-form";
import { selectedType, validateRegistration } from "../../../core/validation/registration-form";
import { browserStorage, clearStoredPromoCode, promoCodeFromSearch, readStoredPromoCode } from "./promo-code";

/** Local-storage keys of the registration draft and the betting mark (SPEC §4). */
export const DRAFT_KEY = "registration_draft";
export const BETTING_MARK_KEY = "is_betting";

type RegistrationActor = ActorRefFrom<ReturnType<typeof withValidation>>;

function readDraft(): Record<string, string> | null {
  try {
    const raw = browserStorage()?.getItem(DRAFT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** Every named control of the form, as field.change events would report them. */
function controls(form: HTMLFormElement): [string, string][] {
  const out: [string, string][] = [];
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || !el.name) continue;
    if (el.type === "hidden" || el.type === "submit" || (el instanceof HTMLInputElement && el.type === "radio" && !el.checked)) continue;
    out.push([el.name, controlValue(el)]);
  }
  return out;
}

/** A form control's value as the machine keeps it: checkboxes '1' or ''. */
function controlValue(el: HTMLInputElement | HTMLSelectElement): string {
  if (el instanceof HTMLInputElement && el.type === "checkbox") return el.checked ? "1" : "";
  return el.value;
}

/**
 * Registration with JavaScript: the registration machine (SPEC §4) behind the same form the
 * server renders. Changes go to the machine (draft in local storage), a new country reloads the
 * fields through account.getPersonalDataFields, submit validates with the validation library and
 * calls auth.register from the browser; success goes to `target` with the loaders revalidated.
 */
export function useRegistration(opts: {
  config: CmsConfig["auth"];
  regType: string | null;
  personalData: PersonalData | null;
  locale: string;
  t: TFunction;
  /** Where success goes; `betting`: the player registered as a bettor (is_betting=1). */
  target: string | ((betting: boolean) => string);
}) {
  const sessionChanged = useSessionChanged();
  const formRef = useRef<HTMLFormElement | null>(null);
  const [ready, setReady] = useState(false);
  const [actor] = useState<RegistrationActor>(() => {
    const opt = opts.config.registrationOptions;
    const type = selectedType(opts.config, opts.regType)?.type === "full" ? "full" : "fast";
    const machine = withValidation(({ values, fields, countries }) =>
      validateRegistration(values, fields, {
        countries,
        termsActive: opt.terms.isActive,
        promoShown: opt.showPromocode && (opt.showPromoFieldByDefault || values.hasPromocode === "1"),
        messages: validationMessages(opts.t),
      }),
    ).provide({
      actors: {
        loadPersonalFields: fromPromise(({ input }) =>
          browserCall("account.getPersonalDataFields", "GET", { country_code: input.country_code }, { locale: opts.locale }),
        ),
        register: fromPromise(({ input }) => browserCall("auth.register", "POST", { ...input }, { locale: opts.locale })),
      },
      actions: {
        saveDraft: (_, { draft }) => {
          try {
            browserStorage()?.setItem(DRAFT_KEY, JSON.stringify(draft));
          } catch {
            /* storage full or blocked: the draft is a convenience */
          }
        },
        clearDraft: () => browserStorage()?.removeItem(DRAFT_KEY),
        clearBettingMark: () => browserStorage()?.removeItem(BETTING_MARK_KEY),
        clearPromoCode: () => clearStoredPromoCode(browserStorage()),
        // Decision 0057: the sign-up and its failure (SPEC §8: with the error code), then who signed up.
        trackSignUp: (_, { account }) => {
          track("sign_up");
          track("identify", { uid: account.uid });
        },
        trackSignUpError: (_, { code }) => track("sign_up_error", { code }),
      },
    });
    return createActor(machine, {
      input: {
        type,
        personalData: opts.personalData,
        values: { locale: opts.locale },
        sendOptions: { locale: opts.locale, characterSelect: opt.showCharacterSelect },
      },
    });
  });

  useEffect(() => {
    actor.start();
    // The stored draft and promo code fill the server-rendered form after hydration.
    const form = formRef.current;
    const restored: Record<string, string> = { ...readDraft() };
    // The page's own promo_code first (it may not be stored yet), else the stored one (SPEC §4).
    const promo = promoCodeFromSearch(window.location.search) ?? readStoredPromoCode(browserStorage());
    if (promo && !restored.promo_code) Object.assign(restored, { promo_code: promo, hasPromocode: "1" });
    for (const [name, value] of Object.entries(restored)) {
      const el = form?.elements.namedItem(name);
      if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || name === "password") continue;
      if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = value === "1";
      else if (el.type !== "hidden") el.value = value;
      // The promo-code field checks what it is filled with (its input listener, decision 0044).
      if (name === "promo_code") el.dispatchEvent(new Event("input", { bubbles: true }));
    }
    // What was typed or chosen before the machine ran (a slow connection) counts too.
    for (const [name, value] of form ? controls(form) : []) {
      if (name === "country_code" && value !== actor.getSnapshot().context.personalData?.country_code) {
        actor.send({ type: "country.change", country_code: value });
      } else if (name !== "country_code") actor.send({ type: "field.change", name, value });
    }
    setReady(true);
    // After the errors render: scroll to the first erroneous field (on-submit timing, SPEC §4).
    const sub = actor.on("registration.invalid", () => {
      setTimeout(() => formRef.current && scrollToFirstError(formRef.current), 0);
    });
    return () => {
      sub.unsubscribe();
      actor.stop();
    };
  }, [actor]);

  const done = useSelector(actor, (s) => s.hasTag("success"));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when registration succeeds; the actor, the target and sessionChanged are read at that moment
  useEffect(() => {
    if (!done) return;
    const betting = actor.getSnapshot().context.values.is_betting === "1";
    void sessionChanged(typeof opts.target === "string" ? opts.target : opts.target(betting));
  }, [done]);

  return {
    formRef,
    ready,
    busy: useSelector(actor, (s) => s.hasTag("loading") || s.hasTag("loadingFields")),
    personalData: useSelector(actor, (s) => s.context.personalData),
    fieldErrors: useSelector(actor, (s) => s.context.fieldErrors),
    generalError: useSelector(actor, (s) => s.context.generalError),
    onChange(e: React.FormEvent<HTMLFormElement>) {
      const el = e.target;
      if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || !el.name) return;
      if (el.name === "country_code") actor.send({ type: "country.change", country_code: el.value });
      else actor.send({ type: "field.change", name: el.name, value: controlValue(el) });
    },
    onSubmit(e: React.FormEvent<HTMLFormElement>) {
      // Social buttons keep their own path (SocialButtons); everything else is the machine's.
      const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      if (submitter?.name === "social" || submitter?.name === "refresh") return;
      e.preventDefault();
      // The browser may have filled fields without events (autofill): take the form as it is.
      for (const [name, value] of controls(e.currentTarget)) {
        if (name !== "country_code" && actor.getSnapshot().context.values[name] !== value) actor.send({ type: "field.change", name, value });
      }
      actor.send({ type: "registration.submit" });
    },
  };
}

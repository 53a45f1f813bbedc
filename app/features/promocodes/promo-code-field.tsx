import { useCallback, useEffect, useRef, useState } from "react";
import type { Actor } from "xstate";
import type { PromoCodeInfo } from "../../../core/api/contract-promocodes";
import { browserCall } from "../../lib/api/browser-call";
import { FieldErrors } from "../../ui/form/field";
import { refuseEmoji } from "../../ui/form/phone-input";
import { browserStorage, promoCodeFromSearch, readStoredPromoCode } from "../auth/promo-code";
import { useRootData } from "../../shell/use-root-data";
import { useT } from "../../lib/i18n/use-t";
import type { PromoCheckEvent, promoCheckMachine } from "./promo-check.machine";
import { promoCodeMessage, promoFieldErrors } from "./promo-code-messages";

type Check = { status: string; info: PromoCodeInfo | null; reasons: string[] | null; retryAfter: number | null };
const NOT_CHECKED: Check = { status: "idle", info: null, reasons: null, retryAfter: null };

/**
 * A promo-code input (SPEC §3 Promo code field: value, isValid, errorMessage). Rendered by the
 * server as a plain input whose errors come from the form's answer; with JavaScript it is checked
 * as the player types (promo-check.machine, 800 ms debounce, stale answers dropped), and with
 * `prefill` an empty field takes the promo code of the URL, else the stored one (SPEC §4).
 * Other code may fill the input later: it sends an `input` event, which the check follows. The
 * deposit form passes its `amount` (minor units): a code with a minimum deposit is checked against
 * it, again whenever it changes. The machine (and XState) loads with the first code to check: a
 * form whose promo code stays empty ships none of it.
 */
export function PromoCodeField(props: {
  id: string;
  defaultValue?: string;
  /** The form's answer for this field: validation texts, or the platform's reason codes. */
  errors?: string[];
  context: "activate" | "registration" | "deposit";
  prefill?: boolean;
  label?: string;
  required?: boolean;
  /** The deposit's amount in minor units (null while not a number). */
  amount?: number | null;
}) {
  const t = useT();
  const locale = useRootData()?.locale;
  const input = useRef<HTMLInputElement | null>(null);
  const amount = useRef(props.amount);
  amount.current = props.amount;
  // What the check needs when it runs, read then (the actor is made once).
  const call = useRef({ context: props.context, locale });
  call.current = { context: props.context, locale };
  const [{ status, info, reasons, retryAfter }, setCheck] = useState<Check>(NOT_CHECKED);
  const actor = useRef<Promise<Actor<typeof promoCheckMachine>> | null>(null);
  const gone = useRef(false);
  /** Sends to the machine, made and started with the first event that has something to check. */
  const send = useCallback((event: PromoCheckEvent) => {
    if (!actor.current && (event.type === "promo.recheck" || event.value.trim() === "")) return; // nothing checked yet: nothing to do
    actor.current ??= Promise.all([import("xstate"), import("./promo-check.machine")]).then(([{ createActor, fromPromise }, m]) => {
      const a = createActor(
        m.promoCheckMachine.provide({
          actors: {
            check: fromPromise(({ input: { code } }) =>
              browserCall(
                "campaigns.checkPromocode",
                "POST",
                { promo_code: code, context: call.current.context, ...(amount.current ? { amount: amount.current } : {}) },
                { locale: call.current.locale },
              ),
            ),
          },
        }),
      );
      a.subscribe((s) => setCheck({ status: String(s.value), info: s.context.info, reasons: s.context.errors, retryAfter: s.context.retryAfter }));
      if (!gone.current) a.start();
      return a;
    });
    void actor.current.then((a) => a.send(event));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the prefill is read once, when the field mounts
  useEffect(() => {
    gone.current = false;
    const el = input.current;
    if (el && props.prefill && !el.value) el.value = promoCodeFromSearch(window.location.search) ?? readStoredPromoCode(browserStorage()) ?? "";
    if (el?.value) send({ type: "promo.input", value: el.value });
    return () => {
      gone.current = true;
      void actor.current?.then((a) => a.stop());
    };
  }, [send]);
  const checkedAmount = useRef(props.amount);
  useEffect(() => {
    if (checkedAmount.current === props.amount) return;
    checkedAmount.current = props.amount;
    send({ type: "promo.recheck" });
  }, [send, props.amount]);

  const errors = status === "invalid" ? [promoCodeMessage(reasons, t, retryAfter)] : promoFieldErrors(props.errors, t);
  const errorId = `${props.id}-error`;
  const statusId = `${props.id}-status`;
  const ok = status === "valid" && info && !errors?.length;
  return (
    <div className="field promo-field" data-promo-status={status}>
      <label htmlFor={props.id}>{props.label ?? t("common.promoCode.label")}</label>
      <input
        ref={input}
        id={props.id}
        name="promo_code"
        defaultValue={props.defaultValue}
        maxLength={50}
        autoComplete="off"
        required={props.required}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : ok ? statusId : undefined}
        onInput={(e) => {
          refuseEmoji(e);
          send({ type: "promo.input", value: e.currentTarget.value });
        }}
      />
      <p id={statusId} className="promo-field__status" role="status">
        {status === "checking" && t("common.promoCode.checking")}
        {ok && t(info.requires_deposit ? "common.promoCode.validDeposit" : "common.promoCode.valid", { title: info.title })}
      </p>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

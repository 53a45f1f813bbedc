import { useSelector } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { createActor, fromPromise } from "xstate";
import { browserCall } from "../../lib/api/browser-call";
import { FieldErrors } from "../../ui/form/field";
import { browserStorage, promoCodeFromSearch, readStoredPromoCode } from "../auth/promo-code";
import { useRootData } from "../../shell/use-root-data";
import { useT } from "../../lib/i18n/use-t";
import { promoCheckMachine } from "./promo-check.machine";
import { promoCodeMessage, promoFieldErrors } from "./promo-code-messages";

/**
 * A promo-code input (SPEC §3 Promo code field: value, isValid, errorMessage). Rendered by the
 * server as a plain input whose errors come from the form's answer; with JavaScript it is checked
 * as the player types (promo-check.machine, 800 ms debounce, stale answers dropped), and with
 * `prefill` an empty field takes the promo code of the URL, else the stored one (SPEC §4).
 * Other code may fill the input later: it sends an `input` event, which the check follows. The
 * deposit form passes its `amount` (minor units): a code with a minimum deposit is checked against
 * it, again whenever it changes.
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
  const [actor] = useState(() =>
    createActor(
      promoCheckMachine.provide({
        actors: {
          check: fromPromise(({ input: { code } }) =>
            browserCall(
              "campaigns.checkPromocode",
              "POST",
              { promo_code: code, context: props.context, ...(amount.current ? { amount: amount.current } : {}) },
              { locale },
            ),
          ),
        },
      }),
    ),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the prefill is read once, when the field mounts with its actor
  useEffect(() => {
    actor.start();
    const el = input.current;
    if (el && props.prefill && !el.value) el.value = promoCodeFromSearch(window.location.search) ?? readStoredPromoCode(browserStorage()) ?? "";
    if (el?.value) actor.send({ type: "promo.input", value: el.value });
    return () => void actor.stop();
  }, [actor]);
  const checkedAmount = useRef(props.amount);
  useEffect(() => {
    if (checkedAmount.current === props.amount) return;
    checkedAmount.current = props.amount;
    actor.send({ type: "promo.recheck" });
  }, [actor, props.amount]);

  const status = useSelector(actor, (s) => s.value);
  const info = useSelector(actor, (s) => s.context.info);
  const reasons = useSelector(actor, (s) => s.context.errors);
  const retryAfter = useSelector(actor, (s) => s.context.retryAfter);
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
        onInput={(e) => actor.send({ type: "promo.input", value: e.currentTarget.value })}
      />
      <p id={statusId} className="promo-field__status" role="status">
        {status === "checking" && t("common.promoCode.checking")}
        {ok && t(info.requires_deposit ? "common.promoCode.validDeposit" : "common.promoCode.valid", { title: info.title })}
      </p>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

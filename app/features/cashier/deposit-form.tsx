import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useLazySchema } from "../../lib/lazy-schema";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { methodName } from "./transaction-view";
import { AmountField, FormErrors, RequisiteFields } from "./cashier-fields";
import { PromoCodeField } from "../promocodes/promo-code-field";
import type { DepositData } from "./deposit.server";
import { DepositOffers } from "../offers/deposit-offers";
import { toMinorUnits } from "../../../core/validation/decimal";

/** The amount field's value in minor units, or null while it is not a number. */
function enteredAmount(value: unknown): number | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = toMinorUnits(value.trim(), 2);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** The offer id a submitted form carried: a positive number, or none ("" is the "no offer" choice). */
function submittedOffer(value: unknown): number | null {
  return typeof value === "string" && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export interface DepositActionData {
  result?: SubmissionResult<string[]>;
  idempotencyKey?: string;
  newWindow?: { url: string; next: string };
}

/** The methods as links: choosing one is a page of its own (`/cashier/deposit/{sysname}`). */
export function DepositMethods({ methods, current }: { methods: DepositData["methods"]; current: string | null }) {
  const t = useT();
  const to = useLocalePath();
  if (methods.length === 0) return <p className="notice">{t("cashier.deposit.noMethods")}</p>;
  return (
    <nav aria-label={t("cashier.methods")}>
      <ul className="cashier__methods">
        {methods.map((m) => (
          <li key={m.sysname}>
            <Link
              to={to(`/cashier/deposit/${m.sysname}`)}
              className="cashier__method"
              aria-current={m.sysname === current ? "page" : undefined}
              preventScrollReset
            >
              {m.icon && <img src={m.icon} alt="" width={48} height={32} loading="lazy" />}
              <span>{methodName(t, m.sysname, m.name)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The deposit pages (the index and one method's): the methods, and the chosen method's form. */
export function DepositPage({ loaderData, actionData }: { loaderData: DepositData; actionData?: DepositActionData }) {
  return (
    <div className="cashier__deposit">
      <DepositMethods methods={loaderData.methods} current={loaderData.method?.sysname ?? null} />
      {loaderData.method && <DepositForm key={loaderData.method.sysname} data={loaderData} actionData={actionData} />}
    </div>
  );
}

/**
 * The deposit form of one method. It posts to the page's own action with and without
 * JavaScript; with it, Conform checks the same schema first, and a new-window method opens its
 * window inside the click (the only moment popup blockers allow) and points it at the payment
 * page once the action answers.
 */
export function DepositForm({ data, actionData }: { data: DepositData; actionData?: DepositActionData }) {
  const t = useT();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const method = data.method!;
  const popup = useRef<Window | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const check = useLazySchema(
    () => import("./cashier-schema"),
    (m, messages) => m.depositFormSchema({ rules: method.rules, fields: method.fields, overrides: messages(t) }),
    [method, t],
  );
  const [form, fields] = useForm<Record<string, string | undefined>>({
    id: `deposit-${method.sysname}`,
    lastResult: actionData?.result,
    defaultValue: { amount: data.amount, promo_code: data.promoCode },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check.onValidate,
  });

  // The action's answer comes before its loader revalidation ends; navigating at once would
  // abort that revalidation, so the move waits for it (the window waits a moment, blank).
  const handled = useRef<object | null>(null);
  const idle = navigation.state === "idle";
  useEffect(() => {
    const next = actionData?.newWindow;
    if (!next || !idle || handled.current === next) return;
    handled.current = next;
    const url = new URL(next.url, window.location.origin).href;
    if (popup.current && !popup.current.closed) {
      popup.current.location.href = url;
      void Promise.resolve(navigate(next.next)).catch(() => undefined);
    } else {
      window.location.assign(url); // the popup was blocked: pay in this window instead
    }
    popup.current = null;
  }, [actionData?.newWindow, idle, navigate]);

  const formProps = getFormProps(form);
  const amount = enteredAmount(fields.amount?.value);
  // After a refused POST the page is rendered again from the action's echo of the form: the offer
  // the player chose stays chosen (without JavaScript the loader's `?offer=` would lose it).
  const chosenOffer = actionData?.result ? submittedOffer(actionData.result.initialValue?.campaign_offer_id) : data.offer;
  return (
    <Form
      method="post"
      className="cashier__form"
      {...formProps}
      onFocus={check.load}
      onSubmit={(e) => {
        formProps.onSubmit(e);
        if (!e.defaultPrevented && method.flow === "new_window") popup.current = window.open("", "_blank");
      }}
    >
      <h2>{methodName(t, method.sysname, method.name)}</h2>
      {data.limitAvailable && <p className="notice">{t("cashier.deposit.limitLeft", { amount: formatMoney(data.limitAvailable) })}</p>}
      <input type="hidden" name="method" value={method.sysname} />
      <input type="hidden" name="idempotency_key" value={actionData?.idempotencyKey ?? data.idempotencyKey} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <AmountField
        meta={fields.amount!}
        rules={method.rules}
        currency={data.currency}
        t={t}
        onPreset={hydrated ? (value) => form.update({ name: "amount", value, validated: true }) : undefined}
      />
      <RequisiteFields fields={method.fields} metas={fields} banks={data.banks} t={t} />
      <DepositOffers offers={data.offers} method={method.sysname} amount={amount} chosen={chosenOffer} t={t} />
      <PromoCodeField
        key={fields.promo_code?.key}
        id={`deposit-${method.sysname}-promo_code`}
        defaultValue={(fields.promo_code?.initialValue as string | undefined) ?? ""}
        errors={fields.promo_code?.errors}
        context="deposit"
        amount={amount}
        prefill
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t("cashier.deposit.submit")}
      </button>
    </Form>
  );
}

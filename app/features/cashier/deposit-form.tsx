import { MarketCapNote } from "../responsible/market-cap-note";
import { LimitPrompt } from "../responsible/limit-prompt";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { methodName } from "./transaction-view";
import { AmountField, FormErrors, RequisiteFields } from "./cashier-fields";
import { requisiteName } from "./cashier-names";
import { PromoCodeField } from "../promocodes/promo-code-field";
import type { DepositData } from "./deposit.server";
import type { DepositErrors } from "./deposit-check";
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
  const t = useT();
  const form = loaderData.method && !loaderData.limitPrompt ? `deposit-${loaderData.method.sysname}` : null;
  return (
    <div className="cashier__deposit">
      {/* Past the methods to the amount in one key press (issue 41: it took dozens of Tabs). */}
      {form && (
        <a className="skip-link" href={`#${form}`}>
          {t("cashier.deposit.skipToAmount")}
        </a>
      )}
      <DepositMethods methods={loaderData.methods} current={loaderData.method?.sysname ?? null} />
      {/* The UK asks first whether the player wants a deposit limit; the form waits for the answer. */}
      {loaderData.limitPrompt ? (
        <LimitPrompt currency={loaderData.currency} />
      ) : (
        loaderData.method && <DepositForm key={loaderData.method.sysname} data={loaderData} actionData={actionData} />
      )}
    </div>
  );
}

type Checker = typeof import("./deposit-check");

/**
 * The deposit form of one method. A plain form posted to the page's own action with and without
 * JavaScript; the action checks it with the schema (cashier-schema.ts, Conform + Zod on the server)
 * and answers Conform's reply: errors under their fields, what was typed kept. In the browser the
 * same check (deposit-check.ts, no Zod, no Conform) loads with the form's first focus and runs as
 * Conform's did: a field on leaving it, then as it is corrected, every field on submit (until it
 * has loaded, a submit goes to the action, which answers the same). A new-window method opens its
 * window inside the click (the only moment popup blockers allow) and points it at the payment page
 * once the action answers.
 */
export function DepositForm({ data, actionData }: { data: DepositData; actionData?: DepositActionData }) {
  const t = useT();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const method = data.method!;
  const popup = useRef<Window | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const checker = useRef<Checker | null>(null);
  const load = () => {
    if (!checker.current) void import("./deposit-check").then((m) => (checker.current = m));
  };
  const reply = actionData?.result;
  // The browser's errors of the fields it has checked; each new answer of the action shows its own again.
  const [own, setOwn] = useState<{ reply: typeof reply; checked: ReadonlySet<string>; all: boolean; errors: DepositErrors } | null>(null);
  const mine = own && own.reply === reply ? own : null;
  const fieldErrors = (name: string): string[] | undefined => {
    if (mine?.checked.has(name)) return mine.errors[name];
    return reply?.error?.[name] ?? undefined;
  };
  // The action's form-level refusal stays until the next submit.
  const formErrors = mine?.all ? undefined : (reply?.error?.[""] ?? undefined);
  /** Checks the form and shows the errors of `names` (with those already shown); null until the check has loaded. */
  const check = (form: HTMLFormElement, names: readonly string[], all = false) => {
    const m = checker.current;
    if (!m) return null;
    const errors = m.checkDeposit(new FormData(form), { rules: method.rules, fields: method.fields, overrides: m.validationMessages(t) });
    const checked = new Set(mine?.checked);
    for (const n of names) checked.add(n);
    setOwn({ reply, checked, all: all || !!mine?.all, errors });
    return errors;
  };
  const names = ["amount", ...method.fields.map((f) => requisiteName(f.sysname))];
  const checkedName = (el: EventTarget) => {
    const name = (el as { name?: unknown }).name;
    return typeof name === "string" && names.includes(name) ? name : null;
  };

  // What was sent when the action refused it (an emptied field stays empty), else the starting values.
  const initialValue = (name: string, fallback?: string) => {
    if (!reply?.initialValue) return fallback;
    const v = reply.initialValue[name];
    return typeof v === "string" ? v : undefined;
  };
  const id = `deposit-${method.sysname}`;
  const meta = (name: string, fallback?: string) => ({
    id: `${id}-${name}`,
    name,
    errorId: `${id}-${name}-error`,
    errors: fieldErrors(name),
    initialValue: initialValue(name, fallback),
  });
  const metas: Record<string, ReturnType<typeof meta>> = {};
  for (const f of method.fields) metas[requisiteName(f.sysname)] = meta(requisiteName(f.sysname), f.type === "phone" ? (data.phone ?? undefined) : undefined);
  // The amount as typed since the action's last answer, else the one it echoes (or the page's).
  const [typed, setTyped] = useState<{ reply: typeof reply; amount: number | null } | null>(null);
  const amount = typed && typed.reply === reply ? typed.amount : enteredAmount(initialValue("amount", data.amount));
  const setAmount = (value: number | null) => setTyped({ reply, amount: value });

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

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const found = check(e.currentTarget, names, true);
    const first = found && names.find((n) => found[n]);
    if (first) {
      e.preventDefault();
      e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (method.flow === "new_window") popup.current = window.open("", "_blank");
  };
  const onBlur = (e: FormEvent<HTMLFormElement>) => {
    const name = checkedName(e.target);
    if (name) check(e.currentTarget, [name]);
  };
  const onInput = (e: FormEvent<HTMLFormElement>) => {
    const name = checkedName(e.target);
    if (name === "amount") setAmount(enteredAmount((e.target as HTMLInputElement).value));
    if (name && mine?.checked.has(name)) check(e.currentTarget, []);
  };
  const amountMeta = meta("amount", data.amount);
  const promoErrors = fieldErrors("promo_code");
  const promoDefault = initialValue("promo_code", data.promoCode) ?? "";
  // After a refused POST the page is rendered again from the action's echo of the form: the offer
  // the player chose stays chosen (without JavaScript the loader's `?offer=` would lose it).
  const chosenOffer = reply ? submittedOffer(reply.initialValue?.campaign_offer_id) : data.offer;
  const formErrorId = `${id}-error`;
  return (
    <Form
      ref={formRef}
      method="post"
      className="cashier__form"
      id={id}
      // The skip link's target: the next Tab from it is the amount.
      tabIndex={-1}
      // The action checks (Conform's forms did the same, no browser bubbles): its errors read as the page's own.
      noValidate
      aria-describedby={formErrors?.length ? formErrorId : undefined}
      onFocus={load}
      onBlur={onBlur}
      onInput={onInput}
      onSubmit={onSubmit}
    >
      <h2>{methodName(t, method.sysname, method.name)}</h2>
      {data.limitAvailable && <p className="notice">{t("cashier.deposit.limitLeft", { amount: formatMoney(data.limitAvailable) })}</p>}
      <MarketCapNote cap={data.marketCap} />
      <input type="hidden" name="method" value={method.sysname} />
      <input type="hidden" name="idempotency_key" value={actionData?.idempotencyKey ?? data.idempotencyKey} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <AmountField
        meta={amountMeta}
        rules={method.rules}
        currency={data.currency}
        t={t}
        onPreset={
          hydrated
            ? (value) => {
                const form = formRef.current;
                const input = form?.elements.namedItem("amount");
                if (!form || !(input instanceof HTMLInputElement)) return;
                input.value = value;
                setAmount(enteredAmount(value));
                check(form, ["amount"]);
              }
            : undefined
        }
      />
      <RequisiteFields fields={method.fields} metas={metas} banks={data.banks} t={t} />
      <DepositOffers offers={data.offers} method={method.sysname} amount={amount} chosen={chosenOffer} t={t} />
      <PromoCodeField id={`${id}-promo_code`} defaultValue={promoDefault} errors={promoErrors} context="deposit" amount={amount} prefill />
      <FormErrors id={formErrorId} errors={formErrors} />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t("cashier.deposit.submit")}
      </button>
    </Form>
  );
}

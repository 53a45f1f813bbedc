import { WithdrawalProgress } from "./withdrawal-progress";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { Money } from "../../../core/api/entities";
import type { CashierTransaction } from "../../../core/api/entities-cashier";
import { BurnBonusesDialog } from "./burn-bonuses-dialog";
import { useLazySchema } from "../../lib/lazy-schema";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { methodName } from "./transaction-view";
import { AmountField, FormErrors, RequisiteFields } from "./cashier-fields";
import { formatDateTime } from "../../../core/dates";
import { CancelWithdrawal } from "./cancel-withdrawal";
import type { WithdrawData } from "./withdraw.server";
import type { WithdrawNeed } from "./withdraw-refusal";
import { Dialog, dialogTitleId } from "../../ui/dialog/dialog";
import { Field } from "../../ui/form/field";
import { ConfirmActions, ConfirmBody, DismissLink } from "../../ui/dialog/confirm-body";

export { CancelWithdrawal } from "./cancel-withdrawal";

export interface WithdrawActionData {
  result?: SubmissionResult<string[]>;
  idempotencyKey?: string;
  need?: WithdrawNeed | null;
  /** With need "profileData": the profile fields to fill in. */
  missing?: string[];
  /** With need "burnBonuses": what the bonus balances lose, and the fields to send again, agreed. */
  burning?: Money;
  resend?: Record<string, string>;
  confirm?: { step: "sent" | "failed"; message: string | null };
}

/** `noCancelUnder`: the regulator whose rules forbid cancelling a requested withdrawal (decision 0082), else null. */
export function PendingWithdrawals({ pending, noCancelUnder = null }: { pending: CashierTransaction[]; noCancelUnder?: string | null }) {
  const t = useT();
  if (pending.length === 0) return null;
  return (
    <section className="cashier__pending" aria-labelledby="pending-withdrawals">
      <h2 id="pending-withdrawals">{t("cashier.withdraw.pending")}</h2>
      <ul>
        {pending.map((tx) => (
          <li key={tx.id} className="cashier__pending-item" data-transaction={tx.id}>
            <span>{formatMoney(tx.amount)}</span>
            <span>{methodName(t, tx.method, tx.method_name)}</span>
            <span>{formatDateTime(tx.created_at)}</span>
            {tx.can_cancel && <CancelWithdrawal tx={tx} />}
            {tx.tracker && <WithdrawalProgress tracker={tx.tracker} />}
          </li>
        ))}
      </ul>
      {noCancelUnder && (
        <p className="cashier__note" data-no-cancel>
          {t("cashier.withdraw.noCancel", { regulator: noCancelUnder })}
        </p>
      )}
    </section>
  );
}

/**
 * SPEC §8: the withdraw screen's way out of a contact or KYC refusal. An unconfirmed email is
 * confirmed here (a code, then the form again) or in the profile's settings; identity is verified
 * on the profile's verification page, which also shows a pending or refused verification.
 */
function NeedPanel({ need, email, confirm }: { need: WithdrawNeed; email: string | null; confirm?: WithdrawActionData["confirm"] }) {
  const t = useT();
  const to = useLocalePath();
  if (need === "profileData") {
    return (
      <div className="cashier__confirm">
        <Link to={to("/profile/settings")} className="btn btn--primary" data-testid="withdraw-profile">
          {t("cashier.profileData.go")}
        </Link>
      </div>
    );
  }
  if (need === "burnBonuses") return null; // the dialog says it all
  if (need !== "confirmContact") {
    return (
      <div className="cashier__confirm">
        <Link to={to("/profile/verification")} className="btn btn--primary" data-testid="withdraw-verify">
          {t(need === "verify" ? "cashier.withdraw.verify" : "cashier.withdraw.verificationStatus")}
        </Link>
      </div>
    );
  }
  return (
    <div className="cashier__confirm">
      {confirm?.message && (
        <p className="field-error" role="alert">
          {confirm.message}
        </p>
      )}
      {confirm?.step === "sent" ? (
        <Form method="post" className="cashier__form">
          <input type="hidden" name="intent" value="confirmCode" />
          <p>{t("cashier.confirm.sent", { contact: email ?? "" })}</p>
          <div className="field">
            <label htmlFor="confirm-code">{t("cashier.confirm.code")}</label>
            <input id="confirm-code" name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={6} />
          </div>
          <button type="submit" className="btn btn--primary">
            {t("cashier.confirm.submit")}
          </button>
        </Form>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="sendCode" />
          <button type="submit" className="btn btn--primary">
            {t("cashier.confirm.send")}
          </button>
        </Form>
      )}
      <Link to={to("/profile/settings")} className="btn btn--ghost" data-testid="withdraw-settings">
        {t("cashier.withdraw.confirmInSettings")}
      </Link>
    </div>
  );
}

const PROFILE_DATA_DIALOG = { id: "profile-data", kind: "confirm" as const, name: "profileData", preventClose: false };

/**
 * The "filling profile info" dialog (SPEC §2 confirm dialogs), opened by a withdrawal the platform
 * refused with UserNeedProfileData: which fields are missing, the way to the profile's settings,
 * and "Not now". Rendered with the action's answer, so it shows without JavaScript too; there its
 * close is a link back to the screen.
 */
function ProfileDataDialog({ missing }: { missing: string[] }) {
  const t = useT();
  const to = useLocalePath();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const names = missing.map((f) => t(`auth.fields.${f}`)).join(", ");
  return (
    <Dialog entry={PROFILE_DATA_DIALOG} active closeHref={pathname + search} onClose={() => setOpen(false)}>
      <ConfirmBody
        testId="profile-data-dialog"
        titleId={dialogTitleId(PROFILE_DATA_DIALOG)}
        title={t("cashier.profileData.title")}
        actions={
          <ConfirmActions>
            <Link to={to("/profile/settings")} className="btn btn--primary">
              {t("cashier.profileData.go")}
            </Link>
            <DismissLink to={pathname + search} onDismiss={() => setOpen(false)}>
              {t("cashier.profileData.later")}
            </DismissLink>
          </ConfirmActions>
        }
      >
        <p>{t("cashier.profileData.text")}</p>
        {names && <p>{t("cashier.profileData.missing", { fields: names })}</p>}
      </ConfirmBody>
    </Dialog>
  );
}

const IDENTITY_AUTOCOMPLETE: Record<string, string> = { first_name: "given-name", last_name: "family-name", birth_date: "bday" };

/**
 * The withdrawal form: method (links, so it works without JavaScript), amount and requisites, and
 * for a first withdrawal the name and date of birth it needs (saved with it).
 */
export function WithdrawForm({ data, actionData }: { data: WithdrawData; actionData?: WithdrawActionData }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const method = data.method!;
  const check = useLazySchema(
    () => import("./cashier-schema"),
    (m, messages) => m.withdrawFormSchema({ rules: method.rules, fields: method.fields, overrides: messages(t) }),
    [method, t],
  );
  const [form, fields] = useForm<Record<string, string | undefined>>({
    id: `withdraw-${method.sysname}`,
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check.onValidate,
  });
  // An unconfirmed email is asked for above the form before any attempt (a first withdrawal needs it).
  const need = actionData?.need ?? (actionData?.confirm || data.email ? "confirmContact" : null);
  const sent = actionData?.result?.initialValue as Record<string, unknown> | undefined;
  return (
    <>
      {need === "confirmContact" && (
        <section className="cashier__first" aria-labelledby="withdraw-confirm-email" data-testid="withdraw-confirm-email">
          <h2 id="withdraw-confirm-email">{t("cashier.withdraw.firstEmail")}</h2>
          <NeedPanel need={need} email={data.email} confirm={actionData?.confirm} />
        </section>
      )}
      <Form method="post" className="cashier__form" {...getFormProps(form)} onFocus={check.load}>
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="method" value={method.sysname} />
        <input type="hidden" name="idempotency_key" value={actionData?.idempotencyKey ?? data.idempotencyKey} />
        <AmountField meta={fields.amount!} rules={method.rules} currency={data.currency} t={t} />
        <RequisiteFields fields={method.fields} metas={fields} banks={data.banks} t={t} />
        {data.profileMissing.length > 0 && (
          <fieldset className="cashier__identity" data-testid="withdraw-identity">
            <legend>{t("cashier.profileData.title")}</legend>
            <p className="cashier__hint">{t("cashier.profileData.inline")}</p>
            {data.profileMissing.map((k) => (
              <Field
                key={k}
                id={`withdraw-${k}`}
                name={k}
                label={t(`auth.fields.${k}`)}
                type={k === "birth_date" ? "date" : "text"}
                autoComplete={IDENTITY_AUTOCOMPLETE[k]}
                defaultValue={typeof sent?.[k] === "string" ? sent[k] : undefined}
                errors={actionData?.result?.error?.[k] ?? undefined}
              />
            ))}
          </fieldset>
        )}
        <FormErrors id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("cashier.withdraw.submit")}
        </button>
      </Form>
      {need && need !== "confirmContact" && <NeedPanel need={need} email={data.email} confirm={actionData?.confirm} />}
      {need === "profileData" && <ProfileDataDialog key={actionData?.idempotencyKey} missing={actionData?.missing ?? []} />}
      {need === "burnBonuses" && actionData?.resend && (
        <BurnBonusesDialog key={actionData.idempotencyKey} burning={actionData.burning} resend={actionData.resend} />
      )}
    </>
  );
}

import { useState } from "react";
import { useRevalidator } from "react-router";
import { browserCall } from "../../lib/api/browser-call";
import { PlatformError } from "../../../core/api/errors";
import type { DialogRenderer } from "../../shell/dialog-types";
import { dialogTitleId } from "../../ui/dialog/dialog";
import { useRootData } from "../../shell/use-root-data";
import { useT } from "../../lib/i18n/use-t";
import { sendConfirmationToContact } from "../hints/send-confirmation";
import { Field } from "./auth-form-parts";

/**
 * The email-confirm popup that opens first after registration (SPEC §2): the code registration
 * mailed confirms the address here (account.confirmContact), or a new one is sent.
 */
const EmailConfirmDialog: DialogRenderer<"emailConfirm"> = ({ entry, close }) => {
  const t = useT();
  const locale = useRootData()?.locale;
  const revalidator = useRevalidator();
  const { email } = entry.props;
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const message = (e: unknown) => (e instanceof PlatformError ? (e.fields?.code?.[0] ?? e.fields?.contact?.[0] ?? e.message) : t("auth.errors.somethingWrong"));
  return (
    <section className="auth">
      <h2 id={dialogTitleId(entry)}>{t("auth.emailConfirm.title")}</h2>
      <p>{t("auth.emailConfirm.text", { email })}</p>
      {notice && (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      )}
      <form
        className="auth__form"
        onSubmit={async (e) => {
          e.preventDefault();
          const code = String(new FormData(e.currentTarget).get("code") ?? "");
          setBusy(true);
          try {
            await browserCall("account.confirmContact", "POST", { contact: email, code }, { locale });
            await revalidator.revalidate();
            close(true);
          } catch (err) {
            setError(message(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Field name="code" label={t("auth.fields.code")} autoComplete="one-time-code" inputMode="numeric" errors={error ? [error] : undefined} />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("auth.emailConfirm.submit")}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={busy}
          onClick={async () => {
            setError(null);
            const sent = await sendConfirmationToContact(email, { locale });
            if (sent.ok) setNotice(t("auth.emailConfirm.sent"));
            else setError(sent.message ?? t("auth.errors.somethingWrong"));
          }}
        >
          {t("auth.emailConfirm.resend")}
        </button>
      </form>
    </section>
  );
};

export default EmailConfirmDialog;

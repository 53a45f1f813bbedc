import { useEffect, useState } from "react";
import { Form } from "react-router";
import type { BackupCodesInfo, PlayerSession } from "../../../core/api/contract-security";
import { formatDateTime } from "../../../core/dates";
import { FieldErrors as Errors } from "../../ui/form/field";
import { useT } from "../../lib/i18n/use-t";

/** A labelled input of the security page, with its errors tied to it. */
export function SecurityInput({
  name,
  idKey = name,
  label,
  errors,
  ...rest
}: { name: string; idKey?: string; label: string; errors?: string[] } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `security-${idKey}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} {...rest} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-error` : undefined} />
      <Errors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** A one-time code from the authenticator app: digits, autofilled where the device offers it, spaces dropped by the action. */
export const codeInput = { inputMode: "numeric" as const, autoComplete: "one-time-code", maxLength: 12, required: true };

/** Copies the codes where the browser allows it; without JavaScript the list is there to write down. */
function CopyCodes({ codes }: { codes: string[] }) {
  const t = useT();
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setReady(typeof navigator !== "undefined" && !!navigator.clipboard), []);
  if (!ready) return null;
  return (
    <button
      type="button"
      className="btn btn--ghost"
      onClick={() =>
        navigator.clipboard.writeText(codes.join("\n")).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? t("profile.security.copied") : t("profile.security.copyCodes")}
    </button>
  );
}

/**
 * Two-factor backup codes (decision 0038): a fresh set is shown once, right after it is made
 * (turning two-factor on makes the first); otherwise how many are left, and a form to make a new
 * set with a code of the authenticator.
 */
export function BackupCodes({
  info,
  fresh,
  justTurnedOn,
  errors,
  busy,
}: {
  info: BackupCodesInfo | null;
  fresh?: string[];
  justTurnedOn: boolean;
  errors?: string[];
  busy: boolean;
}) {
  const t = useT();
  if (fresh?.length) {
    return (
      <div className="security__codes" role="status" data-testid="backup-codes">
        {justTurnedOn && <p className="security__done">{t("profile.security.twofaOn")}</p>}
        <h3>{t("profile.security.backupTitle")}</h3>
        <p>{t("profile.security.backupShownOnce")}</p>
        <ol className="security__code-list" dir="ltr">
          {fresh.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <CopyCodes codes={fresh} />
      </div>
    );
  }
  const left = info?.left ?? 0;
  return (
    <div className="security__codes" data-testid="backup-codes">
      <h3>{t("profile.security.backupTitle")}</h3>
      <p data-left={left}>{info && info.total > 0 ? t("profile.security.backupLeft", { left, total: info.total }) : t("profile.security.backupNone")}</p>
      <p className="responsible__hint">{t("profile.security.backupHint")}</p>
      <Form method="post" className="responsible__form">
        <input type="hidden" name="intent" value="backupCodes" />
        <SecurityInput name="code" idKey="backup-code" label={t("profile.security.code")} errors={errors} {...codeInput} />
        <button type="submit" className="btn btn--ghost" disabled={busy}>
          {t("profile.security.newBackupCodes")}
        </button>
      </Form>
    </div>
  );
}

/** "Chrome on Android", or the part that is known, or "Unknown device". */
function deviceName(t: ReturnType<typeof useT>, s: PlayerSession): string {
  if (s.browser && s.os) return t("profile.security.deviceOn", { browser: s.browser, os: s.os });
  return s.browser || s.os || t("profile.security.unknownDevice");
}

/** The player's signed-in sessions, this one first marked, each other one with a sign-out (decision 0038). */
export function SessionsCard({ sessions, busy, formErrors }: { sessions: PlayerSession[]; busy: boolean; formErrors?: string[] }) {
  const t = useT();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section className="responsible__card" aria-labelledby="security-sessions" data-testid="sessions">
      <h2 id="security-sessions">{t("profile.security.sessionsTitle")}</h2>
      <p className="responsible__hint">{t("profile.security.sessionsHint")}</p>
      <ul className="security__sessions">
        {sessions.map((s) => (
          <li key={s.id} className="security__session" data-current={s.current || undefined} data-session={s.id}>
            <div>
              <strong>{deviceName(t, s)}</strong>
              {s.current && <span className="security__this"> · {t("profile.security.thisDevice")}</span>}
              <p className="security__meta">
                {s.ip && <span dir="ltr">{s.ip} · </span>}
                {t("profile.security.signedInAt", { time: formatDateTime(s.created_at) })} ·{" "}
                {t("profile.security.lastActive", { time: formatDateTime(s.last_seen_at) })}
              </p>
            </div>
            {!s.current && (
              <Form method="post">
                <input type="hidden" name="intent" value="endSession" />
                <input type="hidden" name="id" value={s.id} />
                <button type="submit" className="btn btn--ghost" disabled={busy} aria-label={t("profile.security.signOutDevice", { device: deviceName(t, s) })}>
                  {t("profile.security.signOut")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Errors id="security-sessions-error" errors={formErrors} />
      {others > 0 && (
        <Form method="post">
          <input type="hidden" name="intent" value="endOthers" />
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t("profile.security.signOutOthers")}
          </button>
        </Form>
      )}
    </section>
  );
}

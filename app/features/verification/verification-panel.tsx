import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { FieldErrors } from "../../ui/form/field";
import { useRevalidateOn } from "../realtime/use-revalidate-on";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { isSubmittedMessage, type VerificationState, type VerificationView } from "./verification-status";

/** The platform's event when the provider's review (or the player's submission) changes the status (decision 0037). */
const VERIFICATION_EVENT = "account.verification_updated";

/** The status the page was rendered with follows the realtime channel: a pushed change reloads the page's data. */
export function useLiveVerification(): void {
  useRevalidateOn(VERIFICATION_EVENT);
}

/**
 * The hosted page's address from the start form's answer, kept for as long as the player stays
 * on that answer's page: a revalidation (a pushed status) drops the action's data, and the frame
 * must not vanish mid-upload; a navigation (the "submitted" redirect, a reload) ends it.
 */
export function useHostedFrame(answered: string | undefined): string | undefined {
  const { key } = useLocation();
  const kept = useRef<{ key: string; frame: string } | null>(null);
  if (answered) kept.current = { key, frame: answered };
  return kept.current?.key === key ? kept.current.frame : undefined;
}

export function VerificationStatus({ view, kycBlock }: { view: VerificationView; kycBlock: boolean }) {
  const t = useT();
  return (
    <>
      {/* Announced when it changes under the player's eyes (a pushed review). */}
      <p className="verification__status" data-testid="verification-state" data-state={view.state} role="status">
        {t(`profile.verification.state.${view.state}`)}
      </p>
      {view.comment && <p data-testid="verification-comment">{t("profile.verification.comment", { comment: view.comment })}</p>}
      {kycBlock && view.state !== "verified" && <p className="notice">{t("profile.verification.kycBlock")}</p>}
    </>
  );
}

const START_LABEL: Partial<Record<VerificationState, string>> = {
  collecting: "profile.verification.continue",
  rejected_retry: "profile.verification.retry",
};

/** "Verify my identity": starts (or continues) an attempt; the action answers the hosted page's address. */
export function StartForm({ state, errors, needProfile }: { state: VerificationState; errors?: string[]; needProfile?: boolean }) {
  const t = useT();
  const to = useLocalePath();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="responsible__form">
      <input type="hidden" name="intent" value="start" />
      <p className="responsible__hint">{t("profile.verification.lead")}</p>
      <FieldErrors id="verification-start-error" errors={errors} />
      {needProfile && (
        <Link to={to("/profile/settings")} className="btn btn--ghost" data-testid="verification-profile">
          {t("profile.verification.fillProfile")}
        </Link>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t(START_LABEL[state] ?? "profile.verification.start")}
      </button>
    </Form>
  );
}

/**
 * The provider's hosted page in a frame, a plain link to the same page for players without
 * frames, and "I have submitted my documents". With JavaScript the framed page's message (from
 * its own origin, and from this frame only) sends that form by itself.
 */
export function HostedFrame({ frame, errors }: { frame: string; errors?: string[] }) {
  const t = useT();
  const ref = useRef<HTMLIFrameElement>(null);
  // A navigation, as the button's own form would be: the page and its toast come back with it.
  const submit = useSubmit();
  useEffect(() => {
    const origin = new URL(frame, location.href).origin;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== ref.current?.contentWindow || !isSubmittedMessage(e.data)) return;
      void submit({ intent: "submitted" }, { method: "post" });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frame, submit]);
  return (
    <section className="responsible__card" aria-labelledby="verification-provider">
      <h2 id="verification-provider">{t("profile.verification.frameTitle")}</h2>
      <p className="responsible__hint">{t("profile.verification.frameHint")}</p>
      <iframe ref={ref} className="verification__frame" src={frame} title={t("profile.verification.frameTitle")} data-testid="verification-frame" />
      <p>
        <a href={frame}>{t("profile.verification.openInTab")}</a>
      </p>
      <Form method="post" className="responsible__form">
        <input type="hidden" name="intent" value="submitted" />
        <FieldErrors id="verification-submitted-error" errors={errors} />
        <button type="submit" className="btn btn--ghost">
          {t("profile.verification.submitted")}
        </button>
      </Form>
    </section>
  );
}

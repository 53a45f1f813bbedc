import { useEffect, useState } from "react";
import { Link } from "react-router";
import { browserCall } from "../../lib/api/browser-call";
import { PlatformError } from "../../../core/api/errors";
import type { TFunction } from "../../lib/i18n/translate";
import { useRootData } from "../../shell/use-root-data";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { activeHints, asHintAccount, confirmSentKey, dismissedKey, nextHintChange, readFlag, setFlag, type ActiveHints, type HintAccount } from "./hints";
import { sendConfirmationToContact } from "./send-confirmation";

export interface PlayerHintsProps {
  /** The signed-in account; by default read from the root data. */
  account?: HintAccount | null;
  /** Whether the player has deposited; by default asked of the cashier while the registration hint could show. */
  hasDeposit?: boolean;
  /** The clock, injectable for tests. */
  now?: () => number;
}

export type SendState = { status: "idle" | "sending" | "sent" } | { status: "failed"; message: string | null };

/** Wraps a contact in Unicode isolates (FSI…PDI), so "+351…" or an email reads right inside Arabic text. */
const isolate = (text: string) => `\u2068${text}\u2069`;

function storageOf(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return typeof window === "undefined" ? null : window[kind];
  } catch {
    return null;
  }
}

/**
 * Dismissible notices under the header for a new player (SPEC §4 Hints): make a first deposit,
 * confirm the contact you sign in with. They depend on the browser's clock and storage, so they
 * are worked out after mount only (nothing on the server, no hydration mismatch).
 */
export default function PlayerHints({ account: given, hasDeposit: givenDeposit, now = Date.now }: PlayerHintsProps) {
  const t = useT();
  const to = useLocalePath();
  const root = useRootData();
  const rootRecord = root as Record<string, unknown> | undefined;
  const account = given ?? asHintAccount(rootRecord?.account) ?? asHintAccount(root?.player);
  const uid = account?.uid ?? 0;
  const [hints, setHints] = useState<ActiveHints | null>(null);
  const [send, setSend] = useState<SendState>({ status: "idle" });
  const [tick, setTick] = useState(0);
  const asked = useDepositCheck(givenDeposit === undefined && !!account && activeHints({ account, now: now() }).registration);
  // Until the cashier answers, assume a deposit: a hint must not flash for a player who has one.
  const hasDeposit = givenDeposit ?? asked ?? true;

  // `account` is rebuilt each render from the same data, so its fields are the real dependencies;
  // `tick` looks again when a shown hint runs out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the deps are chosen (see above)
  useEffect(() => {
    if (!account || uid <= 0) return setHints(null);
    const local = storageOf("localStorage");
    const session = storageOf("sessionStorage");
    const input = { account, now: now(), hasDeposit, confirmSent: readFlag(local, confirmSentKey(uid)) };
    const shown = activeHints(input);
    setHints({
      registration: shown.registration && !readFlag(session, dismissedKey(uid, "registration")),
      confirmContact: readFlag(session, dismissedKey(uid, "confirmContact")) ? null : shown.confirmContact,
    });
    // Look again when a shown hint runs out while the page stays open.
    const wait = nextHintChange(input);
    if (wait === null) return;
    const timer = setTimeout(() => setTick((n) => n + 1), wait + 1);
    return () => clearTimeout(timer);
    // `account` is rebuilt each render from the same data: its fields are the real dependencies.
  }, [uid, account?.reg_time, account?.login, account?.email?.is_confirmed, account?.mobile?.is_confirmed, hasDeposit, now, tick]);

  if (!hints || (!hints.registration && !hints.confirmContact && send.status !== "sent")) return null;

  const dismiss = (hint: keyof ActiveHints) => {
    setFlag(storageOf("sessionStorage"), dismissedKey(uid, hint));
    setHints((h) => (h ? { ...h, [hint]: hint === "registration" ? false : null } : h));
    if (hint === "confirmContact") setSend({ status: "idle" });
  };

  const confirm = async (contact: string) => {
    setSend({ status: "sending" });
    const result = await sendConfirmationToContact(contact, { locale: root?.locale });
    if (!result.ok) return setSend({ status: "failed", message: result.message });
    setFlag(storageOf("localStorage"), confirmSentKey(uid));
    setSend({ status: "sent" });
  };

  return (
    <HintNotices
      hints={hints}
      send={send}
      t={t}
      depositPath={to("/cashier/deposit")}
      settingsPath={to("/profile/settings")}
      onDismiss={dismiss}
      onConfirm={(contact) => void confirm(contact)}
    />
  );
}

/** cashier.getdepositinfo's has_deposit, asked once when `wanted`; null until it answers (or when it fails). */
function useDepositCheck(wanted: boolean): boolean | null {
  const [hasDeposit, setHasDeposit] = useState<boolean | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    browserCall("cashier.getdepositinfo", "GET")
      .then((info) => live && setHasDeposit(info.has_deposit))
      .catch((e: unknown) => {
        // Signed out meanwhile (another tab, self-exclusion): nothing to hint, nothing to report.
        if (!(e instanceof PlatformError && e.status === 401)) console.error("hints: deposit state failed to load", e);
      });
    return () => {
      live = false;
    };
  }, [wanted]);
  return hasDeposit;
}

export interface HintNoticesProps {
  hints: ActiveHints;
  send: SendState;
  t: TFunction;
  depositPath: string;
  /** Where the sent code is entered (the profile's contacts). */
  settingsPath: string;
  onDismiss: (hint: keyof ActiveHints) => void;
  onConfirm: (contact: string) => void;
}

/** The notice PlayerHints shows for a set of hints and the sending state: one at a time. */
export function HintNotices({ hints, send, t, depositPath, settingsPath, onDismiss, onConfirm }: HintNoticesProps) {
  const close = (hint: keyof ActiveHints) => (
    <button type="button" className="toast__close" aria-label={t("hints.dismiss")} onClick={() => onDismiss(hint)}>
      ×
    </button>
  );
  // One notice at a time (two covered the menu on a desktop and ~40 % of a phone): the first
  // deposit first; the contact's confirmation once that one is dismissed or done.
  const contact = hints.registration ? null : hints.confirmContact;
  const sent = !hints.registration && send.status === "sent";
  return (
    <section className="player-hints" aria-label={t("hints.region")} ref={reserveRoom}>
      {hints.registration && (
        <div className="notice toast" data-hint="registration">
          <span className="toast__text">
            {t("hints.registration.text")}{" "}
            <Link to={depositPath} className="btn btn--primary">
              {t("hints.registration.action")}
            </Link>
          </span>
          {close("registration")}
        </div>
      )}
      {(contact || sent) && (
        <div
          className={`notice toast${send.status === "failed" ? " notice--error" : send.status === "sent" ? " notice--success" : ""}`}
          data-hint="confirm-contact"
          role={send.status === "failed" ? "alert" : "status"}
        >
          <span className="toast__text">
            {send.status === "sent" ? (
              <>
                {t("hints.confirm.sent")}{" "}
                <Link to={settingsPath} className="btn btn--primary">
                  {t("hints.confirm.enterCode")}
                </Link>
              </>
            ) : (
              <>
                {t(contact?.type === "phone" ? "hints.confirm.phone" : "hints.confirm.email", { contact: isolate(contact?.contact ?? "") })}{" "}
                {send.status === "failed" && (
                  <>
                    <strong>{send.message ?? t("hints.confirm.failed")} </strong>
                    {/* Asked again too soon: the code mailed a moment ago (registration sends one) still works. */}
                    <Link to={settingsPath}>{t("hints.confirm.enterCode")}</Link>{" "}
                  </>
                )}
                <button type="button" className="btn btn--primary" disabled={send.status === "sending"} onClick={() => contact && onConfirm(contact.contact)}>
                  {t(send.status === "sending" ? "hints.confirm.sending" : "hints.confirm.action")}
                </button>
              </>
            )}
          </span>
          {close("confirmContact")}
        </div>
      )}
    </section>
  );
}

/**
 * Keeps room at the end of the page for the hints, which float over its bottom (app.css
 * `.app::after`): their height, kept current as they change, and none once they are gone.
 */
function reserveRoom(section: HTMLElement | null): (() => void) | undefined {
  if (!section) return;
  const root = document.documentElement;
  const set = () => root.style.setProperty("--notices-room", `${Math.ceil(section.getBoundingClientRect().height) + 16}px`);
  set();
  const watch = new ResizeObserver(set);
  watch.observe(section);
  return () => {
    watch.disconnect();
    root.style.removeProperty("--notices-room");
  };
}

import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { useLocation, useSubmit } from "react-router";
import { browserCall } from "../../lib/api/browser-call";
import { getLiveBalance, subscribeLiveBalance } from "../realtime/live-balance";
import type { ResponsibleGaming } from "../../../core/api/entities-responsible";
import { useRootData } from "../../shell/use-root-data";
import { useT } from "../../lib/i18n/use-t";
import { clockText, signedMoney } from "./format";
import { useToast } from "../../ui/toasts";
import { readFlag, setFlag } from "../hints/hints";

/** Session-storage key of the limit review reminder shown to a player in this browser session. */
const reviewShownKey = (uid: number) => `limits_review_shown:${uid}`;
/** The browser session's storage; null where reading it throws (a sandboxed frame). */
function sessionStore(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

// The reality check's timer and dialog (and XState) load only for a player who turned it on.
const RealityCheck = lazy(() => import("./reality-check").then((m) => ({ default: m.RealityCheck })));

/**
 * The session limit ended this session (decision 0089): the platform has ended it too, so the
 * player is signed out here at once, landing on the home page with the limit's toast.
 */
function SessionLimitReached() {
  const submit = useSubmit();
  useEffect(() => {
    void submit({ intent: "logout", reason: "limit" }, { method: "post", action: "/auth", replace: true });
  }, [submit]);
  return null;
}

/** How often the session's net result is read again (also on every page change). */
const REFRESH_MS = 60_000;

/**
 * The session clock in the header (time since sign-in, H:MM:SS, and the session's net result)
 * and the reality check. Loaded lazily for signed-in players only (page-extras.tsx), so its code
 * and its styles never reach anonymous pages. It renders into the header's empty
 * `#header-session` slot through a portal: the header stays server-rendered and light.
 */
export default function SessionClock() {
  const root = useRootData();
  const t = useT();
  const { key: locationKey } = useLocation();
  const locale = root?.locale;
  const uid = root?.player?.uid ?? 0;
  const [state, setState] = useState<ResponsibleGaming | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [slot, setSlot] = useState<HTMLElement | null>(null);

  const refresh = useCallback(() => {
    browserCall("account.getResponsibleGaming", "GET", {}, { locale })
      .then(setState)
      .catch(() => undefined); // the clock is a courtesy: a failed read keeps the last one
  }, [locale]);

  useEffect(() => {
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  // A page change may follow a new setting: read again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page change (locationKey) may follow a new setting: read again
  useEffect(refresh, [refresh, locationKey]);
  // A round (or any money move) brings the player a new balance, pushed by the realtime channel
  // or read by balance polling: the session's result changed with it, so read it again.
  const live = useSyncExternalStore(subscribeLiveBalance, getLiveBalance, () => null);
  useEffect(() => {
    if (live && live.uid === uid) refresh();
  }, [live, uid, refresh]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // The six-monthly limit review (decision 0091): said once per browser session, wherever the player is.
  const toast = useToast();
  const reviewDue = state?.limits_review_due === true;
  useEffect(() => {
    const store = sessionStore();
    if (!reviewDue || uid === 0 || readFlag(store, reviewShownKey(uid))) return;
    setFlag(store, reviewShownKey(uid));
    toast({ type: "info", text: t("responsible.clock.review"), time: 15_000 });
  }, [reviewDue, uid, toast, t]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the header's slot is looked up again when the player (uid) changes
  useEffect(() => setSlot(document.getElementById("header-session")), [uid]);

  if (!state || uid === 0) return null;
  const net = state.session.net;
  const elapsed = now - state.session.started_at;
  const endsAt = state.session.ends_at;
  return (
    <>
      {slot &&
        createPortal(
          <span className="session-clock" data-session-clock>
            <span title={t("responsible.clock.timeTitle")}>
              <span className="visually-hidden">{t("responsible.clock.time")}: </span>
              <time data-session-time>{clockText(elapsed)}</time>
            </span>
            {endsAt !== null && (
              <span className="session-clock__left" title={t("responsible.clock.leftTitle")}>
                <span className="visually-hidden">{t("responsible.clock.left")}: </span>
                <time data-session-left>{clockText(endsAt - now)}</time>
              </span>
            )}
            <span
              className={`session-clock__net${net.amount > 0 ? " session-clock__net--up" : net.amount < 0 ? " session-clock__net--down" : ""}`}
              title={t("responsible.clock.netTitle")}
            >
              <span className="visually-hidden">{t("responsible.clock.net")}: </span>
              <span data-session-net>{signedMoney(net)}</span>
            </span>
          </span>,
          slot,
        )}
      {endsAt !== null && now >= endsAt && <SessionLimitReached />}
      {state.reality_check_minutes > 0 && (
        <Suspense fallback={null}>
          <RealityCheck state={state} now={now} onOpen={refresh} />
        </Suspense>
      )}
    </>
  );
}

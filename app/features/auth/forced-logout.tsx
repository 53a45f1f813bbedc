import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useSubmit } from "react-router";
import type { Actor } from "xstate";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { warnAtMs } from "./machines/forced-logout-timing";
import type { forcedLogoutMachine } from "./machines/forced-logout.machine";

/** What counts as the player being there (SPEC §4); route changes are watched separately. */
const ACTIVITY = ["keydown", "click", "scroll"] as const;
/** Capture, so scrolls inside scrolling containers (which do not bubble) count too. */
const LISTEN = { passive: true, capture: true } as const;

type ForcedLogoutActor = Actor<typeof forcedLogoutMachine>;
type Warning = { remaining: number; countdownText: (seconds: number) => string } | null;

/**
 * Forced logout for a signed-in player (SPEC §4): after time_to_force_logout seconds without a key
 * press, click, scroll or route change they are signed out through the /auth action (so the
 * loaders revalidate and they land on the home page); for the last 20% an inactivity warning
 * counts down, with no close button: any activity closes it.
 *
 * Until the warning is due, a plain timer watches for inactivity; only then do the machine
 * (forced-logout.machine.ts) and XState load, started with the time the player has been idle, so
 * a page the player is using ships none of them. From then on the machine has the timing.
 *
 * The warning is its own `alertdialog` with the dialog classes rather than an entry of the dialog
 * stack: it must not wait in the stack's queue, cannot be closed by Escape or the overlay, and
 * closes itself on activity, none of which the stack's popups do.
 *
 * The actor is created in an effect: unmounting sends `session.ended` and stops it, and a fresh
 * actor per mount keeps React's development double-mount from replaying that.
 */
export default function ForcedLogout({ timeoutSeconds }: { timeoutSeconds: number }) {
  const t = useT();
  // Posted under the page's locale: signed out, the player lands on that locale's home.
  const action = useLocalePath()("/auth");
  const actionRef = useRef(action);
  const submit = useSubmit();
  const { key: locationKey } = useLocation();
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
    actionRef.current = action;
  }, [submit, action]);
  const activity = useRef<() => void>(() => {});
  const actorRef = useRef<ForcedLogoutActor | null>(null);
  const [warning, setWarning] = useState<Warning>(null);
  const [armed, setArmed] = useState(false);

  useEffect(() => {
    const spanMs = Number.isFinite(timeoutSeconds) ? Math.max(0, Math.round(timeoutSeconds * 1000)) : 0;
    if (spanMs === 0) return;
    let stopped = false;
    let lastActive = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let actor: ForcedLogoutActor | null = null;
    const logout = () => void submitRef.current({ intent: "logout" }, { method: "post", action: actionRef.current, replace: true });
    const startMachine = () =>
      void Promise.all([import("xstate"), import("./machines/forced-logout.machine")]).then(([{ createActor }, m]) => {
        if (stopped || actor) return;
        actor = createActor(m.forcedLogoutMachine.provide({ actions: { logout } }), { input: { timeoutSeconds, idleMs: Date.now() - lastActive } });
        actor.subscribe((s) => setWarning(s.hasTag("warning") ? { remaining: s.context.remaining, countdownText: m.countdownText } : null));
        actor.start();
        actorRef.current = actor;
      });
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(startMachine, Math.max(0, warnAtMs(spanMs) - (Date.now() - lastActive)));
    };
    activity.current = () => {
      if (actor) actor.send({ type: "activity.detected" });
      else {
        lastActive = Date.now();
        arm();
      }
    };
    const onActivity = () => activity.current();
    arm();
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, LISTEN);
    setArmed(true);
    return () => {
      stopped = true;
      clearTimeout(timer);
      activity.current = () => {};
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, LISTEN);
      if (actor?.getSnapshot().status === "active") actor.send({ type: "session.ended" });
      actor?.stop();
      actorRef.current = null;
      setWarning(null);
      setArmed(false);
    };
  }, [timeoutSeconds]);

  // A route change is activity too (the first render's location is the start itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change (locationKey) is the activity this effect reports
  useEffect(() => {
    activity.current();
  }, [locationKey]);

  // Marks that the timer runs (tests wait for it before moving the clock).
  if (!warning) return armed ? <span hidden data-forced-logout="armed" /> : null;
  return (
    <InactivityWarning
      title={t("forcedLogout.title")}
      text={t("forcedLogout.text", { time: warning.countdownText(warning.remaining) })}
      stay={t("forcedLogout.stay")}
      onStay={() => actorRef.current?.send({ type: "activity.detected" })}
    />
  );
}

/** The warning itself: modal, focused on open, focus given back on close, scroll locked meanwhile. */
function InactivityWarning(props: { title: string; text: string; stay: string; onStay: () => void }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    // Another dialog may hold the lock already: then it is not ours to release.
    const lockedHere = !root.classList.contains("scroll-locked");
    if (lockedHere) root.classList.add("scroll-locked");
    button.current?.focus();
    return () => {
      if (lockedHere) root.classList.remove("scroll-locked");
      before?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <div className="dialog dialog--confirm forced-logout" data-dialog="forcedLogout">
      <div className="dialog__overlay" aria-hidden="true" />
      <div className="dialog__panel" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
        <div className="dialog__body">
          <h2 id={`${id}-title`}>{props.title}</h2>
          <p id={`${id}-text`} className="forced-logout__text">
            {props.text}
          </p>
          <div className="confirm__actions">
            <button ref={button} type="button" className="btn btn--primary" onClick={props.onStay}>
              {props.stay}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useSubmit } from "react-router";
import { createActor, type Actor } from "xstate";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { countdownText, forcedLogoutMachine } from "./machines/forced-logout.machine";

/** What counts as the player being there (SPEC §4); route changes are watched separately. */
const ACTIVITY = ["keydown", "click", "scroll"] as const;
/** Capture, so scrolls inside scrolling containers (which do not bubble) count too. */
const LISTEN = { passive: true, capture: true } as const;

type ForcedLogoutActor = Actor<typeof forcedLogoutMachine>;

/**
 * Forced logout for a signed-in player (SPEC §4): after time_to_force_logout seconds without a key
 * press, click, scroll or route change they are signed out through the /auth action (so the
 * loaders revalidate and they land on the home page); for the last 20% an inactivity warning
 * counts down, with no close button: any activity closes it.
 *
 * The warning is its own `alertdialog` with the dialog classes rather than an entry of the dialog
 * stack: it must not wait in the stack's queue, cannot be closed by Escape or the overlay, and
 * closes itself on activity, none of which the stack's popups do.
 *
 * The actor is created in an effect, not by useActorRef: unmounting sends `session.ended` and
 * stops it, and a fresh actor per mount keeps React's development double-mount from replaying that.
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
  const [actor, setActor] = useState<ForcedLogoutActor | null>(null);

  useEffect(() => {
    const logout = () => void submitRef.current({ intent: "logout" }, { method: "post", action: actionRef.current, replace: true });
    const a = createActor(forcedLogoutMachine.provide({ actions: { logout } }), { input: { timeoutSeconds } });
    const onActivity = () => a.send({ type: "activity.detected" });
    a.start();
    setActor(a);
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, LISTEN);
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, LISTEN);
      if (a.getSnapshot().status === "active") a.send({ type: "session.ended" });
      a.stop();
    };
  }, [timeoutSeconds]);

  // A route change is activity too (the first render's location is the start itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change (locationKey) is the activity this effect reports
  useEffect(() => {
    actor?.send({ type: "activity.detected" });
  }, [actor, locationKey]);

  const warning = useSelector(actor ?? undefined, (s) => s?.hasTag("warning") ?? false);
  const remaining = useSelector(actor ?? undefined, (s) => s?.context.remaining ?? 0);
  if (!actor) return null;
  // Marks that the timer runs (tests wait for it before moving the clock).
  if (!warning) return <span hidden data-forced-logout="armed" />;
  return (
    <InactivityWarning
      title={t("forcedLogout.title")}
      text={t("forcedLogout.text", { time: countdownText(remaining) })}
      stay={t("forcedLogout.stay")}
      onStay={() => actor.send({ type: "activity.detected" })}
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

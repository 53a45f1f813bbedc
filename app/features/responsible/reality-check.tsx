import { useSelector } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSubmit } from "react-router";
import { createActor, type Actor } from "xstate";
import type { ResponsibleGaming } from "../../../core/api/entities-responsible";
import { formatMoney } from "../../../core/money";
import { Dialog, dialogTitleId, type DialogFrame } from "../../ui/dialog/dialog";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { clockText, signedMoney } from "./format";
import { realityCheckMachine } from "./reality-check.machine";

type RealityCheckActor = Actor<typeof realityCheckMachine>;

/** The dialog's entry: a popup that only its buttons close (no ×, no Escape, no overlay). */
const ENTRY: DialogFrame = { id: "reality-check", kind: "popup", name: "realityCheck", preventClose: true };
const ignore = () => {};

/**
 * The reality check: every N minutes of session time (the player's choice, 0 = off) a reminder
 * shows time played, money wagered and the net result, with Continue, Set a limit and Sign out.
 * The timing is reality-check.machine.ts. It uses the dialog system's Dialog component but not
 * its stack: like the inactivity warning it must open over whatever else is open, not wait in
 * the stack's queue, and close only by its own buttons.
 */
export function RealityCheck({ state, now, onOpen }: { state: ResponsibleGaming; now: number; onOpen: () => void }) {
  const t = useT();
  const to = useLocalePath();
  const navigate = useNavigate();
  const submit = useSubmit();
  const latest = useRef({ onOpen, navigate, submit, limits: to("/profile/responsible-game") });
  latest.current = { onOpen, navigate, submit, limits: to("/profile/responsible-game") };
  const [actor, setActor] = useState<RealityCheckActor | null>(null);
  const startedAt = state.session.started_at;
  const minutes = state.reality_check_minutes;
  const minutesRef = useRef(minutes);
  minutesRef.current = minutes;

  useEffect(() => {
    const a = createActor(
      realityCheckMachine.provide({
        actions: {
          openReminder: () => latest.current.onOpen(),
          goToLimits: () => void latest.current.navigate(latest.current.limits),
          signOut: () => void latest.current.submit({ intent: "logout" }, { method: "post", action: "/auth", replace: true }),
        },
      }),
      { input: { minutes: minutesRef.current, startedAt } },
    );
    a.start();
    setActor(a);
    return () => {
      a.stop();
    };
  }, [startedAt]);

  useEffect(() => {
    if (actor && actor.getSnapshot().context.intervalMs !== minutes * 60_000) actor.send({ type: "interval.changed", minutes });
  }, [actor, minutes]);

  useEffect(() => {
    if (!actor) return;
    const root = document.documentElement;
    return actor.subscribe((s) => {
      // Page scroll stays locked while the reminder is open (another dialog may hold it already).
      if (s.hasTag("open")) root.classList.add("scroll-locked");
      else if (!document.querySelector(".dialog:not([data-dialog='realityCheck'])")) root.classList.remove("scroll-locked");
    }).unsubscribe;
  }, [actor]);

  const open = useSelector(actor ?? undefined, (s) => s?.hasTag("open") ?? false);
  if (!actor) return null;
  if (!open) return <span hidden data-reality-check={minutes > 0 ? "armed" : "off"} />;
  const { wagered, net } = state.session;
  return (
    <div className="reality-check">
      <Dialog entry={ENTRY} active onClose={ignore}>
        <h2 id={dialogTitleId(ENTRY)}>{t("responsible.check.title")}</h2>
        <p>{t("responsible.check.text", { minutes })}</p>
        <dl className="reality-check__facts">
          <dt>{t("responsible.check.played")}</dt>
          <dd data-check-played>{clockText(now - startedAt)}</dd>
          <dt>{t("responsible.check.wagered")}</dt>
          <dd data-check-wagered>{formatMoney(wagered)}</dd>
          <dt>{t("responsible.check.net")}</dt>
          <dd data-check-net>{signedMoney(net)}</dd>
        </dl>
        <div className="reality-check__actions">
          <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: "check.signOut" })}>
            {t("responsible.check.signOut")}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: "check.setLimit" })}>
            {t("responsible.check.setLimit")}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: "check.continue" })}>
            {t("responsible.check.continue")}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

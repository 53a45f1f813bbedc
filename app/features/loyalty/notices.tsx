import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { Actor } from "xstate";
import type { LoyaltyNotice } from "../../../core/api/contract-loyalty";
import { browserCall } from "../../lib/api/browser-call";
import { LOYALTY_NOTIFICATION_EVENT } from "../../../core/api/reward-events";
import { onAccountEvent } from "../realtime/account-events";
import { useT } from "../../lib/i18n/use-t";
import type { noticeMachine } from "./notice.machine";
import { soundMuted } from "./notice-sound";

/** SPEC §9: the loyalty notice's sound, at half volume. */
const SOUND = "/sounds/loyalty-notice.wav";
const VOLUME = 0.5;
const FIRST_INTERACTION = ["pointerdown", "keydown", "touchstart", "scroll"] as const;

/**
 * Loyalty notices (SPEC §4, §9; issue 20): fetched (loyalty.getnotifications, which marks them
 * read) on the player's first interaction with the page and on each route change after it, and
 * when the realtime channel says one was queued; shown one at a time by the notice machine, 300 ms
 * after, for 5 s, with a sound at volume 0.5 unless the player muted it (/profile/loyalty). Reduced
 * motion: the notice appears without sliding in (CSS). The machine (and XState) loads with the
 * first notices there are to show: a page whose player has none ships none of it.
 */
export default function LoyaltyNotices({ locale }: { locale: string }) {
  const t = useT();
  const actor = useRef<Promise<Actor<typeof noticeMachine>> | null>(null);
  const [current, setCurrent] = useState<LoyaltyNotice | null>(null);
  const { pathname } = useLocation();
  const interacted = useRef(false);
  const stopped = useRef(false);

  /** The machine, started on first use (the first notices to show). */
  const started = useCallback(() => {
    actor.current ??= Promise.all([import("xstate"), import("./notice.machine")]).then(([{ createActor }, m]) => {
      const a = createActor(m.noticeMachine);
      a.subscribe((s) => setCurrent(s.context.current));
      if (!stopped.current) a.start();
      return a;
    });
    return actor.current;
  }, []);

  const fetchNotices = useCallback(() => {
    browserCall("loyalty.getnotifications", "GET", {}, { locale })
      .then(async (r) => {
        if (r.items.length === 0 && !actor.current) return;
        (await started()).send({ type: "notices.fetched", items: r.items });
      })
      .catch(() => undefined);
  }, [started, locale]);

  useEffect(
    () => () => {
      stopped.current = true;
      void actor.current?.then((a) => a.stop());
    },
    [],
  );

  useEffect(() => {
    const first = () => {
      for (const e of FIRST_INTERACTION) window.removeEventListener(e, first);
      interacted.current = true;
      fetchNotices();
    };
    for (const e of FIRST_INTERACTION) window.addEventListener(e, first, { passive: true });
    const stopPush = onAccountEvent(LOYALTY_NOTIFICATION_EVENT, () => interacted.current && fetchNotices());
    return () => {
      for (const e of FIRST_INTERACTION) window.removeEventListener(e, first);
      stopPush();
    };
  }, [fetchNotices]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a page change (pathname) is when the notices are read again
  useEffect(() => {
    if (interacted.current) fetchNotices();
  }, [pathname, fetchNotices]);

  useEffect(() => {
    if (!current || soundMuted()) return;
    const audio = new Audio(SOUND);
    audio.volume = VOLUME;
    audio.play().catch(() => undefined);
  }, [current]);

  if (!current) return null;
  return (
    <div className="loyalty-notice" role="status" data-testid="loyalty-notice" data-trigger={current.trigger}>
      {current.image && <img src={current.image} alt="" width={48} height={48} />}
      <div className="loyalty-notice__text">
        <strong>{current.title}</strong>
        <p>{current.message}</p>
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label={t("common.close")}
        onClick={() => void actor.current?.then((a) => a.send({ type: "notice.close" }))}
      >
        ×
      </button>
    </div>
  );
}

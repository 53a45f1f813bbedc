import { useSelector } from "@xstate/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { createActor } from "xstate";
import { browserCall } from "../../lib/api/browser-call";
import { LOYALTY_NOTIFICATION_EVENT } from "../../../core/api/contract-loyalty";
import { onAccountEvent } from "../realtime/account-events";
import { useT } from "../../lib/i18n/use-t";
import { noticeMachine } from "./notice.machine";
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
 * motion: the notice appears without sliding in (CSS).
 */
export default function LoyaltyNotices({ locale }: { locale: string }) {
  const t = useT();
  const [actor] = useState(() => createActor(noticeMachine));
  const current = useSelector(actor, (s) => s.context.current);
  const { pathname } = useLocation();
  const interacted = useRef(false);

  const fetchNotices = useCallback(() => {
    browserCall("loyalty.getnotifications", "GET", {}, { locale })
      .then((r) => actor.send({ type: "notices.fetched", items: r.items }))
      .catch(() => undefined);
  }, [actor, locale]);

  useEffect(() => {
    actor.start();
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
      actor.stop();
    };
  }, [actor, fetchNotices]);

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
      <button type="button" className="toast__close" aria-label={t("common.close")} onClick={() => actor.send({ type: "notice.close" })}>
        ×
      </button>
    </div>
  );
}

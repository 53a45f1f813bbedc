import { useEffect, useState } from "react";
import type { SportEvent } from "../../../core/api/contract-sportsbook";
import { applySportsMessage, clearMoves, initialLive, type LiveState } from "./live-odds-state";
import { afterDeferredParts } from "./hydration-gate";
import { liveStore } from "./live-store";
import { openSportsFeed } from "./sports-feed";

/** How long an odds move stays marked up or down. */
const MOVE_MARK_MS = 2500;

/**
 * The server-rendered odds, then kept current by /realtime/sports (pushed, no polling). The socket
 * opens after hydration (an effect), only on /betting, and closes when the page is left.
 * `events` must keep its identity between renders of the same loader data (a memo): the merge
 * below runs whenever it changes.
 */
export function useLiveOdds(events: readonly SportEvent[]): { live: LiveState; open: boolean } {
  const [live, setLive] = useState(() => initialLive(events));
  const [open, setOpen] = useState(false);
  // New loader data (a filter, a placed bet): start again from it, keeping newer live versions.
  useEffect(
    () => setLive((s) => events.reduce((acc, e) => (acc.events[e.id] && acc.events[e.id]!.version >= e.version ? acc : mergeEvent(acc, e)), s)),
    [events],
  );
  useEffect(() => liveStore.set(live), [live]);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    let stopped = false;
    const stop = openSportsFeed({
      origin: window.location.origin,
      onState: setOpen,
      // While a deferred part of the page hydrates, a message waits (hydration-gate.ts).
      onMessage: (m) =>
        afterDeferredParts(() => {
          if (stopped) return;
          setLive((s) => applySportsMessage(s, m));
          const ids = (m.data as { markets?: Array<{ selections: Array<{ id: number }> }> })?.markets?.flatMap((mk) => mk.selections.map((x) => x.id)) ?? [];
          const timer = setTimeout(() => {
            timers.delete(timer);
            setLive((s) => clearMoves(s, ids));
          }, MOVE_MARK_MS);
          timers.add(timer);
        }),
    });
    return () => {
      stopped = true;
      stop();
      for (const t of timers) clearTimeout(t);
    };
  }, []);
  return { live, open };
}

function mergeEvent(s: LiveState, e: SportEvent): LiveState {
  const fresh = initialLive([e]);
  return {
    events: { ...s.events, ...fresh.events },
    selections: { ...s.selections, ...fresh.selections },
    markets: { ...s.markets, ...fresh.markets },
    moved: s.moved,
  };
}

import type { SportEvent, SportMarket } from "../../../core/api/contract-sportsbook";

/**
 * The live odds the page shows (decision 0073-sportsbook-page): the server-rendered events, then
 * every `sports.event` message of /realtime/sports (sports-shared interface 3) applied only when
 * its version is newer than what the page has. Flat by id, so an odds button, a market and the
 * slip each look up what they need; `moved` says which way a selection's odds went last.
 */
export type LiveEventData = {
  event_id: number;
  version: number;
  status: SportEvent["status"];
  score: { home: number; away: number } | null;
  minute: number | null;
  markets: Array<{ id: number; status: SportMarket["status"]; selections: Array<{ id: number; odds: number; result: string | null }> }>;
};
export type SportsMessage = { event: string; data: unknown; ts?: number };

export type LiveEvent = Pick<LiveEventData, "version" | "status" | "score" | "minute">;
export type LiveSelection = { odds: number; market_status: SportMarket["status"]; event_id: number };
export type LiveState = {
  events: Readonly<Record<number, LiveEvent>>;
  selections: Readonly<Record<number, LiveSelection>>;
  markets: Readonly<Record<number, SportMarket["status"]>>;
  moved: Readonly<Record<number, "up" | "down">>;
};

/** A state of objects of its own, not shared with an earlier state: written in place by `put`. */
type Writable = { [K in keyof LiveState]: Record<number, LiveState[K][number]> };

/**
 * The server-rendered events as a state, written in one pass (applying them one by one copied the
 * whole state for each event: a page of 20 events copied thousands of entries on every render).
 */
export function initialLive(events: readonly SportEvent[]): LiveState {
  const state: Writable = { events: {}, selections: {}, markets: {}, moved: {} };
  // A SportEvent has every field put reads (markets' ids, statuses, selections' odds).
  for (const e of events) put(state, { ...e, event_id: e.id }, false);
  return state;
}

function isEventData(d: unknown): d is LiveEventData {
  const v = d as LiveEventData | null;
  return !!v && typeof v.event_id === "number" && typeof v.version === "number" && Array.isArray(v.markets);
}

/** Writes a newer version of an event into `state`; false (nothing written) when it is not newer. */
function put(state: Writable, d: LiveEventData, markMoves: boolean): boolean {
  const known = state.events[d.event_id];
  if (known && d.version <= known.version) return false;
  for (const m of d.markets) {
    state.markets[m.id] = m.status;
    for (const x of m.selections) {
      const before = state.selections[x.id]?.odds;
      if (markMoves && before !== undefined && before !== x.odds) state.moved[x.id] = x.odds > before ? "up" : "down";
      state.selections[x.id] = { odds: x.odds, market_status: m.status, event_id: d.event_id };
    }
  }
  state.events[d.event_id] = { version: d.version, status: d.status, score: d.score, minute: d.minute };
  return true;
}

/** One socket message: a newer `sports.event` is applied (odds moves marked), anything else is ignored. */
export function applySportsMessage(state: LiveState, message: SportsMessage): LiveState {
  if (message.event !== "sports.event" || !isEventData(message.data)) return state;
  const next: Writable = { events: { ...state.events }, selections: { ...state.selections }, markets: { ...state.markets }, moved: { ...state.moved } };
  return put(next, message.data, true) ? next : state;
}

/** The move marks fade: the page clears them a moment after they were set. */
export function clearMoves(state: LiveState, ids: readonly number[]): LiveState {
  if (!ids.some((id) => id in state.moved)) return state;
  const moved = { ...state.moved };
  for (const id of ids) delete moved[id];
  return { ...state, moved };
}

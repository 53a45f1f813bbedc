import type { RecentWin } from "../../core/api/entities-games";
import { WIN_EVENT } from "../../core/api/realtime-events";
import type { RealtimeEvent } from "./events";
import { winsFeed } from "./wins-feed";

/**
 * The platform's side of the realtime channel: features publish SPEC §4 events to a player
 * (account.balance_updated, campaign.offer.available, vpn.low_balance…) through here. Delivery is
 * best effort — the database is the truth and the client can always re-read it — so callers pass
 * the promise to waitUntil and a failure is only logged.
 */

function channel(env: Env, uid: number) {
  return env.PLAYER_CHANNEL.get(env.PLAYER_CHANNEL.idFromName(String(uid)));
}

/** Hands `{ event, data, ts }` to a hub's `publish`; a failure (even reaching the hub) is only logged. */
async function deliver(event: RealtimeEvent, hub: () => { publish(message: RealtimeEvent): Promise<unknown> }): Promise<void> {
  try {
    await hub().publish(event);
  } catch (e) {
    console.error(`realtime: publishing ${event.event} failed`, e instanceof Error ? e.message : e);
  }
}

/** Sends `{ event, data, ts }` to every open connection of the player. Never throws. */
export function publish(env: Env, uid: number, event: string, data: unknown, ts = Date.now()): Promise<void> {
  return deliver({ event, data, ts }, () => channel(env, uid));
}

/** Closes every open connection of the player (sign-out). Never throws. */
export async function disconnectPlayer(env: Env, uid: number): Promise<void> {
  if (!(uid > 0)) return;
  try {
    await channel(env, uid).disconnectAll("signed out");
  } catch (e) {
    console.error("realtime: closing the player's connections failed", e instanceof Error ? e.message : e);
  }
}

/** Sends a win to the public wins feed (every open ticker). Never throws. */
export function publishWin(env: Env, win: RecentWin, ts = Date.now()): Promise<void> {
  return deliver({ event: WIN_EVENT, data: win, ts }, () => winsFeed(env));
}

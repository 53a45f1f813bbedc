import type { RealtimeEvent } from "./channel-core";

/**
 * The realtime channel's events for the page that shows what they change (the verification
 * page revalidates on `account.verification_updated`). The realtime client, lazily loaded, feeds
 * this; a page subscribes without loading the channel's code itself.
 */
type Listener = (event: RealtimeEvent) => void;

const listeners = new Map<string, Set<Listener>>();

/** Called by the realtime client with every event of the signed-in player. */
export function emitAccountEvent(event: RealtimeEvent): void {
  for (const l of listeners.get(event.event) ?? []) l(event);
}

/** Calls `listener` on every event named `name`; answers the unsubscribe (for an effect's cleanup). */
export function onAccountEvent(name: string, listener: Listener): () => void {
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

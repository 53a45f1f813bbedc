import { useSyncExternalStore } from "react";

/**
 * The header's live balance: the newest total the realtime channel or balance polling brought,
 * with the time it was true. It is on every page's first load (the header reads it), so it holds
 * only text — the lazily loaded realtime client formats the money.
 */
export interface LiveBalance {
  /** Formatted total (formatMoney of main + bonus + betting bonus). */
  text: string;
  /** The same, formatted per balance: the header's split (SPEC §9), shown on demand. */
  split: BalanceSplit;
  /** When the balance was read, Unix ms: the event's ts, or when a poll asked. */
  at: number;
  uid: number;
}

export interface BalanceSplit {
  main: string;
  bonus: string;
  betting: string;
}

let current: LiveBalance | null = null;
const listeners = new Set<() => void>();

/** Takes a newer balance; an older one (a late poll, an event overtaken by another) is ignored. */
export function setLiveBalance(next: LiveBalance): void {
  if (current && current.uid === next.uid && next.at < current.at) return;
  current = next;
  for (const l of listeners) l();
}

/** The newest live balance of this page, or null before the first. */
export const getLiveBalance = (): LiveBalance | null => current;

/** The live text when it is the same player's and at least as new as the server's; else the server's. */
export function chooseBalanceText(live: LiveBalance | null, uid: number, serverText: string, serverAt: number): string {
  return live && live.uid === uid && live.at >= serverAt ? live.text : serverText;
}

/** The live split by the same rule as the text. */
function chooseSplit(live: LiveBalance | null, uid: number, server: BalanceSplit, serverAt: number): BalanceSplit {
  return live && live.uid === uid && live.at >= serverAt ? live.split : server;
}

/** Calls `l` on every newer balance (for useSyncExternalStore); answers the unsubscribe. */
export const subscribeLiveBalance = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const subscribe = subscribeLiveBalance;

/**
 * The balance text to show: the server-rendered one, unless a live value of the same player is at
 * least as new — so a root-data revalidation that started before an event cannot step it back.
 */
export function useBalanceText(uid: number, serverText: string, serverAt: number): string {
  return chooseBalanceText(
    useSyncExternalStore(subscribe, getLiveBalance, () => null),
    uid,
    serverText,
    serverAt,
  );
}

/** The header's balance as text: the live value when it is newer than the page's (see above). */
export function BalanceText({ uid, text, at }: { uid: number; text: string; at: number }): string {
  return useBalanceText(uid, text, at);
}

/** The header's split of the total into main, bonus and betting bonus, live like the total. */
export function useBalanceSplit(uid: number, server: BalanceSplit, serverAt: number): BalanceSplit {
  return chooseSplit(
    useSyncExternalStore(subscribe, getLiveBalance, () => null),
    uid,
    server,
    serverAt,
  );
}

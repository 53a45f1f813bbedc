import { useEffect, useRef } from "react";
import { browserCall } from "../../lib/api/browser-call";
import type { Money } from "../../../core/api/entities";
import { formatMoney, totalBalance } from "../../../core/money";
import type { BalanceRefreshSettings } from "./balance-polling.machine";
import { emitAccountEvent } from "./account-events";
import { connectRealtime } from "./connection";
import { setLiveBalance } from "./live-balance";

interface BalanceFields {
  balance_main: Money;
  balance_bonus: Money;
  balance_betting_bonus: Money;
}

export interface RealtimeClientProps {
  uid: number;
  /** Server time of the page's balance (root data), to map this browser's clock onto the server's. */
  balanceAt: number;
  balanceRefresh: BalanceRefreshSettings;
}

const isMoney = (m: unknown): m is Money => typeof (m as Money | null)?.amount === "number" && typeof (m as Money).currency === "string";
const isBalances = (d: unknown): d is BalanceFields => {
  const b = d as Partial<BalanceFields> | null;
  return !!b && isMoney(b.balance_main) && isMoney(b.balance_bonus) && isMoney(b.balance_betting_bonus);
};

const show = (uid: number, b: BalanceFields, at: number) =>
  setLiveBalance({
    uid,
    text: formatMoney(totalBalance(b)),
    split: { main: formatMoney(b.balance_main), bonus: formatMoney(b.balance_bonus), betting: formatMoney(b.balance_betting_bonus) },
    at,
  });

/** The header's plain sign-out form (features/layout/header.tsx) and any other logout form. */
const isLogoutForm = (t: EventTarget | null) => t instanceof HTMLFormElement && (t.elements.namedItem("intent") as HTMLInputElement | null)?.value === "logout";

/**
 * The signed-in player's live pieces (SPEC §4, §7): the realtime channel (one WebSocket for all
 * tabs through a SharedWorker) and balance polling, both feeding the header's balance store.
 * Renders nothing. Lazily loaded from page-extras, so visitors never download it.
 */
export default function RealtimeClient({ uid, balanceAt, balanceRefresh }: RealtimeClientProps) {
  // Poll answers carry no server time: stamp them with this browser's clock moved onto the server's.
  const skew = useRef(balanceAt - Date.now());

  const settings = JSON.stringify(balanceRefresh);

  useEffect(() => {
    const connection = connectRealtime(uid, (e) => {
      if (e.event === "account.balance_updated" && isBalances(e.data)) show(uid, e.data, e.ts);
      else emitAccountEvent(e);
    });
    // Signing out closes the shared connection before the form leaves (SPEC §4); the server
    // closes the sockets too, for sign-outs that do not pass here (forced logout, other devices).
    const onSubmit = (e: SubmitEvent) => isLogoutForm(e.target) && connection.signOut();
    document.addEventListener("submit", onSubmit, true);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      connection.leave();
    };
  }, [uid]);

  // The settings object is new with each root revalidation: restart only when its values change.
  useEffect(() => {
    const s = JSON.parse(settings) as BalanceRefreshSettings;
    if (!s.isEnabledInterval && !s.isEnabledRequestsAfterClick) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    const poll = async () => {
      const at = Date.now() + skew.current;
      try {
        show(uid, await browserCall("account.getBalance", "GET"), at);
      } catch (e) {
        console.warn("realtime: balance refresh failed", e instanceof Error ? e.message : e);
      }
    };
    // XState loads only when the site turns polling on.
    void import("./balance-polling").then((m) => {
      if (!unmounted) stop = m.startBalancePolling(s, () => void poll());
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [uid, settings]);

  return null;
}

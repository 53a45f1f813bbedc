import { useEffect } from "react";
import { VPN_EVENTS, vpnEventKey, type VpnEvent } from "../../../core/api/realtime-events";
import type { ToastType } from "../../lib/toast";
import { useToast } from "../../ui/toasts";
import { onAccountEvent } from "../realtime/account-events";
import { useT } from "../../lib/i18n/use-t";

/** How each VPN event reads: a warning when the player may want to act, else news. */
const TYPES: Record<VpnEvent, ToastType> = {
  "vpn.low_balance": "warning",
  subscription_activated: "success",
  subscription_ends_soon: "warning",
  subscription_ended: "info",
  auto_renewal_activated: "info",
  auto_renewal_deactivated: "info",
  auto_renewal_soon: "info",
};

/**
 * What the /vpn page's own forms do (buy, turn auto-renewal on or off): there the page says it
 * with its own toast, so the same news over the realtime channel would say it twice.
 */
const PAGE_ACTIONS: ReadonlySet<VpnEvent> = new Set(["subscription_activated", "auto_renewal_activated", "auto_renewal_deactivated"]);
const onVpnPage = () => /(^|\/)vpn\/?$/.test(location.pathname);

/**
 * The VPN subscription's realtime events (SPEC §4, decision 0053) as toasts on any page. Loaded
 * lazily with the signed-in player's page extras, never with the first load; the texts are the
 * `vpn.events` messages every page carries.
 */
export default function VpnToasts() {
  const t = useT();
  const toast = useToast();
  useEffect(() => {
    const stops = VPN_EVENTS.map((event) =>
      onAccountEvent(event, () => {
        if (PAGE_ACTIONS.has(event) && onVpnPage()) return;
        toast({ type: TYPES[event], text: t(`vpn.events.${vpnEventKey(event)}`), time: 8000 });
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [t, toast]);
  return null;
}

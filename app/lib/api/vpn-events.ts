/**
 * SPEC §4: the VPN subscription's realtime events on the player's channel (decision 0053). Their
 * own module so the lazily loaded toasts can listen without loading the contract (and Zod).
 */
export const VPN_EVENTS = [
  "vpn.low_balance",
  "subscription_activated",
  "subscription_ends_soon",
  "subscription_ended",
  "auto_renewal_activated",
  "auto_renewal_deactivated",
  "auto_renewal_soon",
] as const;
export type VpnEvent = (typeof VPN_EVENTS)[number];

/** The message key of an event's toast under `vpn.events` (keys cannot hold dots). */
export const vpnEventKey = (event: VpnEvent) => event.replace(/^vpn\./, "");

/**
 * Realtime event names that browser code listens for, in their own module so lazily loaded
 * listeners need not load the contract (and Zod).
 */

/** The public wins feed's one event (decision 0034): its own module, so the feed carries it inline. */
export { WIN_EVENT } from "./win-event";

/** SPEC §4: the VPN subscription's realtime events on the player's channel (decision 0053). */
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

import { z } from "zod";
import { idOf, method, refusal, rewardKey } from "./define";
import { Money } from "./entities";

/**
 * The VPN shop of the /api contract (SPEC §7 vpn.*; issue 24, decision 0053): plans bought from
 * the main balance, one subscription per player (buying again extends it), renewed by the clock
 * when auto-renewal is on. Spread into `contract`.
 */

export { VPN_EVENTS, type VpnEvent } from "./realtime-events";

export const VpnPlan = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  description: z.string(),
  days: z.number().int(),
  devices: z.number().int(),
  /** In the reader's currency (a visitor: the site's default); null when the plan is not sold in it. */
  price: Money.nullable(),
});
export type VpnPlan = z.infer<typeof VpnPlan>;

export const VpnSubscription = z.strictObject({
  /** none: never bought; ended: its time ran out without a renewal. */
  status: z.enum(["active", "ended", "none"]),
  plan: VpnPlan.nullable(),
  /** Unix milliseconds; null with status none. */
  started_at: z.number().int().nullable(),
  ends_at: z.number().int().nullable(),
  auto_renewal: z.boolean(),
  /** The demo access configuration to paste into a VPN client (shown while active). */
  access_key: z.string().nullable(),
});
export type VpnSubscription = z.infer<typeof VpnSubscription>;

const flag = (name: string) =>
  z
    .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean()], { error: `${name} is 0 or 1` })
    .transform((v) => v === 1 || v === "1" || v === true);

export const vpnMethods = {
  "vpn.getShop": method({
    group: "vpn",
    name: "getShop",
    verb: "GET",
    access: "public",
    summary: "The VPN plans on sale: days, devices, localized title and description, price in the reader's currency.",
    params: z.object({}),
    result: z.strictObject({ items: z.array(VpnPlan) }),
  }),
  "vpn.createSubscription": method({
    group: "vpn",
    name: "createSubscription",
    verb: "POST",
    access: "player",
    refuses: [refusal.funds, refusal.unknown],
    summary:
      "Buy a plan from the main balance, once per key. While a subscription is active the plan's days are added after its end. " +
      "402 BillingTransactionDeclinedException when the main balance does not cover the price; 404 unknown_plan; 400 not_in_currency, key_reused (params.code).",
    params: z.object({
      plan_id: idOf("plan_id"),
      auto_renewal: flag("auto_renewal").default(false),
      key: rewardKey,
    }),
    result: VpnSubscription,
  }),
  "vpn.getSubscription": method({
    group: "vpn",
    name: "getSubscription",
    verb: "GET",
    access: "player",
    summary: "The player's subscription: status (active, ended, none), plan, start and end, auto-renewal and the demo access key.",
    params: z.object({}),
    result: VpnSubscription,
  }),
  "vpn.setAutoRenewalSubscription": method({
    group: "vpn",
    name: "setAutoRenewalSubscription",
    verb: "POST",
    access: "player",
    refuses: [refusal.conflict],
    summary: "Turn auto-renewal of the active subscription on (1) or off (0). 409 no_subscription without an active one.",
    params: z.object({ enabled: flag("enabled") }),
    result: VpnSubscription,
  }),
};

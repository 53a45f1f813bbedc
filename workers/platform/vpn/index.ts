import type { Handlers } from "../core/context";
import { createSubscription } from "./buy";
import { getShop, readSubscription, setAutoRenewal } from "./subscription";

/** The vpn.* methods (issue 24, decision 0053). */
type VpnMethods = "vpn.getShop" | "vpn.createSubscription" | "vpn.getSubscription" | "vpn.setAutoRenewalSubscription";

export const vpnHandlers: Handlers<VpnMethods> = {
  "vpn.getShop": (_, ctx) => getShop(ctx),
  "vpn.createSubscription": (params, ctx) => createSubscription(ctx, params),
  "vpn.getSubscription": (_, ctx) => readSubscription(ctx),
  "vpn.setAutoRenewalSubscription": ({ enabled }, ctx) => setAutoRenewal(ctx, enabled),
};

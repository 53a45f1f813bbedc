import { PlatformError } from "../../../core/api/errors";
import type { MessageDelivery } from "./messaging";
import { ProviderRegistry } from "./registry";

/**
 * No delivery: a message cannot leave, said plainly (503) rather than dropped in silence. The
 * demo outbox is registered everywhere (see demo/providers.ts), so only a deployment that removed
 * it without registering another gets here.
 */
const noDelivery: MessageDelivery = {
  send: async () => {
    throw new PlatformError("ApplicationUnavailable", "Mail and SMS cannot be sent from this site right now");
  },
};

/** The mail and SMS deliveries of this deployment; it sends with the first one offered. */
export const messageDeliveries = new ProviderRegistry<MessageDelivery>();

/** The delivery this platform sends a request's messages with. */
export function messageDelivery(env: Env): MessageDelivery {
  return messageDeliveries.first(env) ?? noDelivery;
}

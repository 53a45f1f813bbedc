import type { PaymentProvider } from "./payments";
import { ProviderRegistry } from "./registry";

/**
 * Payment systems by the name methods (cashier_methods.provider) and callback URLs
 * (/platform/payments/callback/{name}) use. The composition root registers them; the demo one
 * (`demo`) pays whatever the player clicks, so it is offered outside production and in production
 * only when an operator says so (DEMO_PROVIDERS names `payments`, or the older `DEMO_PAYMENTS=on`).
 */
export const paymentProviders = new ProviderRegistry<PaymentProvider>();

/** The payment system of that name, if it exists and is switched on for this deployment. */
export function providerNamed(env: Env, name: string): PaymentProvider | null {
  return paymentProviders.named(env, name);
}

import { demoPaymentProvider } from "../demo/payment-provider";
import { demoOn } from "../demo/switches";
import type { PaymentProvider } from "./provider";

/** Payment systems by the name methods (cashier_methods.provider) and callback URLs use. */
const PROVIDERS: Readonly<Record<string, PaymentProvider>> = { demo: demoPaymentProvider };

/**
 * The demo payment system pays whatever the player clicks: on outside production, and in
 * production only when an operator says so (DEMO_PROVIDERS names `payments`, or the older
 * `DEMO_PAYMENTS=on`; a demo or staging site). demo/switches.ts decides.
 */
export function demoPaymentsEnabled(env: Parameters<typeof demoOn>[0]): boolean {
  return demoOn(env, "payments");
}

/** The payment system of that name, if it exists and is switched on for this deployment. */
export function providerNamed(env: Env, name: string): PaymentProvider | null {
  if (!Object.hasOwn(PROVIDERS, name)) return null;
  if (name === "demo" && !demoPaymentsEnabled(env)) return null;
  return PROVIDERS[name]!;
}

import { demoPaymentProvider } from "../demo/payment-provider";
import type { PaymentProvider } from "./provider";

/** Payment systems by the name methods (cashier_methods.provider) and callback URLs use. */
const PROVIDERS: Readonly<Record<string, PaymentProvider>> = { demo: demoPaymentProvider };

/**
 * The demo payment system pays whatever the player clicks: on outside production, and in
 * production only when an operator says so (`DEMO_PAYMENTS=on`, a demo or staging site).
 */
export function demoPaymentsEnabled(env: Pick<Env, "APP_ENV"> & { DEMO_PAYMENTS?: string }): boolean {
  return env.DEMO_PAYMENTS === "on" || (env.DEMO_PAYMENTS !== "off" && env.APP_ENV !== "production");
}

/** The payment system of that name, if it exists and is switched on for this deployment. */
export function providerNamed(env: Env, name: string): PaymentProvider | null {
  if (!Object.prototype.hasOwnProperty.call(PROVIDERS, name)) return null;
  if (name === "demo" && !demoPaymentsEnabled(env)) return null;
  return PROVIDERS[name]!;
}

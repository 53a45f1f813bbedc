import { demoPaymentProvider } from "../demo/payment-provider";
import type { PaymentProvider } from "./provider";

/** Payment systems by the name methods (cashier_methods.provider) and callback URLs use. */
const PROVIDERS: Readonly<Record<string, PaymentProvider>> = { demo: demoPaymentProvider };

export function providerNamed(name: string): PaymentProvider | null {
  return Object.prototype.hasOwnProperty.call(PROVIDERS, name) ? PROVIDERS[name]! : null;
}

import { messageDeliveries } from "../providers/messaging-registry";
import { pushRelays } from "../providers/push";
import { demoPushRelay } from "./push-relay";
import { oauthProviders } from "../providers/oauth-registry";
import { paymentProviders } from "../providers/payments-registry";
import { verificationProviders } from "../providers/verification-registry";
import { exclusionRegisters } from "../providers/exclusion-registers";
import { demoExclusionRegister } from "./exclusion-register";
import { outboxDelivery } from "./messenger";
import { demoOAuthProvider } from "./oauth-demo-provider";
import { demoPaymentProvider } from "./payment-provider";
import { demoOn } from "./switches";
import { demoVerificationProvider } from "./verification-provider";

/**
 * The demo stand-ins' registration into the platform's provider registries (platform/providers/):
 * the Worker entry (workers/app.ts) installs it at start, as does any other entry that serves the
 * platform (the Worker tests' setup, their stand-in remote platform). Each stand-in is offered
 * only where its switch is on (decision 0060): outside production, or in production when
 * DEMO_PROVIDERS names it. Installing again replaces the same registrations: it changes nothing.
 */
export function installDemoProviders(): void {
  // "Playfront Pay": the demo PSP; DEMO_PAYMENTS (on/off) still decides it when set.
  paymentProviders.register({ name: "demo", offered: (env) => demoOn(env, "payments"), provider: demoPaymentProvider });
  // "Playfront ID": vouches for any email typed into it, so never in production unless named.
  oauthProviders.register({ name: "demo", offered: (env) => demoOn(env, "oauth"), provider: demoOAuthProvider });
  // The demo identity verification: its hosted page, review console and webhooks.
  verificationProviders.register({ name: "demo", offered: (env) => demoOn(env, "verification"), provider: demoVerificationProvider });
  // The outbox is where every deployment's mail and SMS go until an operator registers a real
  // delivery, so it is offered everywhere, as before the registries; the `mailbox` switch gates
  // only the page that shows it (/platform/demo/mailbox).
  messageDeliveries.register({ name: "demo", offered: () => true, provider: outboxDelivery });
  // The demo push relay, standing in for a browser's push service (decision 0114).
  pushRelays.register({ name: "demo", offered: (env) => demoOn(env, "push"), provider: demoPushRelay });
  // The national self-exclusion registers' stand-ins, one per scheme a profile names.
  for (const register of ["gamstop", "cruks", "spelpaus", "oasis"]) {
    exclusionRegisters.register({ name: register, offered: (env) => demoOn(env, "registers"), provider: demoExclusionRegister(register) });
  }
}

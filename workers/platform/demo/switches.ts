import type { MiddlewareHandler } from "hono";

/**
 * The demo stand-ins (decision 0060): each replaces a real service a production site gets from
 * elsewhere, and each vouches for whatever it is told (an OAuth identity for any email typed, a
 * payment for any click, a verified identity for any upload). So each exists in production only
 * when the operator names it in DEMO_PROVIDERS (a demo or staging site); outside production all
 * are on. This file is the one place that reads the switch.
 */
export const DEMO_STAND_INS = {
  /** The "Playfront ID" OAuth provider: /platform/demo/oauth/*, `service=demo`, its social button. */
  oauth: "the demo OAuth provider",
  /** The demo payment system: /platform/demo/pay/*, its cashier methods, its pending-payment timer. */
  payments: "the demo payment system",
  /** The demo identity verification provider: hosted page, review console, its webhook and retention clocks. */
  verification: "the demo verification provider",
  /** The demo chat's operator console: /platform/demo/chat. */
  chat: "the demo chat operator console",
  /** The demo support inbox: /platform/demo/support. */
  support: "the demo support inbox",
  /** The demo mail and SMS provider's mailbox: /platform/demo/mailbox. */
  mailbox: "the demo mailbox",
  /** The demo analytics views: /platform/demo/analytics and /platform/demo/vitals (decision 0113). */
  analytics: "the demo analytics view",
  /** The demo clock hooks that move time for one player or event (cashback week, offers, tournaments, sportsbook, VPN). */
  clocks: "the demo clock hooks",
  /** The demo national self-exclusion registers (GAMSTOP, CRUKS, Spelpaus, OASIS): a register that excludes whom its store lists. */
  registers: "the demo national self-exclusion registers",
  /** The demo back office's actions an operator takes on a player (ban): /platform/demo/players/*. */
  backoffice: "the demo back office",
  /** The demo push relay standing in for a browser's push service, and its inbox: /platform/demo/push/*. */
  push: "the demo push relay",
} as const;

export type DemoStandIn = keyof typeof DEMO_STAND_INS;
export const DEMO_STAND_IN_NAMES = Object.keys(DEMO_STAND_INS) as DemoStandIn[];

type SwitchEnv = Pick<Env, "APP_ENV"> & { DEMO_PROVIDERS?: string; DEMO_PAYMENTS?: string };

/** The names DEMO_PROVIDERS lists (commas, spaces allowed around them). */
export function namedStandIns(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Whether a demo stand-in runs here: named in DEMO_PROVIDERS, or any when APP_ENV is not
 * production. DEMO_PAYMENTS (older, kept for compatibility) still decides the payment system
 * when set: "on" keeps it in production, "off" switches it off everywhere.
 */
export function demoOn(env: SwitchEnv, name: DemoStandIn): boolean {
  if (name === "payments" && env.DEMO_PAYMENTS === "on") return true;
  if (name === "payments" && env.DEMO_PAYMENTS === "off") return false;
  return env.APP_ENV !== "production" || namedStandIns(env.DEMO_PROVIDERS).includes(name);
}

/** The demo payment system (decision 0060's `demoPaymentsEnabled`): the switch's answer for `payments`. */
export function demoPaymentsEnabled(env: SwitchEnv): boolean {
  return demoOn(env, "payments");
}

/** Route middleware: a stand-in that is off answers 404, like any unknown path. */
export const demoOnly =
  (name: DemoStandIn): MiddlewareHandler<{ Bindings: Env }> =>
  async (c, next) => {
    if (!demoOn(c.env, name)) return c.text("Not found", 404);
    await next();
  };

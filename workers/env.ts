import { z } from "zod";

const DEV_SECRET = "local-development-secret-not-for-production";
const DEV_BOT_TOKEN = "123456:local-development-bot-token";

const Vars = z
  .object({
    APP_ENV: z.enum(["local", "test", "production"]),
    PLATFORM_ORIGIN: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]),
    PUBLIC_ORIGIN: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]),
    FRAME_ANCESTORS: z.string(),
    SITE_CACHE_SECONDS: z.string().regex(/^\d+$/, "SITE_CACHE_SECONDS must be a whole number").optional(),
    SETTINGS_CACHE_MS: z.string().regex(/^\d+$/, "SETTINGS_CACHE_MS must be a whole number of milliseconds").optional(),
    SIMULATED_LATENCY: z
      .string()
      .regex(/^$|^[a-zA-Z/]+:\d+(,[a-zA-Z/]+:\d+)*$/, "SIMULATED_LATENCY must look like 'banners:1500,cms:200'")
      .optional(),
    SIGNING_SECRET: z.string().min(32, "SIGNING_SECRET must be at least 32 characters"),
    DEMO_PAYMENT_PENDING_SECONDS: z.string().regex(/^\d+$/, "DEMO_PAYMENT_PENDING_SECONDS must be a whole number").optional(),
    DEMO_PAYMENTS: z.enum(["", "on", "off"], { error: "DEMO_PAYMENTS must be empty, 'on' or 'off'" }).optional(),
    DB_STATS: z.enum(["", "on"], { error: "DB_STATS must be empty or 'on'" }).optional(),
    // Verifies Telegram mini-app sign-in; empty turns it off.
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^$|^\d+:[A-Za-z0-9_-]+$/, "TELEGRAM_BOT_TOKEN must look like '123456:ABC-DEF…' or be empty")
      .optional(),
  })
  .refine((v) => v.APP_ENV !== "production" || v.SIGNING_SECRET !== DEV_SECRET, {
    message: "SIGNING_SECRET must be set to a real secret in production",
    path: ["SIGNING_SECRET"],
  })
  .refine((v) => v.APP_ENV !== "production" || v.DB_STATS !== "on", {
    message: "DB_STATS must be off in production",
    path: ["DB_STATS"],
  })
  // The local token is public: in production it would let anyone sign in as any Telegram user.
  .refine((v) => v.APP_ENV !== "production" || v.TELEGRAM_BOT_TOKEN !== DEV_BOT_TOKEN, {
    message: "TELEGRAM_BOT_TOKEN must be the real bot token (or empty) in production",
    path: ["TELEGRAM_BOT_TOKEN"],
  });

let checked = false;

/** Validates bindings and vars once per isolate; a misconfigured Worker refuses to serve. */
export function assertEnv(env: Env): void {
  if (checked) return;
  const r = Vars.safeParse(env);
  if (!r.success) {
    throw new Error(`Playfront configuration error: ${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  if (!env.PLATFORM_ORIGIN && !env.DB) throw new Error("Playfront configuration error: bind a D1 database as DB");
  checked = true;
}

import { z } from "zod";
import { DEMO_STAND_IN_NAMES, namedStandIns } from "./platform/demo/switches";
import { PUSH_HOST_PATTERN } from "./platform/push/services";

const DEV_SECRET = "local-development-secret-not-for-production";
const DEV_BOT_TOKEN = "123456:local-development-bot-token";
/** The committed local VAPID key pair (decision 0114): public, so refused in production. */
export const DEV_VAPID_PUBLIC_KEY = "BF164gJW9Ivpe-1-TSYEwXbTzPe9KMRmfmEP9jsMyvn-2cJ5x8XDQjUIgpKocUiuQ5lm-zJ-udLey8gjqxQfPiA";
const DEV_VAPID_PRIVATE_KEY = "9kD7LFHxavCmB9au28He9A_uoPm9wYGnd0DgtKSkYh8";

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
    // The demo stand-ins kept in production (decision 0060): a typo must not leave one silently off.
    DEMO_PROVIDERS: z
      .string()
      .refine((v) => namedStandIns(v).every((n) => (DEMO_STAND_IN_NAMES as string[]).includes(n)), {
        message: `DEMO_PROVIDERS lists names among ${DEMO_STAND_IN_NAMES.join(", ")}, separated by commas`,
      })
      .optional(),
    DB_STATS: z.enum(["", "on"], { error: "DB_STATS must be empty or 'on'" }).optional(),
    DB_STATS_LOG: z.enum(["", "on"], { error: "DB_STATS_LOG must be empty or 'on'" }).optional(),
    CHECK_RESULTS: z.enum(["", "off"], { error: "CHECK_RESULTS must be empty or 'off'" }).optional(),
    // Verifies Telegram mini-app sign-in; empty turns it off.
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^$|^\d+:[A-Za-z0-9_-]+$/, "TELEGRAM_BOT_TOKEN must look like '123456:ABC-DEF…' or be empty")
      .optional(),
    // Web push (decision 0114): the application server's P-256 key pair, base64url, and who runs it.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^$|^B[A-Za-z0-9_-]{86}$/, "VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 point (87 characters) or empty")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^$|^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters) or empty")
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^$|^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: or https: URL, or empty")
      .optional(),
    // Analytics events one address may send in the window (decision 0057); empty: 300.
    ANALYTICS_PER_ADDRESS: z
      .string()
      .regex(/^(?:[1-9]\d{0,8})?$/, { message: "ANALYTICS_PER_ADDRESS is a whole number of events from 1 to 999999999, or empty" })
      .optional(),
    // The push services pushes may go to (decision 0114); empty: the browsers' own.
    PUSH_SERVICE_HOSTS: z
      .string()
      .refine((v) => v.split(",").every((h) => h.trim() === "" || PUSH_HOST_PATTERN.test(h.trim().toLowerCase())), {
        message: "PUSH_SERVICE_HOSTS lists host names (a leading '*.' for any name under one), separated by commas",
      })
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
  })
  // The local key pair is in the repository: anyone could sign pushes as the site with it.
  .refine((v) => v.APP_ENV !== "production" || (v.VAPID_PRIVATE_KEY !== DEV_VAPID_PRIVATE_KEY && v.VAPID_PUBLIC_KEY !== DEV_VAPID_PUBLIC_KEY), {
    message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be the site's own key pair (or empty) in production",
    path: ["VAPID_PRIVATE_KEY"],
  })
  .refine((v) => !v.VAPID_PUBLIC_KEY === !v.VAPID_PRIVATE_KEY && (!v.VAPID_PUBLIC_KEY || !!v.VAPID_SUBJECT), {
    message: "VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together (or all empty: web push off)",
    path: ["VAPID_PUBLIC_KEY"],
  });

/** The Durable Object namespaces this Worker always serves (wrangler.toml), with their classes. */
const DURABLE_OBJECTS = {
  PLAYER_CHANNEL: "PlayerChannel",
  WINS_FEED: "WinsFeed",
  TOURNAMENT_BOARD: "TournamentBoard",
  SPORTS_FEED: "SportsFeed",
} as const;

/** The namespaces the embedded platform needs besides (no PLATFORM_ORIGIN): each player's own tables and each jackpot's pool (decision 0075). */
const EMBEDDED_DURABLE_OBJECTS = { PLAYER: "PlayerObject", JACKPOT_POOL: "JackpotPool" } as const;

/** What is wrong with the Worker's configuration, one line each; empty when it may serve. */
export function configurationProblems(env: Env): string[] {
  const problems: string[] = [];
  const r = Vars.safeParse(env);
  if (!r.success) problems.push(...r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  if (!env.PLATFORM_ORIGIN && !env.DB) problems.push("bind a D1 database as DB");
  // The realtime channels and feeds run here whichever platform answers /api: without them every
  // player's socket, and every publish after a round, would fail one by one at run time.
  for (const [name, className] of Object.entries({ ...DURABLE_OBJECTS, ...(env.PLATFORM_ORIGIN ? {} : EMBEDDED_DURABLE_OBJECTS) })) {
    const ns = (env as unknown as Record<string, { idFromName?: unknown } | undefined>)[name];
    if (typeof ns?.idFromName !== "function") problems.push(`bind the Durable Object namespace ${name} (class ${className})`);
  }
  return problems;
}

let checked = false;

/** Validates bindings and vars once per isolate; a misconfigured Worker refuses to serve. */
export function assertEnv(env: Env): void {
  if (checked) return;
  const problems = configurationProblems(env);
  if (problems.length > 0) throw new Error(`Playfront configuration error: ${problems.join("; ")}`);
  checked = true;
}

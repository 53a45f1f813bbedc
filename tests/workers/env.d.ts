/// <reference types="@cloudflare/vitest-plugin/types" />

// Test-only bindings that vitest.config.ts adds to the Worker under test.
declare namespace Cloudflare {
  interface Env {
    /** D1 migrations read from migrations/ by readD1Migrations(). */
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** The seed compiled by scripts/seed-sql.mjs buildSeedStatements("migrations/seed"). */
    TEST_SEED: string[];
    /** When the template's seed ran (ms): scripts/worker-test-db.mjs. */
    TEST_SEEDED_AT: number;
    /** The columns the seed sets from its clock, per table (SEED_CLOCK in scripts/worker-test-db.mjs). */
    TEST_SEED_CLOCK: Record<string, string[]>;
    /** The D1 database of the remote-platform Worker that proxy.test.ts points PLATFORM_ORIGIN at. */
    REMOTE_DB: D1Database;
    /** workers/app.ts splitChecked: "moved" (the default), "report" or "all" (decision 0075). */
    SPLIT_CHECK: "moved" | "report";
    /** wrangler.toml [vars]; declared here until `npm run typecheck` regenerates worker-configuration.d.ts. */
    TELEGRAM_BOT_TOKEN: string;
    VAPID_PUBLIC_KEY: string;
    VAPID_PRIVATE_KEY: string;
    VAPID_SUBJECT: string;
  }
}

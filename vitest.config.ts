import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { build } from "esbuild";
import { defineConfig } from "vitest/config";
// @ts-expect-error -- a plain .mjs build script without type declarations
import { buildSeedStatements } from "./scripts/seed-sql.mjs";
// @ts-expect-error -- a plain .mjs build script without type declarations
import { copyTemplate, prepareTemplate, SEED_CLOCK } from "./scripts/worker-test-db.mjs";

/**
 * Two projects:
 * - `unit`: plain Node, for modules that need no Workers runtime.
 * - `workers`: @cloudflare/vitest-plugin runs the real Worker (wrangler.toml: workers/app.ts with
 *   its vars and D1 binding) inside workerd. Every test file gets its own Miniflare, so its own
 *   storage, copied from one template migrated and seeded once per run (scripts/worker-test-db.mjs,
 *   decision 0064); tests/workers/setup.ts checks it is there.
 *   reactRouter() provides `virtual:react-router/server-build`, so tests reach the whole Worker,
 *   SSR included, through `exports.default.fetch` (SELF).
 */

const wranglerToml = readFileSync("wrangler.toml", "utf8");
const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(wranglerToml)?.[1];
const databaseId = /^database_id\s*=\s*"([^"]+)"/m.exec(wranglerToml)?.[1];

/** Bundles a small Worker entry for Miniflare, which runs JavaScript only. */
async function bundleWorker(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2024",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["cloudflare:*", "node:*"],
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0]!.text;
}

/**
 * Whether `--project` filters leave the workers project in. Vitest resolves the config of a
 * filtered-out project without serving it, and the React Router plugin starts file watchers in its
 * config hook that only its buildEnd closes: Node would then hang for Vitest's 10 s close timeout.
 */
function workersProjectSelected(): boolean {
  const filters: string[] = [];
  process.argv.forEach((arg, i) => {
    if (arg === "--project") filters.push(process.argv[i + 1] ?? "");
    else if (arg.startsWith("--project=")) filters.push(arg.slice("--project=".length));
  });
  const escapeRegExp = (part: string) => part.replace(/[.+?^$()|[\]{}\\]/g, "\\$&");
  const matches = (filter: string) => new RegExp(`^${filter.split("*").map(escapeRegExp).join(".*")}$`).test("workers");
  return filters.length === 0 || filters.some((f) => !f.startsWith("!") && matches(f));
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  const seed: string[] = buildSeedStatements("migrations/seed");
  // proxy.test.ts: a second Worker standing in for an operator's platform at PLATFORM_ORIGIN.
  const remotePlatform = await bundleWorker("tests/workers/remote-platform.ts");
  const template: { dir: string; seededAt: number } | undefined = workersProjectSelected()
    ? await prepareTemplate({ migrations, seed, databaseId, compatibilityDate })
    : undefined;

  return {
    test: {
      passWithNoTests: true,
      // Vitest's default is one worker fewer than the cores: one on CI's two-core machine, where the
      // Worker project then left a core idle (each file's workerd runs its tests while Vitest's own
      // process waits). Two workers on two cores: the Worker project 661 → 365 s at rest.
      // One more than the cores: each file's Miniflare start and Vite transforms leave a core idle
      // part of the time (two workers kept two cores 68 % busy); 335 → 313 s for the Worker project
      // on two cores, where a fourth worker was slower again (decision 0077).
      maxWorkers: availableParallelism() + 1,
      projects: [
        {
          // The fault test (tests/faults/): the production build under wrangler dev, killed and
          // restarted; run by `npm test` after the build (scripts/test.mjs).
          test: {
            name: "faults",
            environment: "node",
            include: ["tests/faults/**/*.test.mjs"],
            testTimeout: 600_000,
            hookTimeout: 180_000,
          },
        },
        {
          test: {
            name: "unit",
            environment: "node",
            include: ["core/**/*.test.ts", "app/**/*.test.ts", "app/**/*.test.tsx", "workers/**/*.test.ts", "scripts/**/*.test.mjs"],
          },
        },
        {
          plugins: [
            ...(workersProjectSelected() ? [reactRouter()] : []),
            // A function: the pool calls it as it starts each test file's Miniflare, which gets a
            // fresh copy of the template as its storage root.
            cloudflareTest(() => ({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                resourcePersistencePath: template === undefined ? undefined : copyTemplate(template.dir),
                // Test-only bindings, typed in tests/workers/env.d.ts.
                // SETTINGS_CACHE_MS 0: a test that writes a setting sees it on its next call
                // (render-scope.test.ts and settings-cache.test.ts test the reuse itself).
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  TEST_SEED: seed,
                  TEST_SEEDED_AT: template?.seededAt ?? 0,
                  TEST_SEED_CLOCK: SEED_CLOCK,
                  SETTINGS_CACHE_MS: "0",
                  // D1 refuses statements on the player tables (in the players' objects); SPLIT_CHECK=report
                  // also reports statements mixing a player's tables and the site's (decision 0075).
                  SPLIT_CHECK: process.env.SPLIT_CHECK ?? "moved",
                },
                d1Databases: { REMOTE_DB: "remote-platform-db" },
                // The test Worker's outbound fetch() goes to remote-platform, never to the network.
                outboundService: "remote-platform",
                workers: [
                  {
                    name: "remote-platform",
                    modules: [{ type: "ESModule", path: "remote-platform.mjs", contents: remotePlatform }],
                    compatibilityDate,
                    compatibilityFlags: ["nodejs_compat"],
                    d1Databases: { DB: "remote-platform-db" },
                    // The players' money and rewards are in their objects, and the tournaments' entries go
                    // through their boards (decision 0075), on the platform's side too.
                    durableObjects: {
                      PLAYER: { className: "PlayerObject", useSQLite: true },
                      TOURNAMENT_BOARD: { className: "TournamentBoard", useSQLite: true },
                      JACKPOT_POOL: { className: "JackpotPool", useSQLite: true },
                    },
                    bindings: {
                      APP_ENV: "test",
                      PLATFORM_ORIGIN: "",
                      PUBLIC_ORIGIN: "",
                      FRAME_ANCESTORS: "'self'",
                      SIGNING_SECRET: "remote-platform-test-secret-not-for-production",
                      SIMULATED_LATENCY: "",
                    },
                  },
                ],
              },
            })),
          ],
          test: {
            name: "workers",
            include: ["tests/workers/**/*.test.ts"],
            // The pool inlines every dependency, so without this each reached workerd module by
            // module in every file (Zod's locales, React Router's dev build): pre-bundled, importing
            // the Worker takes about half as long (decision 0064). react-dom/server stays out: the
            // optimizer would resolve its Node build.
            deps: {
              optimizer: {
                ssr: {
                  enabled: true,
                  include: [
                    "zod",
                    "react-router",
                    "hono",
                    "react",
                    "react/jsx-runtime",
                    "xstate",
                    "@xstate/react",
                    "@conform-to/zod/v4",
                    "@conform-to/react",
                    "isbot",
                    "i18next",
                  ],
                },
              },
            },
            setupFiles: ["./tests/workers/setup.ts"],
            // Whole-Worker tests against D1 in workerd: several take 2-9 s on a busy two-core
            // machine (the fault and throttle suites, rank checks). Speed is the benches' business
            // (DESIGN §5); the default 5 s made a stressed CI run fail a correct check at 6.3 s.
            testTimeout: 30_000,
            // The same for hooks: proxy.test.ts migrates and seeds its stand-in platform's database
            // in a beforeAll, over the default 10 s on a machine as loaded as CI's can be.
            hookTimeout: 30_000,
          },
        },
      ],
    },
  };
});

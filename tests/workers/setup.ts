import { env } from "cloudflare:workers";
import { installDemoProviders } from "../../workers/platform/demo/providers";
import { splitCheckedD1 } from "../../workers/platform/player/split-check";

// The Worker entry installs the demo stand-ins into the provider registries at start; a test that
// calls platform modules directly (not through the Worker) needs them installed too. Installing
// again changes nothing, so the tests that do import the Worker see the same registrations.
installDemoProviders();

// Every test file gets its own Miniflare, whose storage starts as a copy of one database migrated
// and seeded once per run (scripts/worker-test-db.mjs, decision 0064). Check the copy is whole: a
// file that started from an empty database would fail far from the cause.
const names = new Set(
  (
    await env.DB.prepare("SELECT name FROM d1_migrations")
      .all<{ name: string }>()
      .catch(() => ({ results: [] }))
  ).results.map((r) => r.name),
);
const missing = env.TEST_MIGRATIONS.filter((m) => !names.has(m.name)).map((m) => m.name);
if (missing.length) {
  throw new Error(
    `the Worker test database lacks ${missing.length} migration(s) (${missing.slice(0, 3).join(", ")}…): vitest.config.ts copies a template made by scripts/worker-test-db.mjs`,
  );
}

// The seed's clock-relative times (live matches, running tournaments) as if it had run now.
const drift = Math.floor(Date.now() / 1000) * 1000 - env.TEST_SEEDED_AT;
await env.DB.batch(
  Object.entries(env.TEST_SEED_CLOCK).map(([table, columns]) =>
    env.DB.prepare(`UPDATE ${table} SET ${columns.map((c) => `${c} = ${c} + ?1`).join(", ")}`).bind(drift),
  ),
);

// Every player table is in the players' objects (decision 0075): the tests' own D1 refuses them
// too (SPLIT_CHECK, vitest.config.ts), so a test or a module that hands env.DB a player's
// statement is named (D1 has none of them since migration 0064: the check names the statement).
if (env.SPLIT_CHECK === "moved" || env.SPLIT_CHECK === "report") {
  Object.assign(env, { DB: splitCheckedD1(env.DB, false) });
}

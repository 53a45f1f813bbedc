// Shared helpers of the project scripts: run a command, the wrangler environment, the seed.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSeedSql } from "./seed-sql.mjs";

/** Nothing may phone home (see README). */
export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? "warn",
  NO_UPDATE_NOTIFIER: "1",
  // Wrangler 4's local observability (on by default): a streaming tail worker in the same workerd
  // process that is handed a trace of every invocation (each request, object call and D1 round
  // trip). It took ~10 % of the process's CPU, most on signed-in pages (an object call is an
  // invocation); no Worker pays for it at the edge. Off for every server started here
  // (decision 0078); X_LOCAL_OBSERVABILITY=true turns it back on.
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
};

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: quietEnv, ...opts });
  if (r.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} exited with ${r.status ?? r.signal}`);
    process.exit(r.status ?? 1);
  }
}

export const bin = (name) => join("node_modules", ".bin", name);

/** Applies migrations and the demo seed to the local D1 database kept in `persistTo`. */
export function prepareDatabase(persistTo, { config = "wrangler.toml" } = {}) {
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo, "-c", config]);
  mkdirSync(persistTo, { recursive: true });
  const seedFile = join(persistTo, "seed.sql");
  writeFileSync(seedFile, buildSeedSql("migrations/seed"));
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "-c", config, "--file", seedFile, "--yes"]);
}

/** Serves the production build under wrangler dev (workerd) on 127.0.0.1. */
export function serveBuild({ port, persistTo, vars = {}, stdio = "inherit" }) {
  const args = [
    "dev",
    "-c",
    "build/server/wrangler.json",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
  ];
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  return spawn(bin("wrangler"), args, { stdio, env: quietEnv });
}

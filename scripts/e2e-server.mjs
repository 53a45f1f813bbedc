// The server the end-to-end tests run against: the production build under wrangler dev on
// 127.0.0.1:$E2E_PORT (8790), on the local database scripts/test.mjs prepared. It prepares
// nothing itself: run `npm test` (or `react-router build` and a database) first.
// Extra Worker vars come from E2E_VARS as JSON, e.g. E2E_VARS='{"SIMULATED_LATENCY":"banners:1500"}'.
import { existsSync } from "node:fs";
import { serveBuild } from "./lib.mjs";

const port = Number(process.env.E2E_PORT ?? 8790);
const persistTo = process.env.E2E_PERSIST_TO ?? ".wrangler/e2e-state";

if (!existsSync("build/server/wrangler.json")) {
  console.error("e2e-server: no production build; run `npm test` or `npx react-router build` first");
  process.exit(1);
}

/** @type {Record<string, string>} */
const vars = {};
for (const [k, v] of Object.entries(JSON.parse(process.env.E2E_VARS || "{}"))) {
  // An empty value would reach wrangler as `--var K:`; leaving it out keeps wrangler.toml's.
  if (v !== "" && v != null) vars[k] = String(v);
}

const child = serveBuild({ port, persistTo, vars });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

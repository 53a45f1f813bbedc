// npm run dev — migrations and seed on the local database, then the Vite dev server (hot reload)
// on 127.0.0.1, with the no-phone-home environment: the Cloudflare plugin's Miniflare would
// otherwise fetch the request.cf object from Cloudflare and wrangler would send metrics.
// Arguments go to `react-router dev` (e.g. `npm run dev -- --port 5174`).
import { spawn } from "node:child_process";
import { bin, prepareDatabase, quietEnv } from "./lib.mjs";

prepareDatabase(process.env.PERSIST_TO ?? ".wrangler/state");
const child = spawn(bin("react-router"), ["dev", "--host", "127.0.0.1", ...process.argv.slice(2)], { stdio: "inherit", env: quietEnv });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

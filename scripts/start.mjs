// npm start — database, production build, then the Worker under wrangler dev on 127.0.0.1.
import { bin, prepareDatabase, run, serveBuild } from "./lib.mjs";

const port = Number(process.env.PORT ?? 8787);
const persistTo = process.env.PERSIST_TO ?? ".wrangler/state";

prepareDatabase(persistTo);
run(bin("react-router"), ["build"]);
const child = serveBuild({ port, persistTo });
console.log(`\nPlayfront is starting on http://127.0.0.1:${port}\n`);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));

// npm run db:migrate — migrations and seed on the local database; db:reset starts from empty.
import { rmSync } from "node:fs";
import { prepareDatabase } from "./lib.mjs";

const persistTo = process.env.PERSIST_TO ?? ".wrangler/state";
if (process.argv[2] === "reset") rmSync(persistTo, { recursive: true, force: true });
prepareDatabase(persistTo);

import { env } from "cloudflare:workers";
import { prepareDatabase } from "./helpers";

// The pool starts a fresh Miniflare (in-memory D1) for every test file, so each file begins with
// exactly the migrations and the seed. Both are idempotent, should a setup file run twice.
await prepareDatabase(env.DB);

import { env } from "cloudflare:workers";
import { routedD1 } from "../../workers/platform/player/routed-d1";

/**
 * The database that holds player `uid`'s own tables (workers/platform/player/tables.ts
 * PLAYER_TABLES; decision 0075). Tests read and write a player's tables only through this: the
 * tables already moved to the player's object are read there, the others in D1, as the platform's
 * `ctx.player()` does. A statement that joins a player's table with a shared one, or spans several
 * players, does not come here: it stays on `env.DB` until the move decides how such a read is made.
 */
export function playerDb(uid: number): D1Database {
  return routedD1(env, uid);
}

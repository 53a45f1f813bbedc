import { registrationGrants, registrationPackGrants } from "../bonuses/grants";
import { routedD1 } from "./routed-d1";

/**
 * The receivers of the player inbox (inbox.ts), by kind: each writes to player `uid`'s own tables
 * (`routedD1`) and is idempotent by what it writes, since a row may be delivered more than once.
 */
export const INBOX_KINDS = ["grants.registration"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

type Receiver = (env: Env, uid: number, body: unknown) => Promise<void>;

export const INBOX_RECEIVERS: Record<InboxKind, Receiver> = {
  // A new account's welcome bonuses and free-spin packs (decisions 0039, 0041), once per template
  // (ON CONFLICT (uid, grant_key) DO NOTHING). The packs' games are the catalogue's: they travel
  // with the call as facts (the object holds only the games its player's statements need).
  "grants.registration": async (env, uid, body) => {
    const now = (body as { now?: unknown } | null)?.now;
    if (typeof now !== "number") throw new TypeError("grants.registration: the body has no time (now)");
    const { results: games } = await env.DB.prepare(
      `SELECT g.* FROM games g JOIN freespin_templates t ON g.sysname = t.game_sysname
       WHERE t.trigger = 'registration' AND t.is_enabled = 1 AND g.is_sportsbook = 0`,
    ).all<Record<string, unknown>>();
    const db = routedD1(env, uid, null, games.length ? [{ table: "games", rows: games }] : []);
    await db.batch([...registrationGrants(db, uid, now), ...registrationPackGrants(db, uid, now)]);
  },
};

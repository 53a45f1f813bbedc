import type { MethodKey } from "../../../core/api/contract";

/**
 * Reads that tolerate a moment's staleness (issue 38, decision 0075): the site's catalogue,
 * content and configuration as every visitor sees them. These calls read D1 through a session that
 * may be served by a read replica near the visitor (D1 read replication), so the one database's
 * primary answers the writes and the reads that must be current (a player's money, odds, what a
 * player just did). A call here reads only the site's tables: the Worker tests refuse one of them
 * that names a player's table (player/split-check.ts).
 */
export const TOLERATES_STALE: ReadonlySet<MethodKey> = new Set<MethodKey>([
  "games.get",
  "games.getSections",
  "games.getCategories",
  "games.getProviders",
  "Jackpots.get",
  "Jackpots.getWinners",
  "metadata.get",
  "metadata.getgeneralinfo",
  "banners.get",
  "cms.getConfig",
  "cms.getRedirects",
  "cms.getPage",
  "cms.getPages",
  "loyalty.getPrograms",
  "loyalty.getProgram",
  "loyalty.getcharacters",
  "vpn.getShop",
  "support.getsettings",
  "account.getcurrencyrates",
]);

/**
 * `db` read through a D1 session that starts anywhere ("first-unconstrained": the nearest replica
 * or the primary) and stays sequentially consistent within the call; a write still goes to the
 * primary. Without read replication (locally) it is the primary.
 */
export function replicaReads(db: D1Database): D1Database {
  const session = db.withSession("first-unconstrained");
  return {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: (query: string) => db.exec(query),
    withSession: (constraint?: string) => db.withSession(constraint),
    dump: () => db.dump(),
  } as D1Database;
}

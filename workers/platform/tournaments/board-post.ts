import type { MoneyDeps } from "../wallet/move-money";
import { playerTables } from "../player/routed-d1";
import { deliverOwedEntries } from "./entries";

/**
 * The platform's one door to the live board (decision 0048): after a batch that changed points
 * committed (a round, a cashout reset) in the player's object, the entries it owes are delivered
 * now to the tournaments' boards, from the player's own tables (`uid`, else `deps.db`); the answer
 * waits for that when awaited, and the object's alarm delivers them if this fails (entries.ts).
 */
export function postBatch(deps: Pick<MoneyDeps, "db" | "env" | "waitUntil"> & { uid?: number }, batchId: string): Promise<void> {
  const own = deps.uid ? playerTables(deps.env, deps.uid) : deps.db;
  const delivered = deliverOwedEntries(deps.env, own, batchId).catch((e) =>
    console.error("tournaments: delivering the changed entries failed (the outbox retries)", e instanceof Error ? e.message : e),
  );
  deps.waitUntil(delivered);
  return delivered;
}

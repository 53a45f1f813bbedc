import { playerTables } from "../player/routed-d1";
import type { MoneyDeps } from "../wallet/move-money";
import { CallbackRejected } from "../providers/payments";
import { providerNamed } from "../providers/payments-registry";
import { applyDepositStatus } from "./settle";
import { findTransaction, transactionOwner } from "./transactions";

const MAX_BODY = 8 * 1024;

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

/**
 * `POST /platform/payments/callback/{provider}`: a payment system reports a payment's outcome,
 * server to server. The provider checks the signature and freshness; the event id is then recorded
 * so the same callback sent again is refused (409), in the same transaction as the outcome it
 * carries (settle.ts). The answers say only what a sender needs: no transaction details, no balances.
 */
export async function handlePaymentCallback(request: Request, deps: MoneyDeps & { env: Env }, providerName: string): Promise<Response> {
  if (request.method !== "POST") return new Response(`${request.method} is not allowed here`, { status: 405, headers: { allow: "POST" } });
  const provider = providerNamed(deps.env, providerName);
  if (!provider) return answer(404, { error: "unknown payment system" });
  const body = await request.text();
  if (body.length > MAX_BODY) return answer(400, { error: "the callback is too large" });
  try {
    const callback = await provider.readCallback(deps.env, request.headers, body);
    // Which player's transaction: the site's note of deposits' players (D1), then that player's
    // own tables (a provider's call: no signed-in player; decision 0075).
    const uid = await transactionOwner(deps.db, callback.transactionId);
    const own: MoneyDeps & { env: Env } = { ...deps, db: playerTables(deps.env, uid ?? 0) };
    const row = uid === null ? null : await findTransaction(own.db, callback.transactionId);
    if (row?.type !== "deposit" || row.uid !== uid || (await providerOf(deps.db, row.method)) !== providerName) {
      throw new CallbackRejected(404, "unknown transaction");
    }
    if (row.amount !== callback.amount || row.currency !== callback.currency)
      throw new CallbackRejected(400, "amount or currency differs from the transaction");
    // The event row, the status move and the credit are one batch (settle.ts): a Worker that dies
    // midway leaves either all of them or none, so the retry of an event that was not applied is
    // accepted, and an event refused as already received was applied whole.
    const record = own.db
      .prepare(
        `INSERT INTO payment_callbacks (provider, event_id, transaction_id, status, received_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT DO NOTHING RETURNING event_id`,
      )
      .bind(providerName, callback.eventId, callback.transactionId, callback.status, Date.now());
    const { recorded, row: now } = await applyDepositStatus(own, row, callback.status, callback.settleAt, [record]);
    // A repeated event runs the same batch, which changes nothing: its status move was made (or
    // refused) by its first delivery and statuses only move forward, and the credit is keyed.
    if (!recorded[0]!.results.length) throw new CallbackRejected(409, "this callback was already received");
    return answer(200, { ok: true, status: now.status });
  } catch (e) {
    if (e instanceof CallbackRejected) return answer(e.status, { error: e.message });
    console.error("payment callback failed", providerName, e instanceof Error ? e.message : "unknown error");
    return answer(500, { error: "the callback could not be processed, retry later" });
  }
}

/** A provider may only report the payments of its own methods. */
async function providerOf(db: D1Database, method: string): Promise<string | null> {
  const row = await db.prepare("SELECT provider FROM cashier_methods WHERE direction = 'deposit' AND sysname = ?1").bind(method).first<{ provider: string }>();
  return row?.provider ?? null;
}

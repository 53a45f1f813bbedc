import { env } from "cloudflare:workers";
import { playerDb } from "./player-db";

/** Shared by the wallet*.test.ts files: players made straight in D1, and the wallet's rows. */

let counter = 0;

/** A player row without sign-in (the wallet needs nothing else); answers the uid. */
export async function makePlayer(currency = "USD"): Promise<number> {
  const now = Date.now();
  const row = await env.DB.prepare(
    `INSERT INTO users (login, password_changed_at, created_at, locale, currency)
     VALUES (?1, ?2, ?2, 'en', ?3) RETURNING uid`,
  )
    .bind(`wallet${now.toString(36)}${++counter}`, now, currency)
    .first<{ uid: number }>();
  return row!.uid;
}

export const balanceOf = async (uid: number, kind: string): Promise<number | null> =>
  (await playerDb(uid).prepare("SELECT amount FROM balances WHERE uid = ?1 AND kind = ?2").bind(uid, kind).first<{ amount: number }>())?.amount ?? null;

export const ledgerRows = async (uid: number) =>
  (
    await playerDb(uid)
      .prepare("SELECT * FROM ledger WHERE uid = ?1 ORDER BY id")
      .bind(uid)
      .all<{ kind: string; delta: number; balance_after: number; currency: string; type: string; reference: string | null; operation_id: string }>()
  ).results;

export const ledgerSum = async (uid: number, kind: string): Promise<number> =>
  (await playerDb(uid).prepare("SELECT COALESCE(SUM(delta), 0) AS s FROM ledger WHERE uid = ?1 AND kind = ?2").bind(uid, kind).first<{ s: number }>())!.s;

export const operationCount = async (uid: number): Promise<number> =>
  (await playerDb(uid).prepare("SELECT COUNT(*) AS n FROM wallet_operations WHERE uid = ?1").bind(uid).first<{ n: number }>())!.n;

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { playRound, roundId, OUTSIDE_JACKPOTS } from "./game-studio-helpers";
import { data } from "./helpers";
import { playerDb } from "./player-db";

/** Shared by the loyalty*.test.ts files (issue 20, decision 0046). */

export interface Game {
  id: number;
  sysname: string;
}

/** A game of this kind that takes bets from 1.00 to 10.00. */
export const gameOf = async (kind: string): Promise<Game> =>
  (await env.DB.prepare(
    `SELECT id, sysname FROM games WHERE kind = ?1 AND min_bet <= 100 AND max_bet >= 1000 AND is_sportsbook = 0 AND ${OUTSIDE_JACKPOTS} ORDER BY id LIMIT 1`,
  )
    .bind(kind)
    .first<Game>())!;

/** A player with `main` on the main balance (an adjustment, as the wallet tests seed money). */
export async function playerWith(main: number): Promise<Player> {
  const p = await registerPlayer();
  if (main > 0) await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-main-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: main }] });
  return p;
}

/** A real-money round; answers its id. */
export async function real(p: Player, game: Game, bet: number, round = roundId()): Promise<string> {
  return (await data(playRound(p.browser, game.sysname, { mode: "real", bet, round_id: round }))).id;
}

export const account = (uid: number) =>
  playerDb(uid)
    .prepare("SELECT * FROM loyalty_accounts WHERE uid = ?1")
    .bind(uid)
    .first<{ points: number; experience: number; wagered: number; carry_milli: number; character_id: number | null }>();

export const ledgerOf = async (uid: number) =>
  (await playerDb(uid).prepare("SELECT * FROM loyalty_ledger WHERE uid = ?1 ORDER BY id").bind(uid).all<Record<string, any>>()).results;

/** Σ ledger = account: points, experience and wagered all add up (the loyalty ledger's rule). */
export async function checkLedger(uid: number): Promise<void> {
  const rows = await ledgerOf(uid);
  const a = await account(uid);
  const sum = (k: string) => rows.reduce((s, r) => s + (r[k] as number), 0);
  expect({ points: a?.points ?? 0, experience: a?.experience ?? 0, wagered: a?.wagered ?? 0 }).toEqual({
    points: sum("delta"),
    experience: sum("exp_delta"),
    wagered: sum("wagered"),
  });
  expect(a?.carry_milli ?? 0).toBe(sum("milli") % 1000);
}

/** Gives the player points (and as much experience) through an adjustment row, as the ledger's rule requires. */
export async function grantPoints(uid: number, points: number): Promise<void> {
  const now = Date.now();
  const batch = crypto.randomUUID();
  const db = playerDb(uid);
  await db.batch([
    db
      .prepare(
        `INSERT INTO loyalty_accounts (uid, program_id, updated_at) SELECT ?1, id, ?2 FROM loyalty_programs WHERE is_active = 1 ORDER BY position LIMIT 1
       ON CONFLICT (uid) DO NOTHING`,
      )
      .bind(uid, now),
    db
      .prepare(`INSERT INTO loyalty_ledger (uid, key, reason, delta, exp_delta, created_at, batch_id) VALUES (?1, ?2, 'adjustment', ?3, ?3, ?4, ?5)`)
      .bind(uid, `adjust:${batch}`, points, now, batch),
    db.prepare("UPDATE loyalty_accounts SET points = points + ?2, experience = experience + ?2 WHERE uid = ?1").bind(uid, points),
  ]);
}

export const productId = async (sysname: string) =>
  (await env.DB.prepare("SELECT id FROM loyalty_products WHERE sysname = ?1").bind(sysname).first<number>("id"))!;

let keys = 0;
export const buyKey = () => `buy-${Date.now().toString(36)}-${++keys}`;

export const buy = (p: Player, product: number, key = buyKey()) => p.browser.post("loyalty/buyproduct", { product_id: product, key });

export const info = (p: Player) => data(p.browser.get("loyalty/getinfo"));
export const notices = async (p: Player) => (await data(p.browser.get("loyalty/getnotifications"))).items as any[];

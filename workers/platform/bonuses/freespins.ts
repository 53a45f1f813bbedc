import { accountsOf } from "./market";
import { siteJurisdiction } from "../responsible/jurisdiction";
import { PlatformError } from "../../../core/api/errors";
import { formatMoney } from "../../../core/money";
import type { FreeRoundPack, RoundInput, RoundResult, StudioGame } from "../games/round-types";
import { blankWeightFor, drawGrid, gridWin } from "../games/rounds-math";
import type { MoneyDeps } from "../wallet/move-money";
import { readBalances } from "../wallet/wallet";
import { packWinningsGrant } from "./grants";
import { announcePackEnd, expirePacks } from "./freespins-sweep";

/**
 * A free round of a free-spin pack (decision 0041), played in the demo studio at the pack's bet
 * on the pack's game. It debits nothing: no wallet operation, and no active bonus is involved (its
 * max bet does not apply, its wagering does not advance). One batch claims the round (a
 * game_rounds row with `freespin_id`), takes a spin from the pack (guarded: active, not expired,
 * a spin left), adds the win to the pack and writes the spin ledger row; the statements after the
 * claim apply only if the claim row with this call's fresh id exists. So a retried round_id counts
 * once, and of two requests for the last spin exactly one plays. The batch that takes the last spin
 * also finishes the pack and grants its winnings as a bonus (grants.ts `packWinningsGrant`).
 */

export const PACK_ID = /^[0-9a-f]{32}$/;

export interface PackRow {
  id: string;
  uid: number;
  sysname: string;
  game_title: string;
  currency: string;
  bet: number;
  count: number;
  remaining_count: number;
  won: number;
  status: "active" | "finished" | "expired";
  created_at: number;
  expires_at: number;
  finished_at: number | null;
  bonus_id: string | null;
  texts: string;
  template: string;
  /** What the template's texts may claim (decision 0084): its days, its minimum deposit, its winnings' wagering. */
  t_days: number;
  t_min_deposit: number | null;
  w_multiplier: number | null;
  w_base: "bonus" | "deposit_bonus" | null;
  w_days: number | null;
}

/** The pack's state after a free round, for the studio. */
export type PackState = FreeRoundPack;

/** A pack with its game's title, its template's texts, and the bonus its winnings became. */
export const PACK_SELECT = `SELECT p.*, g.title AS game_title, t.texts, t.sysname AS template,
    (SELECT b.id FROM player_bonuses b WHERE b.uid = p.uid AND b.grant_key = 'freespins:' || p.id) AS bonus_id,
    t.expiry_days AS t_days, (SELECT fb.min_deposit FROM freespin_template_bets fb WHERE fb.template_id = t.id AND fb.currency = p.currency) AS t_min_deposit,
    bt.wager_multiplier AS w_multiplier, bt.wager_base AS w_base, bt.wagering_days AS w_days
  FROM freespin_packs p JOIN games g ON g.id = p.game_id JOIN freespin_templates t ON t.id = p.template_id
    LEFT JOIN bonus_templates bt ON bt.id = t.bonus_template_id`;

export function readPack(db: D1Database, uid: number, id: string): Promise<PackRow | null> {
  return db.prepare(`${PACK_SELECT} WHERE p.id = ?1 AND p.uid = ?2`).bind(id, uid).first<PackRow>();
}

/** The player's active pack for a game (the one expiring first), for the studio and the game page. */
export function activePackFor(db: D1Database, uid: number, sysname: string, now = Date.now()): Promise<PackRow | null> {
  return db
    .prepare(
      `${PACK_SELECT} WHERE p.uid = ?1 AND p.sysname = ?2 AND p.status = 'active' AND p.remaining_count > 0 AND p.expires_at > ?3 ORDER BY p.expires_at, p.id LIMIT 1`,
    )
    .bind(uid, sysname, now)
    .first<PackRow>();
}

export const packState = (p: PackRow): PackState => ({
  id: p.id,
  count: p.count,
  remaining_count: p.remaining_count,
  status: p.status,
  bonus_id: p.bonus_id,
  won: { amount: p.won, currency: p.currency },
});

const invalid = (field: string, message: string) => new PlatformError("InvalidParameter", message, { fields: { [field]: [message] } });

interface FreeRoundRow {
  id: string;
  sysname: string;
  bet: number;
  win: number;
  currency: string;
  symbols: string;
  created_at: number;
  freespin_id: string | null;
}

/** Refuses what no free round of this pack can be: another player's or unknown pack, another game, another bet, an ended pack. */
async function checkPack(deps: MoneyDeps, uid: number, packId: string, game: StudioGame, bet: number): Promise<PackRow> {
  const pack = PACK_ID.test(packId) ? await readPack(deps.db, uid, packId) : null;
  if (!pack) throw invalid("freespin_id", "No such free-spin pack");
  if (pack.sysname !== game.sysname) throw invalid("freespin_id", `These free spins are played on ${pack.game_title}`);
  if (bet !== pack.bet) throw invalid("bet", `These free spins are played at ${formatMoney({ amount: pack.bet, currency: pack.currency })} a spin`);
  const now = Date.now();
  if (pack.status === "active" && pack.expires_at <= now) {
    // Ended by the clock but not swept yet: end it now, so its winnings are granted at once.
    await expirePacks(deps, now, uid);
    throw invalid("freespin_id", "These free spins have expired");
  }
  if (pack.status === "expired") throw invalid("freespin_id", "These free spins have expired");
  if (pack.status !== "active" || pack.remaining_count === 0) throw invalid("freespin_id", "No free spins are left in this pack");
  return pack;
}

export async function playFreeRound(deps: MoneyDeps, input: RoundInput & { freespinId: string }): Promise<RoundResult & { freespins: PackState }> {
  const { uid, game, roundKey, freespinId } = input;
  if (uid === 0) throw new PlatformError("Authorization", "Sign in to play free spins");
  if (input.mode !== "real") throw invalid("mode", "Free spins are real-money rounds");
  const db = deps.db;
  const readRound = () => db.prepare("SELECT * FROM game_rounds WHERE uid = ?1 AND round_key = ?2").bind(uid, roundKey).first<FreeRoundRow>();
  let row = await readRound();
  let replayed = row !== null;
  if (!row) {
    await checkPack(deps, uid, freespinId, game, input.bet);
    const symbols = drawGrid(blankWeightFor(game.rtp_bp / 10_000));
    const win = gridWin(symbols, input.bet);
    const id = crypto.randomUUID();
    const now = Date.now();
    const claimed = "EXISTS (SELECT 1 FROM game_rounds WHERE id = ?2)";
    await db.batch([
      db
        .prepare(
          `INSERT INTO game_rounds (id, uid, round_key, game_id, sysname, mode, bet, win, currency, symbols, created_at, freespin_id)
           SELECT ?1, p.uid, ?3, p.game_id, p.sysname, 'real', p.bet, ?4, p.currency, ?5, ?6, p.id FROM freespin_packs p
           WHERE p.id = ?7 AND p.uid = ?2 AND p.status = 'active' AND p.remaining_count > 0 AND p.expires_at > ?6 AND p.sysname = ?8 AND p.bet = ?9
           ON CONFLICT (uid, round_key) DO NOTHING`,
        )
        .bind(id, uid, roundKey, win, JSON.stringify(symbols), now, freespinId, game.sysname, input.bet),
      db
        .prepare(`UPDATE freespin_packs SET remaining_count = remaining_count - 1, won = won + ?3 WHERE id = ?1 AND remaining_count > 0 AND ${claimed}`)
        .bind(freespinId, id, win),
      db
        .prepare(`INSERT INTO freespin_rounds (pack_id, uid, round_id, win, created_at) SELECT ?1, ?3, ?2, ?4, ?5 WHERE ${claimed}`)
        .bind(freespinId, id, uid, win, now),
      db
        .prepare("UPDATE freespin_packs SET status = 'finished', finished_at = ?2 WHERE id = ?1 AND status = 'active' AND remaining_count = 0")
        .bind(freespinId, now),
      ...packWinningsGrant(db, freespinId, await siteJurisdiction(accountsOf(deps)), now),
    ]);
    row = await readRound();
    // No row: the last spin (or the pack's time) went to another request in between.
    if (!row) throw invalid("freespin_id", "No free spins are left in this pack");
    replayed = row.id !== id;
  }
  if (row.freespin_id !== freespinId || row.sysname !== game.sysname || row.bet !== input.bet) {
    throw invalid("round_id", "round_id was used for another round");
  }
  const [pack, balances] = await Promise.all([readPack(db, uid, freespinId), readBalances(db, uid)]);
  // This round took the pack's last spin: its batch finished the pack (and granted its winnings).
  if (!replayed && pack!.status === "finished" && pack!.finished_at === row.created_at) await announcePackEnd(deps, uid, freespinId, "closed");
  return {
    id: row.id,
    sysname: row.sysname,
    mode: "real",
    bet: row.bet,
    win: row.win,
    currency: row.currency,
    symbols: JSON.parse(row.symbols),
    created_at: row.created_at,
    // Untouched by a free round: what the player plays with, as after a paid round.
    balance: { amount: balances.main.amount + balances.bonus.amount, currency: balances.main.currency },
    replayed,
    freespins: packState(pack!),
  };
}

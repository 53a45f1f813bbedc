import { PlatformError } from "../../../app/lib/api/errors";
import { settleJackpots } from "../jackpots/settle";
import { announceWin } from "./recent-wins";
import { readSiteCurrencies } from "../wallet/currency";
import { moveMoney, type MoneyDeps } from "../wallet/move-money";
import { readBalances, type BalanceChange, type BalanceKind } from "../wallet/wallet";
import { blankWeightFor, drawGrid, gridWin } from "./rounds-math";

/**
 * Settling a round of the demo game studio (decision 0016) on the server: the draw, the win, the
 * money and the record. The client only says which game, how much and its round id.
 *
 * A signed-in player's round is claimed first (a game_rounds row, UNIQUE per player and round_id,
 * holding the drawn grid and the win) and paid second: one wallet operation debits the bet and
 * credits the win (two ledger rows, `bet` and `win`, on the same balance), keyed by the round.
 * A repeated round_id answers the stored round; if its payment had not committed (a crash, a
 * concurrent retry), the same operation is applied again, which the wallet turns into a replay or
 * the missing payment — never a second one. A declined payment removes the claim: no round.
 * Visitors play demo rounds that are drawn the same way but touch no balance and are not stored.
 */

export const ROUND_MODES = ["demo", "real"] as const;
export type RoundMode = (typeof ROUND_MODES)[number];

export interface StudioGame {
  id: number;
  sysname: string;
  title: string;
  rtp_bp: number;
  min_bet: number;
  max_bet: number;
  has_demo: number;
}

export interface RoundInput {
  /** 0 for a visitor. */
  uid: number;
  game: StudioGame;
  mode: RoundMode;
  bet: number;
  roundKey: string;
}

export interface RoundResult {
  id: string;
  sysname: string;
  mode: RoundMode;
  bet: number;
  win: number;
  currency: string;
  symbols: string[][];
  created_at: number;
  /** The balance played against after the round; null for a visitor's demo round. */
  balance: { amount: number; currency: string } | null;
  replayed: boolean;
}

export const ROUND_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** A game the studio can launch: any game of the catalogue but the sportsbook. */
export async function findStudioGame(db: D1Database, sysname: string): Promise<StudioGame | null> {
  if (!/^[a-z0-9_-]{1,64}$/.test(sysname)) return null;
  return db
    .prepare(
      "SELECT id, sysname, title, rtp_bp, min_bet, max_bet, has_demo FROM games WHERE sysname = ?1 AND is_sportsbook = 0",
    )
    .bind(sysname)
    .first<StudioGame>();
}

export function checkRound(input: RoundInput): void {
  const { game, mode, bet, uid } = input;
  if (!(ROUND_MODES as readonly string[]).includes(mode)) throw invalid("mode", "mode is demo or real");
  if (!ROUND_KEY.test(input.roundKey)) throw invalid("round_id", "round_id is 8 to 64 letters, digits, '_' or '-'");
  if (!Number.isSafeInteger(bet) || bet < game.min_bet || bet > game.max_bet) {
    throw invalid("bet", `The bet must be a whole amount of minor units from ${game.min_bet} to ${game.max_bet}`);
  }
  if (mode === "real" && uid === 0) throw new PlatformError("Authorization", "Sign in to play for real");
  if (mode === "demo" && game.has_demo !== 1) throw invalid("mode", "This game has no demo mode");
}

export async function playRound(deps: MoneyDeps, input: RoundInput): Promise<RoundResult> {
  checkRound(input);
  const { game, mode, bet, uid } = input;
  const symbols = drawGrid(blankWeightFor(game.rtp_bp / 10_000));
  const win = gridWin(symbols, bet);
  if (uid === 0) {
    const common = { id: crypto.randomUUID(), sysname: game.sysname, mode, bet, win, symbols };
    // No balance of theirs to name a currency: the site's default, the one the page's bets show.
    const { default_currency: currency } = await readSiteCurrencies(deps.db);
    return { ...common, currency, created_at: Date.now(), balance: null, replayed: false };
  }
  if (mode === "demo") await readBalances(deps.db, uid); // grants the fun balance on a first play

  const id = crypto.randomUUID();
  const now = Date.now();
  const claimed = await deps.db
    .prepare(
      `INSERT INTO game_rounds (id, uid, round_key, game_id, sysname, mode, bet, win, currency, symbols, created_at)
       SELECT ?1, uid, ?3, ?4, ?5, ?6, ?7, ?8, currency, ?9, ?10 FROM users WHERE uid = ?2
       ON CONFLICT (uid, round_key) DO NOTHING RETURNING id`,
    )
    .bind(id, uid, input.roundKey, game.id, game.sysname, mode, bet, win, JSON.stringify(symbols), now)
    .first<{ id: string }>();
  const row = await readRoundRow(deps.db, uid, input.roundKey);
  if (!row) throw new PlatformError("Authorization", "Sign in to continue");
  if (!claimed && (row.sysname !== game.sysname || row.bet !== bet || row.mode !== mode)) {
    throw invalid("round_id", "round_id was used for another round");
  }
  return pay(deps, row, !claimed);
}

interface RoundRow {
  id: string;
  uid: number;
  round_key: string;
  sysname: string;
  mode: RoundMode;
  bet: number;
  win: number;
  currency: string;
  symbols: string;
  operation_id: string | null;
  created_at: number;
}

function readRoundRow(db: D1Database, uid: number, roundKey: string): Promise<RoundRow | null> {
  return db.prepare("SELECT * FROM game_rounds WHERE uid = ?1 AND round_key = ?2").bind(uid, roundKey).first<RoundRow>();
}

/** The round's one wallet operation: the bet debited and the win credited on the same balance. */
async function pay(deps: MoneyDeps, row: RoundRow, replay: boolean): Promise<RoundResult> {
  const kind: BalanceKind = row.mode === "demo" ? "fun" : "main";
  const changes: BalanceChange[] = [{ kind, delta: -row.bet, type: "bet" }];
  if (row.win > 0) changes.push({ kind, delta: row.win, type: "win" });
  let result;
  try {
    result = await moveMoney(deps, { uid: row.uid, key: `round:${row.id}`, type: "bet", reference: row.id, changes });
  } catch (e) {
    // Declined (or failed): the round did not happen; its round_id may be tried again.
    await deps.db.prepare("DELETE FROM game_rounds WHERE id = ?1 AND operation_id IS NULL").bind(row.id).run();
    throw e;
  }
  if (row.operation_id === null) {
    await deps.db.prepare("UPDATE game_rounds SET operation_id = ?2 WHERE id = ?1").bind(row.id, result.operationId).run();
  }
  await settleJackpots(deps, row); // decision 0017: never throws, so it cannot fail the round
  // Announced by the call that recorded the payment (a retry of a paid round is not news; the
  // feed's clients drop a win they already show, should two retries race).
  if (row.operation_id === null && row.mode === "real" && row.win > 0) announceWin(deps, row.id);
  return {
    id: row.id,
    sysname: row.sysname,
    mode: row.mode,
    bet: row.bet,
    win: row.win,
    currency: row.currency,
    symbols: JSON.parse(row.symbols),
    created_at: row.created_at,
    balance: result.balances[kind],
    replayed: replay,
  };
}

function invalid(field: string, message: string): PlatformError {
  return new PlatformError("InvalidParameter", message, { fields: { [field]: [message] } });
}

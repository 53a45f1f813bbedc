import { playLimitGate, playLimitRefusal } from "../responsible/play-limits";
import { assertLimitSet, cycleGate, cycleRefusal, stakeAllowed, stakeRefusal } from "../responsible/play-rules";
import { PlatformError } from "../../../core/api/errors";
import { readSiteCurrencies } from "../wallet/currency";
import { moveMoney, type MoneyDeps } from "../wallet/move-money";
import type { OperationResult } from "../wallet/operation";
import { readBalances, type BalanceChange, type BalanceKind } from "../wallet/wallet";
import { playFreeRound } from "../bonuses/freespins";
import { ROUND_KEY, ROUND_MODES, type RoundInput, type RoundMode, type RoundResult, type StudioGame } from "./round-types";
import { activeCasinoBonus, assertMaxBet, contributionOf, countedOf, fundRound, roundChanges, type RoundFunding } from "../bonuses/wagering";
import { blankWeightFor, drawGrid, gridWin } from "./rounds-math";
import { consumeAll } from "../play/events";
import { ROUND_CONSUMERS } from "../play/round-consumers";
import { originalOf, outcomeChoice, sameChoice, winOf } from "../../../core/originals";
import { checkChoice, drawForPlayer, drawStatements, readDraw, type SeededDraw, seedGate, visitorDraw } from "./original-rounds";

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

/**
 * A game the studio can launch: any game of the catalogue but the sportsbook. The whole row: a
 * round's statements in the player's object join it, so it travels with the round (decision 0075).
 */
export async function findStudioGame(db: D1Database, sysname: string, keepMs = 0, now = Date.now()): Promise<StudioGame | null> {
  if (!/^[a-z0-9_-]{1,64}$/.test(sysname)) return null;
  const hit = keptGames.get(sysname);
  if (hit && keepMs > 0 && now - hit.at >= 0 && now - hit.at < keepMs) return hit.game;
  const game = await db.prepare("SELECT * FROM games WHERE sysname = ?1 AND is_sportsbook = 0").bind(sysname).first<StudioGame>();
  if (keepMs > 0) {
    if (keptGames.size >= 256) keptGames.clear();
    keptGames.set(sysname, { game, at: now });
  }
  return game;
}

/**
 * The isolate's last reads of the games rounds were played on, reused for `keepMs`
 * (SETTINGS_CACHE_MS, as the locales are: render-scope.ts): a player's stream of rounds on one game
 * reads its row from D1 about once a second, not once a round. A change to a game (its bets, its
 * RTP) reaches rounds within `keepMs`.
 */
const keptGames = new Map<string, { game: StudioGame | null; at: number }>();

export function checkRound(input: RoundInput): void {
  const { game, mode, bet, uid } = input;
  if (!(ROUND_MODES as readonly string[]).includes(mode)) throw invalid("mode", "mode is demo or real");
  if (!ROUND_KEY.test(input.roundKey)) throw invalid("round_id", "round_id is 8 to 64 letters, digits, '_' or '-'");
  if (!Number.isSafeInteger(bet) || bet < game.min_bet || bet > game.max_bet) {
    throw invalid("bet", `The bet must be a whole amount of minor units from ${game.min_bet} to ${game.max_bet}`);
  }
  if (mode === "real" && uid === 0) throw new PlatformError("Authorization", "Sign in to play for real");
  if (mode === "demo" && game.has_demo !== 1) throw invalid("mode", "This game has no demo mode");
  checkChoice(input);
}

/** How many times an original's round draws again when a concurrent round or spin took its nonce first. */
const NONCE_TRIES = 4;

/**
 * What a round is played with: the money's dependencies and, when the caller read it with the
 * locales (render-scope.ts, kept SETTINGS_CACHE_MS), the site's `general_info` document, so a
 * round under a bonus does not read it again.
 */
export type RoundDeps = MoneyDeps & { generalInfo?: string | null };

export async function playRound(deps: RoundDeps, input: RoundInput): Promise<RoundResult> {
  checkRound(input);
  if (input.freespinId !== undefined) return playFreeRound(deps, { ...input, freespinId: input.freespinId });
  const { game, mode, bet, uid } = input;
  const original = originalOf(game.sysname);
  if (uid === 0) {
    // An original's demo round for a visitor: drawn from a seed of its own, revealed at once.
    const draw = original ? await visitorDraw(input.choice!) : null;
    const symbols = draw ? [] : drawGrid(blankWeightFor(game.rtp_bp / 10_000));
    const win = draw ? winOf(bet, draw.outcome) : gridWin(symbols, bet);
    const common = { id: crypto.randomUUID(), sysname: game.sysname, mode, bet, win, symbols, ...(draw ? { original: draw } : {}) };
    // No balance of theirs to name a currency: the site's default, the one the page's bets show.
    const { default_currency: currency } = await readSiteCurrencies(deps.db);
    return { ...common, currency, created_at: Date.now(), balance: null, replayed: false };
  }
  if (mode === "demo") await readBalances(deps.db, uid); // grants the fun balance on a first play
  // A real round under an active bonus (decision 0039): the max bet first, then who funds it (with the draw).
  let fundWith: ((win: number) => Promise<RoundFunding>) | null = null;
  if (mode === "real") {
    const bonus = await activeCasinoBonus(deps.db, uid);
    // A retried round (a lost answer) is answered as it was claimed, whatever bonus is active now:
    // the max bet and the funding below apply to new rounds only.
    if (bonus) {
      const earlier = await readRoundRow(deps.db, uid, input.roundKey);
      if (earlier) return replayOf(deps, earlier, input);
    }
    assertMaxBet(bonus, bet);
    // The market's stake cap (decision 0088); the currency is read only to say the refusal.
    if (!stakeAllowed(input.rules, bet)) throw stakeRefusal(input.rules!, bonus?.currency ?? (await readBalances(deps.db, uid)).main.currency);
    // Sweden's limit before any play, a bonus's money included.
    await assertLimitSet(deps.db, uid, input.rules, Date.now());
    if (bonus) {
      const balances = await readBalances(deps.db, uid);
      const contribution = contributionOf(bonus, game);
      fundWith = (win) => fundRound(deps.db, bonus, { main: balances.main.amount, bonus: balances.bonus.amount }, bet, win, contribution, deps.generalInfo);
    }
  }

  // The draw and its claim: an original's takes its seed's next nonce in the claim's batch, and draws
  // again if a concurrent round or spin took that nonce first.
  let claimed: { id: string } | null = null;
  const now = Date.now();
  // The next turn's draw, when this one found the nonce taken (drawn again once, not twice).
  let next: SeededDraw | null = null;
  for (let attempt = 0; ; attempt++) {
    const drawn = next ?? (original ? await drawForPlayer(deps.db, uid, input.choice!) : null);
    const symbols = drawn ? [] : drawGrid(blankWeightFor(game.rtp_bp / 10_000));
    const win = drawn ? winOf(bet, drawn.outcome) : gridWin(symbols, bet);
    const roundFunding = fundWith ? await fundWith(win) : null;
    const id = crypto.randomUUID();
    const claim = deps.db
      .prepare(
        `INSERT INTO game_rounds (id, uid, round_key, game_id, sysname, mode, bet, win, currency, symbols, created_at,
           bet_bonus, win_bonus, bonus_id, bonus_contribution)
         SELECT ?1, uid, ?3, ?4, ?5, ?6, ?7, ?8, currency, ?9, ?10, ?11, ?12, ?13, ?14 FROM users
         WHERE uid = ?2 AND (?6 <> 'real' OR (${playLimitGate("?2", "?7", "?10")} AND ${cycleGate("?2", "?10", "?15")}))
           AND (?16 IS NULL OR ${seedGate("?16", "?17", "?2")})
         ON CONFLICT (uid, round_key) DO NOTHING RETURNING id`,
      )
      .bind(
        id,
        uid,
        input.roundKey,
        game.id,
        game.sysname,
        mode,
        bet,
        win,
        JSON.stringify(symbols),
        now,
        roundFunding?.betBonus ?? 0,
        roundFunding?.winBonus ?? 0,
        roundFunding?.bonusId ?? null,
        roundFunding?.contribution ?? 0,
        input.rules?.minCycleMs ?? 0,
        drawn?.seed.id ?? null,
        drawn?.seed.next_nonce ?? null,
      );
    if (!drawn) {
      claimed = await claim.first<{ id: string }>();
      break;
    }
    const [inserted] = await deps.db.batch<{ id: string }>([claim, ...drawStatements(deps.db, id, uid, drawn)]);
    claimed = inserted!.results[0] ?? null;
    if (claimed || attempt + 1 >= NONCE_TRIES) break;
    // Not claimed: an earlier round of this round_id, a limit, or the nonce taken meanwhile (draw again).
    next = await drawForPlayer(deps.db, uid, input.choice!);
    if (next.seed.id === drawn.seed.id && next.seed.next_nonce === drawn.seed.next_nonce) break;
    if (await readRoundRow(deps.db, uid, input.roundKey)) break;
  }
  const row = await readRoundRow(deps.db, uid, input.roundKey);
  if (!row) {
    // Not recorded and not an earlier round: the player's loss or wager limit or their market's
    // cycle time held it back (issue 40).
    const refusal = mode === "real" ? ((await playLimitRefusal(deps.db, uid, bet, "bet", now)) ?? (await cycleRefusal(deps.db, uid, input.rules, now))) : null;
    throw refusal ?? new PlatformError("Authorization", "Sign in to continue");
  }
  return claimed ? pay(deps, row, false, input.rules?.jackpots !== false) : replayOf(deps, row, input);
}

/** The round a round_id already names, paid (once) and answered again — if it is the same round. */
async function replayOf(deps: MoneyDeps, row: RoundRow, { game, bet, mode, rules, choice }: RoundInput): Promise<RoundResult> {
  // A free round's round_id is never paid for (decision 0041); an original's was for its own target.
  const drawn = choice ? (await readDraw(deps.db, row.id))?.outcome : undefined;
  const sameBet = !choice || (drawn !== undefined && sameChoice(outcomeChoice(drawn), choice));
  if (row.sysname !== game.sysname || row.bet !== bet || row.mode !== mode || row.freespin_id !== null || !sameBet) {
    throw invalid("round_id", "round_id was used for another round");
  }
  return pay(deps, row, true, rules?.jackpots !== false);
}

interface RoundRow {
  id: string;
  uid: number;
  round_key: string;
  game_id: number;
  sysname: string;
  mode: RoundMode;
  bet: number;
  win: number;
  currency: string;
  symbols: string;
  operation_id: string | null;
  created_at: number;
  bet_bonus: number;
  win_bonus: number;
  bonus_id: string | null;
  bonus_contribution: number;
  freespin_id: string | null;
}

function readRoundRow(db: D1Database, uid: number, roundKey: string): Promise<RoundRow | null> {
  return db.prepare("SELECT * FROM game_rounds WHERE uid = ?1 AND round_key = ?2").bind(uid, roundKey).first<RoundRow>();
}

/** The funding the round was claimed with (real money first; decision 0039). */
function storedFunding(row: RoundRow): RoundFunding {
  return {
    betMain: row.bet - row.bet_bonus,
    betBonus: row.bet_bonus,
    winMain: row.win - row.win_bonus,
    winBonus: row.win_bonus,
    bonusId: row.bonus_id,
    contribution: row.bonus_contribution,
    counted: countedOf(row.bet, row.bonus_contribution),
  };
}

/**
 * The round's one wallet operation: the bet debited and the win credited — on the fun balance for a
 * demo round; for a real one from and to the main and bonus balances as claimed, with the active
 * bonus's wagering advanced in the same batch.
 */
/** `jackpots`: false where the player's market forbids them (Germany): the round feeds no pool and cannot win one. */
async function pay(deps: MoneyDeps, row: RoundRow, replay: boolean, jackpots = true): Promise<RoundResult> {
  const kind: BalanceKind = row.mode === "demo" ? "fun" : "main";
  const key = `round:${row.id}`;
  const funding = row.mode === "real" && row.bonus_id ? storedFunding(row) : null;
  const changes: BalanceChange[] = funding ? roundChanges(funding) : [{ kind, delta: -row.bet, type: "bet" }];
  if (!funding && row.win > 0) changes.push({ kind, delta: row.win, type: "win" });
  // Everything the round feeds (play/round-consumers.ts: wagering, loyalty, quests, tournaments…)
  // on its real-money part, in the same batch as the payment.
  const fed = await consumeAll(
    ROUND_CONSUMERS,
    deps.db,
    {
      id: row.id,
      uid: row.uid,
      gameId: row.game_id,
      sysname: row.sysname,
      mode: row.mode,
      bet: row.bet,
      win: row.win,
      currency: row.currency,
      operationKey: key,
      betMain: row.mode !== "real" ? 0 : funding ? funding.betMain : row.bet,
      winMain: row.mode !== "real" ? 0 : funding ? funding.winMain : row.win,
      funding,
      bonusId: funding?.bonusId ?? null,
      jackpots,
    },
    Date.now(),
  );
  // A split under a bonus pays only while that bonus is active (checked in the payment's batch).
  const stillActive = funding ? { sql: "EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?1 AND status = 'active')", params: [row.bonus_id] } : undefined;
  let result: OperationResult;
  // The consumers' statements' results (their RETURNING rows), when their batch ran.
  const ran: { alongside?: D1Result[] } = {};
  try {
    result = await moveMoney(deps, { uid: row.uid, key, type: "bet", reference: row.id, changes }, fed.statements, stillActive, ran);
  } catch (e) {
    // Declined (or failed): the round did not happen; its round_id may be tried again (an original's
    // draw goes with it; its nonce stays used).
    await deps.db.batch([
      deps.db
        .prepare("DELETE FROM original_rounds WHERE round_id = ?1 AND EXISTS (SELECT 1 FROM game_rounds WHERE id = ?1 AND operation_id IS NULL)")
        .bind(row.id),
      deps.db.prepare("DELETE FROM game_rounds WHERE id = ?1 AND operation_id IS NULL").bind(row.id),
    ]);
    throw e;
  }
  if (funding && result.operationId === "") {
    // The bonus ended between the claim and the payment (the player exited it, the clock expired
    // it, another round converted it): the round is the main balance's alone, stored so before it
    // is paid, so a retry pays the same. Its win must not land on the balance of a bonus that is gone.
    const plain = await deps.db
      .prepare(
        "UPDATE game_rounds SET bet_bonus = 0, win_bonus = 0, bonus_id = NULL, bonus_contribution = 0 WHERE id = ?1 AND operation_id IS NULL RETURNING *",
      )
      .bind(row.id)
      .first<RoundRow>();
    const again = plain ?? (await readRoundRow(deps.db, row.uid, row.round_key));
    if (!again || (again.bonus_id && again.operation_id === null))
      throw new PlatformError("InvalidRequest", "The round could not be settled: try again", { status: 409 });
    return pay(deps, again, replay, jackpots);
  }
  if (row.operation_id === null) {
    await deps.db.prepare("UPDATE game_rounds SET operation_id = ?2 WHERE id = ?1").bind(row.id, result.operationId).run();
  }
  // The call that recorded the payment is the fresh one: a retry of a paid round is not news.
  await fed.committed(deps, row.operation_id === null, ran.alongside);
  return {
    id: row.id,
    sysname: row.sysname,
    mode: row.mode,
    bet: row.bet,
    win: row.win,
    currency: row.currency,
    symbols: JSON.parse(row.symbols),
    ...(originalOf(row.sysname) ? { original: (await readDraw(deps.db, row.id)) ?? undefined } : {}),
    created_at: row.created_at,
    // What the player plays with: for real money the main and bonus balances together.
    balance:
      kind === "main" ? { amount: result.balances.main.amount + result.balances.bonus.amount, currency: result.balances.main.currency } : result.balances[kind],
    replayed: replay,
  };
}

function invalid(field: string, message: string): PlatformError {
  return new PlatformError("InvalidParameter", message, { fields: { [field]: [message] } });
}

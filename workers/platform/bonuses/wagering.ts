import { PlatformError } from "../../../core/api/errors";
import { readGeneralInfo } from "../core/settings";
import type { BalanceChange } from "../wallet/wallet";

/**
 * A real-money round under the bonus engine (decision 0039): which balance funds the bet (real
 * money first), where the win goes, how much of the bet counts towards the active bonus's
 * wagering, and the max-bet refusal. Decided before the round is claimed and stored with it, so a
 * retry of the round pays exactly the same.
 */

export interface ActiveBonus {
  id: string;
  wager_required: number;
  wagered: number;
  max_bet: number | null;
  currency: string;
  contributions: string;
}

export interface RoundFunding {
  betMain: number;
  betBonus: number;
  winMain: number;
  winBonus: number;
  /** The active bonus whose wagering the round advances (null: none). */
  bonusId: string | null;
  /** Percent of the bet that counts, and the amount (before the cap of what is left). */
  contribution: number;
  counted: number;
}

export async function activeCasinoBonus(db: D1Database, uid: number): Promise<ActiveBonus | null> {
  return db
    .prepare(
      `SELECT b.id, b.wager_required, b.wagered, b.max_bet, b.currency, t.contributions
       FROM player_bonuses b JOIN bonus_templates t ON t.id = b.template_id
       WHERE b.uid = ?1 AND b.type = 'casino' AND b.status = 'active'`,
    )
    .bind(uid)
    .first<ActiveBonus>();
}

/** What decides how much of a bet counts: a per-game override, else the game's category. */
export type ContributionCategory = "game" | "slots" | "table" | "live";

/**
 * Percent of a bet on a game that counts towards wagering, and why: a per-game override of the
 * template (`games` by sysname), else by the game's kind (live, table; slots otherwise), with the
 * defaults slots 100, table 10, live 0.
 */
export function contributionRule(contributions: string, kind: string | null, sysname: string): { percent: number; category: ContributionCategory } {
  const c = JSON.parse(contributions) as { slots?: number; table?: number; live?: number; games?: Record<string, number> };
  const clamp = (v: unknown, fallback: number) => (Number.isInteger(v) ? Math.min(100, Math.max(0, v as number)) : fallback);
  if (c.games && sysname in c.games) return { percent: clamp(c.games[sysname], 100), category: "game" };
  if (kind === "live") return { percent: clamp(c.live, 0), category: "live" };
  if (kind === "table") return { percent: clamp(c.table, 10), category: "table" };
  return { percent: clamp(c.slots, 100), category: "slots" };
}

/** Percent of a bet on this game that counts (contributionRule with the game's kind, from the round's game row). */
export function contributionOf(bonus: ActiveBonus, game: { kind: string; sysname: string }): number {
  return contributionRule(bonus.contributions, game.kind, game.sysname).percent;
}

/** Refuses a bet above the active bonus's max bet, before anything is placed. */
export function assertMaxBet(bonus: ActiveBonus | null, bet: number): void {
  if (bonus?.max_bet != null && bet > bonus.max_bet) {
    const max = (bonus.max_bet / 100).toFixed(2);
    throw new PlatformError("InvalidParameter", `While your bonus is wagered a bet can be at most ${max} ${bonus.currency}`, {
      fields: { bet: [`While your bonus is wagered a bet can be at most ${max} ${bonus.currency}`] },
      params: { max_bet: bonus.max_bet, currency: bonus.currency, bonus_id: bonus.id },
    });
  }
}

/**
 * Real money first: the bet comes from the main balance as far as it goes, the rest from the bonus
 * balance. With bonus isolation on (general_info.is_bonus_isolation_enabled) the win follows the
 * money that was bet, in proportion; with it off, while a bonus is active the whole win goes to the
 * bonus balance, to be wagered with it. Without an active bonus everything is the main balance's.
 */
export async function fundRound(
  db: D1Database,
  bonus: ActiveBonus | null,
  balances: { main: number; bonus: number },
  bet: number,
  win: number,
  contribution: number,
  generalInfo?: string | null,
): Promise<RoundFunding> {
  if (!bonus) return { betMain: bet, betBonus: 0, winMain: win, winBonus: 0, bonusId: null, contribution: 0, counted: 0 };
  const betMain = Math.min(bet, balances.main);
  const betBonus = bet - betMain;
  const { is_bonus_isolation_enabled: isolation } = await readGeneralInfo<{ is_bonus_isolation_enabled?: boolean }>({ db, generalInfo });
  const winBonus = isolation ? Math.floor((win * betBonus) / bet) : win;
  return {
    betMain,
    betBonus,
    winMain: win - winBonus,
    winBonus,
    bonusId: bonus.id,
    contribution,
    counted: countedOf(bet, contribution),
  };
}

/** What a bet counts towards wagering at this contribution (before the cap of what is left). */
export const countedOf = (bet: number, contribution: number) => Math.floor((bet * contribution) / 100);

/** The wallet changes of a funded round: at most one debit and one credit per balance. */
export function roundChanges(f: RoundFunding): BalanceChange[] {
  const changes: BalanceChange[] = [];
  if (f.betMain > 0) changes.push({ kind: "main", delta: -f.betMain, type: "bet" });
  if (f.betBonus > 0) changes.push({ kind: "bonus", delta: -f.betBonus, type: "bet" });
  if (f.winMain > 0) changes.push({ kind: "main", delta: f.winMain, type: "win" });
  if (f.winBonus > 0) changes.push({ kind: "bonus", delta: f.winBonus, type: "win" });
  return changes;
}

/**
 * The wagering advance of a round, run in the batch that pays it and before the payment's
 * statements: applies only while the payment's key is unused (so a replayed round counts once),
 * records what counted (capped at what is left) and adds exactly that to the bonus.
 */
export function wageringStatements(
  db: D1Database,
  uid: number,
  roundId: string,
  operationKey: string,
  bet: number,
  f: RoundFunding,
  now: number,
): D1PreparedStatement[] {
  if (!f.bonusId) return [];
  const unpaid = "NOT EXISTS (SELECT 1 FROM wallet_operations WHERE uid = ?2 AND key = ?3)";
  return [
    db
      .prepare(
        `INSERT INTO bonus_wagering (bonus_id, uid, round_id, bet, contribution, counted, created_at)
         SELECT id, uid, ?4, ?5, ?6, MIN(?7, wager_required - wagered), ?8 FROM player_bonuses
         WHERE id = ?1 AND uid = ?2 AND status = 'active' AND ${unpaid}
         ON CONFLICT (round_id) DO NOTHING`,
      )
      .bind(f.bonusId, uid, operationKey, roundId, bet, f.contribution, f.counted, now),
    db
      .prepare(
        `UPDATE player_bonuses SET wagered = wagered + (SELECT counted FROM bonus_wagering WHERE round_id = ?4 AND created_at = ?5)
         WHERE id = ?1 AND uid = ?2 AND status = 'active' AND ${unpaid}
           AND EXISTS (SELECT 1 FROM bonus_wagering WHERE round_id = ?4 AND created_at = ?5)`,
      )
      .bind(f.bonusId, uid, operationKey, roundId, now),
  ];
}

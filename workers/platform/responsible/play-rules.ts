import type { JurisdictionId } from "../../../core/jurisdictions";
import { jurisdictionOf } from "../../../core/jurisdictions";
import { formatMoney } from "../../../core/money";
import { PlatformError } from "../../../core/api/errors";
import { capFor } from "./jurisdiction";
import { hasDepositLimit } from "./deposit-guard";

/**
 * A market's rules for a round of a slot (issue 40, decision 0088): the most one round may stake
 * (Germany €1; the UK £5, £2 for players 18–24) and the shortest a game cycle may be (the UK 2.5 s,
 * Germany 5 s). The Worker works them out from the session's account (its country and birth date,
 * read with the session: no read more) and the round carries them to the player's object, which
 * refuses a larger stake and, in the round's own INSERT, a round started within the cycle of the last.
 */
export interface PlayRules {
  /** Whose rules: the profile's id, and its regulator's name. */
  jurisdiction: JurisdictionId;
  regulator: string;
  /** The most a round may stake, in the player's currency's minor units; null: the game's own. */
  maxStake: number | null;
  /** The shortest game cycle (ms); 0: none. */
  minCycleMs: number;
  /** Whether the game says its RTP and the chance of its top prize where the stake is chosen (Germany). */
  showOdds: boolean;
  /** Whether the round feeds and may win jackpot pools (not in Germany). */
  jackpots: boolean;
  /** Whether the player must have a deposit limit before a real round, bonus money included (Sweden: Spellagen 14 kap. 8 §). */
  limitRequired: boolean;
}

/**
 * The rules a player of `country`, born `birthDate` (unknown counts as young), plays under on a
 * site of profile `site`; null where their market has none. A cap in another currency is converted
 * at the site's rates (its own figure where the site has no rate for it: the cap's amount in the
 * player's currency).
 */
export async function playRulesOf(
  db: D1Database,
  player: { country: string; birthDate: string | null; currency: string },
  site: JurisdictionId,
  now = Date.now(),
): Promise<PlayRules | null> {
  const profile = jurisdictionOf(player.country, site);
  const { maxStake: cap, minCycleMs, showOdds, jackpots } = profile.play;
  const limitRequired = profile.depositLimits.requiredBeforeDeposit;
  if (!cap && !minCycleMs && !limitRequired && !showOdds && jackpots) return null;
  const maxStake = cap ? await capFor(db, cap, player, now) : null;
  return { jurisdiction: profile.id, regulator: profile.regulator, maxStake, minCycleMs: minCycleMs ?? 0, limitRequired, showOdds, jackpots };
}

/**
 * The market's play rules as a third-party studio takes them at launch (decision 0095), in the
 * query parameters the launch URL carries: a studio that enforces them itself (as every licensed
 * one must for its own certification) reads its limits from the operator, who knows the player.
 * Names are the platform's own, stable, documented in docs/api: `jurisdiction`, `max_stake`
 * (minor units of `currency`), `min_cycle_ms`, `autoplay` and `turbo` (0: not offered), `show_rtp`
 * (1: show the RTP and the top prize's chance where the stake is chosen), `jackpots` (0: none).
 * A market without rules adds nothing.
 */
export function launchParameters(rules: PlayRules | null | undefined): Record<string, string> {
  if (!rules) return {};
  const out: Record<string, string> = { jurisdiction: rules.jurisdiction };
  if (rules.maxStake !== null) out.max_stake = String(rules.maxStake);
  if (rules.minCycleMs > 0) {
    // The markets that set a cycle time bar autoplay and turbo with it (UKGC RTS 14, GlüStV §22a).
    out.min_cycle_ms = String(rules.minCycleMs);
    out.autoplay = "0";
    out.turbo = "0";
  }
  if (rules.showOdds) out.show_rtp = "1";
  if (!rules.jackpots) out.jackpots = "0";
  return out;
}

/**
 * The market's word on a player's first real round or sports bet without a deposit limit (Sweden: a
 * limit before any play, with bonus money from a sign-up offer too, not only before a deposit).
 */
export async function assertLimitSet(
  db: D1Database,
  uid: number,
  rules: Pick<PlayRules, "limitRequired" | "regulator"> | null | undefined,
  now: number,
): Promise<void> {
  if (!rules?.limitRequired || (await hasDepositLimit(db, uid, now))) return;
  const message = `Under the rules of the ${rules.regulator} set a deposit limit before you play`;
  throw new PlatformError("InvalidRequest", message, { params: { limit_required: true } });
}

/** Whether a round may stake `bet` under the market's cap. */
export const stakeAllowed = (rules: PlayRules | undefined, bet: number): boolean => !rules || rules.maxStake === null || bet <= rules.maxStake;

/** The refusal of a stake above the cap, on the round's `bet`. */
export function stakeRefusal(rules: PlayRules, currency: string): PlatformError {
  const max = formatMoney({ amount: rules.maxStake ?? 0, currency });
  const message = `Under the rules of the ${rules.regulator} a round stakes at most ${max}`;
  return new PlatformError("InvalidParameter", message, { fields: { bet: [message] }, params: { max_stake: rules.maxStake, currency } });
}

/** The condition a real round's INSERT adds: no real round of the player's started within the market's cycle (`cycle`: ms, 0 for none). */
export const cycleGate = (uid: string, now: string, cycle: string) =>
  `(${cycle} = 0 OR NOT EXISTS (SELECT 1 FROM game_rounds WHERE uid = ${uid} AND mode = 'real' AND created_at > ${now} - ${cycle}))`;

/** The refusal of a round the cycle held back: when the next may start. */
export async function cycleRefusal(db: D1Database, uid: number, rules: PlayRules | undefined, now: number): Promise<PlatformError | null> {
  if (!rules?.minCycleMs) return null;
  const last = await db.prepare("SELECT MAX(created_at) AS at FROM game_rounds WHERE uid = ?1 AND mode = 'real'").bind(uid).first<number | null>("at");
  if (last === null || last <= now - rules.minCycleMs) return null;
  const seconds = (rules.minCycleMs / 1000).toLocaleString("en", { maximumFractionDigits: 1 });
  return new PlatformError("InvalidRequest", `Under the rules of the ${rules.regulator} a round lasts at least ${seconds} seconds: wait a moment`, {
    params: { min_cycle_ms: rules.minCycleMs, retry_at: last + rules.minCycleMs },
  });
}

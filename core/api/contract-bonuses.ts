import { z } from "zod";
import { method, refusal } from "./define";
import { Money } from "./entities";

/**
 * Bonus methods of the /api contract (SPEC §7 bonuses.*; issue 18, decision 0039). A bonus is
 * granted by a trigger (registration, a deposit), offered `available`, turned into bonus money by
 * bonuses.activate, and ends wagered, expired, cancelled or closed. Spread into `contract`.
 */

export const BonusStatus = z.enum(["available", "active", "wagered", "expired", "cancelled", "closed"]);
export type BonusStatus = z.infer<typeof BonusStatus>;

/** SPEC §3 Progress item: the wagering done (expCount) between minValue and maxValue, minor units. */
export const Progress = z.strictObject({ minValue: z.number().int(), maxValue: z.number().int(), expCount: z.number().int() });

/**
 * What wagering the rest costs on average: the bets still to place on slots (which count 100 %)
 * times the house edge of the catalogue's average slot. `expected_cost` above `amount` means the
 * bonus is expected to be lost while clearing it.
 */
export const BonusXray = z.strictObject({
  /** The average RTP of the catalogue's slots, basis points (9600 = 96.00 %). */
  rtp_bp: z.number().int(),
  left_to_wager: Money,
  expected_cost: Money,
  /** Days to wager it once activated. */
  wagering_days: z.number().int(),
});

export const PlayerBonus = z.strictObject({
  id: z.string(),
  /** SPEC §3: betting, or other (casino). */
  type: z.enum(["casino", "betting"]),
  sysname: z.string(),
  title: z.string(),
  description: z.string(),
  status: BonusStatus,
  /** A betting bonus (free bet) whose win pays the stake back too: stake × odds; otherwise the win less the stake. Always false for casino bonuses. */
  stake_returned: z.boolean(),
  /** The bonus money it gives (or gave) on activation. */
  amount: Money,
  /** The deposit that earned it; null for a bonus without one. */
  deposit: Money.nullable(),
  /** That deposit's cashier transaction (CashierTransaction.id), so its success page can show what it earned; null without one. */
  deposit_id: z.string().nullable(),
  /** What must be bet before it converts into real money, and how much has counted. */
  wager_required: Money,
  wagered: Money,
  wager_multiplier: z.number().int(),
  wager_base: z.enum(["bonus", "deposit_bonus"]),
  progress: Progress,
  /** Percent of a bet that counts, by game category. */
  contributions: z.record(z.string(), z.number().int()),
  max_bet: Money.nullable(),
  max_cashout: Money.nullable(),
  /** The bonus X-ray (decision 0042): what clearing it costs on average, before the player accepts it. */
  xray: BonusXray,
  /** Unix milliseconds. `available_until`: last moment to activate; `expires_at`: end of wagering once active. */
  created_at: z.number().int(),
  available_until: z.number().int(),
  activated_at: z.number().int().nullable(),
  expires_at: z.number().int().nullable(),
  finished_at: z.number().int().nullable(),
  /**
   * Why it ended, when its status does not say it all: `deposit_withdrawn` — a deposit bonus not
   * yet activated, cancelled because a withdrawal took the deposit it was granted for (decision 0059).
   */
  end_reason: z.enum(["deposit_withdrawn"]).nullable(),
});
export type PlayerBonus = z.infer<typeof PlayerBonus>;

export const BonusList = z.strictObject({
  active: z.array(PlayerBonus),
  available: z.array(PlayerBonus),
  /** Ended bonuses, newest first (at most 50). */
  history: z.array(PlayerBonus),
});
export type BonusList = z.infer<typeof BonusList>;

export { BONUS_EVENT, type BonusEventData } from "./bonus-event";

const bonusId = z.string().regex(/^[0-9a-f]{32}$/, "bonus_id is malformed");
/** "1": end the active bonus of the kind to make room (the burning-bonuses confirm), after the new one passed its checks. */
const burnActive = z.enum(["0", "1"], { error: "burn_active must be 0 or 1" }).optional();

export const bonusMethods = {
  "bonuses.get": method({
    group: "bonuses",
    name: "get",
    verb: "GET",
    access: "player",
    summary: "The player's casino bonuses: active (at most one), available to activate, and history (betting bonuses: BettingBonuses.get).",
    params: z.object({}),
    result: BonusList,
  }),
  "bonuses.activate": method({
    group: "bonuses",
    name: "activate",
    verb: "POST",
    access: "player",
    refuses: [refusal.tryAgain],
    summary:
      "Activate an available bonus: its amount is credited to balance_bonus and wagering starts (expires_at). Refusals: " +
      "400 InvalidParameterException for an unknown, ended or expired bonus; 409 InvalidRequestException while another bonus of its type is active, " +
      "unless burn_active is 1 — then, once this bonus is known to be activatable, the active one ends (its balance removed) first.",
    params: z.object({ bonus_id: bonusId, burn_active: burnActive }),
    result: PlayerBonus,
  }),
  "bonuses.deactivate": method({
    group: "bonuses",
    name: "deactivate",
    verb: "POST",
    access: "player",
    refuses: [refusal.tryAgain],
    summary: "Exit the active bonus: it is cancelled and what is on balance_bonus is removed (real money stays). Returns the bonus.",
    params: z.object({ bonus_id: bonusId }),
    result: PlayerBonus,
  }),
  "bonuses.remove": method({
    group: "bonuses",
    name: "remove",
    verb: "POST",
    access: "player",
    summary: "Decline an available bonus: it leaves the available list for good. Returns 1.",
    params: z.object({ bonus_id: bonusId }),
    result: z.literal(1),
  }),
  "BettingBonuses.get": method({
    group: "BettingBonuses",
    name: "get",
    verb: "GET",
    access: "player",
    summary: "The player's betting bonuses (free bets for the sportsbook): active, available to activate, and history. Same shape as bonuses.get.",
    params: z.object({}),
    result: BonusList,
  }),
  "BettingBonuses.activate": method({
    group: "BettingBonuses",
    name: "activate",
    verb: "POST",
    access: "player",
    refuses: [refusal.tryAgain],
    summary:
      "Activate an available betting bonus: its amount is credited to balance_betting_bonus. Refusals as bonuses.activate " +
      "(400 for an unknown, ended, expired or casino bonus; 409 while another betting bonus is active, unless burn_active is 1).",
    params: z.object({ bonus_id: bonusId, burn_active: burnActive }),
    result: PlayerBonus,
  }),
  "BettingBonuses.remove": method({
    group: "BettingBonuses",
    name: "remove",
    verb: "POST",
    access: "player",
    refuses: [refusal.tryAgain],
    summary: "Decline an available betting bonus, or give up the active one (what is on balance_betting_bonus is removed). Returns 1.",
    params: z.object({ bonus_id: bonusId }),
    result: z.literal(1),
  }),
};

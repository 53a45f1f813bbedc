import { spinDigest } from "./fairness";

/**
 * The originals' published draws (issue 43, decision 0115): in-house games drawn by the wheel's
 * commit–reveal (core/fairness.ts) from the player's seed pair and the next nonce, one module for the
 * Worker that draws and the browser that verifies.
 *
 *   digest = HMAC-SHA256(key = the server seed, message = `${clientSeed}:${nonce}`)
 *   n      = the digest's first 52 bits (its first 13 hex characters), 0 ≤ n < 2^52
 *
 * Dice:  roll = ⌊n × 10001 ÷ 2^52⌋ hundredths, 0.00 … 100.00 (10,001 equally likely values).
 *        "over T" wins when roll > T, "under T" when roll < T. With c the winning values' count,
 *        the payout is ⌊(1 − edge) × 10001 ÷ c × 10⁴⌋ ÷ 10⁴ times the bet.
 * Limbo: result = ⌊(1 − edge) × 2^52 ÷ (2^52 − n) × 100⌋ hundredths, at least 1.00×, at most
 *        1,000,000.00×. A target M wins when result ≥ M, and pays M times the bet.
 *
 * The house edge is 1 % in both: a player's expected return is 99 % of what they bet (rounded
 * down to the payout's 4 decimals in dice). Amounts are whole minor units, rounded down.
 */

export const ORIGINALS = ["dice", "limbo"] as const;
export type Original = (typeof ORIGINALS)[number];

/** The house edge of each original, in basis points (published with the game). */
export const HOUSE_EDGE_BP: Record<Original, number> = { dice: 100, limbo: 100 };

export const ORIGINAL_ALGORITHMS: Record<Original, string> = {
  dice: "n = first 52 bits of HMAC-SHA256(server_seed, client_seed:nonce); roll = ⌊n × 10001 ÷ 2^52⌋ ÷ 100; over T wins if roll > T, under T if roll < T; pays ⌊0.99 × 10001 ÷ winning rolls × 10⁴⌋ ÷ 10⁴",
  limbo:
    "n = first 52 bits of HMAC-SHA256(server_seed, client_seed:nonce); result = ⌊0.99 × 2^52 ÷ (2^52 − n) × 100⌋ ÷ 100, at least 1.00; a target M wins if result ≥ M and pays M",
};

const TWO_52 = 2n ** 52n;
/** Dice's rolls, in hundredths: 0 … 10000. */
export const DICE_VALUES = 10_001;
/** The winning rolls a dice bet may have: about 1 % to 98 % chance. */
export const DICE_MIN_COUNT = 100;
export const DICE_MAX_COUNT = 9_800;
/** Limbo's targets, in hundredths: 1.01× to 10,000×; its results stop at 1,000,000×. */
export const LIMBO_MIN_TARGET = 101;
export const LIMBO_MAX_TARGET = 1_000_000;
export const LIMBO_MAX_RESULT = 100_000_000;

/** What the player chose for a round. Dice: a target (hundredths) and a side; limbo: a target multiplier (hundredths). */
export type OriginalChoice = { game: "dice"; target: number; over: boolean } | { game: "limbo"; target: number };

/** A round's outcome: the drawn value (hundredths), whether it won, and the payout multiplier (10⁴ = 1×) it paid on a win. */
export interface OriginalOutcome {
  game: Original;
  /** Dice: the roll; limbo: the result multiplier (both in hundredths). */
  result: number;
  target: number;
  /** Dice only: over (true) or under the target. */
  over?: boolean;
  won: boolean;
  /** What a win pays per unit bet, in 1/10⁴ (19,800 = 1.98×). */
  payout_bp: number;
}

/** The 52 bits a digest's first 13 hex characters hold. */
export const bitsOf = (digest: string): bigint => BigInt(`0x${digest.slice(0, 13)}`);

/** The winning rolls of a dice choice (0 for a choice out of the range; see diceRefusal). */
export const diceCount = (target: number, over: boolean): number => (over ? 10_000 - target : target);

/** Why a dice choice is refused, or null: a target in hundredths whose chance is between DICE_MIN_COUNT and DICE_MAX_COUNT rolls. */
export function diceRefusal(target: number, over: boolean): string | null {
  if (!Number.isSafeInteger(target) || target < 0 || target > 10_000) return "The target is a number from 0.00 to 100.00";
  const count = diceCount(target, over);
  if (count < DICE_MIN_COUNT || count > DICE_MAX_COUNT) return "Choose a target that wins between 1 % and 98 % of rolls";
  return null;
}

/** Why a limbo target is refused, or null. */
export function limboRefusal(target: number): string | null {
  if (!Number.isSafeInteger(target) || target < LIMBO_MIN_TARGET || target > LIMBO_MAX_TARGET) return "The target is from 1.01× to 10,000×";
  return null;
}

/** Dice's payout per unit bet (1/10⁴) for `count` winning rolls: (1 − edge) ÷ chance, rounded down. */
export const dicePayoutBp = (count: number, edgeBp = HOUSE_EDGE_BP.dice): number => Math.floor(((10_000 - edgeBp) * DICE_VALUES) / count);

/** The outcome a digest draws for a choice. */
export function outcomeOf(digest: string, choice: OriginalChoice): OriginalOutcome {
  const n = bitsOf(digest);
  if (choice.game === "dice") {
    const roll = Number((n * BigInt(DICE_VALUES)) / TWO_52);
    const won = choice.over ? roll > choice.target : roll < choice.target;
    return { game: "dice", result: roll, target: choice.target, over: choice.over, won, payout_bp: dicePayoutBp(diceCount(choice.target, choice.over)) };
  }
  const keep = BigInt(10_000 - HOUSE_EDGE_BP.limbo); // 0.99 in 1/10⁴
  const raw = (keep * TWO_52) / (TWO_52 - n) / 100n; // hundredths
  const result = Number(raw < 100n ? 100n : raw > BigInt(LIMBO_MAX_RESULT) ? BigInt(LIMBO_MAX_RESULT) : raw);
  return { game: "limbo", result, target: choice.target, won: result >= choice.target, payout_bp: choice.target * 100 };
}

/** What a round pays for a bet (minor units, rounded down): nothing on a loss. */
export const winOf = (bet: number, o: OriginalOutcome): number => (o.won ? Math.floor((bet * o.payout_bp) / 10_000) : 0);

/** The whole draw of one round: the digest and the outcome. */
export async function drawOriginal(serverSeed: string, clientSeed: string, nonce: number, choice: OriginalChoice) {
  const digest = await spinDigest(serverSeed, clientSeed, nonce);
  return { digest, outcome: outcomeOf(digest, choice) };
}

/** A decimal text with at most two decimals ("49.5", "2", "1.01") as hundredths; NaN otherwise. */
export function hundredths(text: string): number {
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

/** Hundredths as a decimal text with two decimals ("49.50"). */
export const fromHundredths = (h: number): string => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, "0")}`;

/** The catalogue's originals, by sysname (migration 0087). */
export const ORIGINAL_GAMES: Readonly<Record<string, Original>> = { "pf-dice": "dice", "pf-limbo": "limbo" };
export const originalOf = (sysname: string): Original | null => ORIGINAL_GAMES[sysname] ?? null;

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
 * Plinko: the ball falls through R rows (8, 12 or 16): its path is n's first R bits, the most
 *        significant first (1: right), and it lands in bin k = the number of rights (0 … R). It pays
 *        the published table's multiplier for (risk, R, k) — PLINKO_PAYOUTS, in hundredths.
 *
 * The house edge is 1 % in all three: a player's expected return is 99 % of what they bet (rounded
 * down to the payout's 4 decimals in dice; plinko's tables return exactly 99 %: Σ C(R,k) × m(k) =
 * 0.99 × 2^R). Amounts are whole minor units, rounded down.
 */

export const ORIGINALS = ["dice", "limbo", "plinko"] as const;
export type Original = (typeof ORIGINALS)[number];

/** The house edge of each original, in basis points (published with the game). */
export const HOUSE_EDGE_BP: Record<Original, number> = { dice: 100, limbo: 100, plinko: 100 };

export const PLINKO_ROWS = [8, 12, 16] as const;
export type PlinkoRows = (typeof PLINKO_ROWS)[number];
export const PLINKO_RISKS = ["low", "medium", "high"] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/**
 * Plinko's published payouts, in hundredths of the bet, bin 0 … R (symmetric): the rarer the bin the
 * more it pays; a higher risk pays more at the edges and less in the middle. Each table returns
 * exactly 99 % (originals.test.ts checks Σ C(R,k) × m(k) = 99 × 2^R for every one).
 */
export const PLINKO_PAYOUTS: Readonly<Record<PlinkoRisk, Readonly<Record<PlinkoRows, readonly number[]>>>> = {
  low: {
    8: [483, 268, 145, 80, 43, 80, 145, 268, 483],
    12: [860, 526, 316, 193, 116, 70, 42, 70, 116, 193, 316, 526, 860],
    16: [1370, 888, 575, 376, 242, 157, 101, 65, 42, 65, 101, 157, 242, 376, 575, 888, 1370],
  },
  medium: {
    8: [890, 372, 154, 64, 26, 64, 154, 372, 890],
    12: [2471, 1126, 514, 235, 107, 48, 22, 48, 107, 235, 514, 1126, 2471],
    16: [6798, 3249, 1552, 742, 355, 169, 81, 38, 18, 38, 81, 169, 355, 742, 1552, 3249, 6798],
  },
  high: {
    8: [1764, 506, 146, 42, 12, 42, 146, 506, 1764],
    12: [7190, 2336, 759, 247, 80, 25, 8, 25, 80, 247, 759, 2336, 7190],
    16: [29145, 10047, 3465, 1194, 412, 142, 48, 16, 5, 16, 48, 142, 412, 1194, 3465, 10047, 29145],
  },
};

export const ORIGINAL_ALGORITHMS: Record<Original, string> = {
  dice: "n = first 52 bits of HMAC-SHA256(server_seed, client_seed:nonce); roll = ⌊n × 10001 ÷ 2^52⌋ ÷ 100; over T wins if roll > T, under T if roll < T; pays ⌊0.99 × 10001 ÷ winning rolls × 10⁴⌋ ÷ 10⁴",
  limbo:
    "n = first 52 bits of HMAC-SHA256(server_seed, client_seed:nonce); result = ⌊0.99 × 2^52 ÷ (2^52 − n) × 100⌋ ÷ 100, at least 1.00; a target M wins if result ≥ M and pays M",
  plinko:
    "n = first 52 bits of HMAC-SHA256(server_seed, client_seed:nonce); the path is n's first R bits, most significant first (1 = right); bin k = the number of 1s; pays the published table's multiplier for (risk, R, k)",
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

/** What the player chose for a round. Dice: a target (hundredths) and a side; limbo: a target multiplier (hundredths); plinko: rows and risk. */
export type OriginalChoice =
  | { game: "dice"; target: number; over: boolean }
  | { game: "limbo"; target: number }
  | { game: "plinko"; rows: number; risk: PlinkoRisk };

/** A round's outcome: the drawn value (hundredths), whether it won, and the payout multiplier (10⁴ = 1×) it paid on a win. */
export interface OriginalOutcome {
  game: Original;
  /** Dice: the roll; limbo: the result multiplier (both in hundredths); plinko: the bin the ball landed in. */
  result: number;
  /** Dice's and limbo's target (hundredths); plinko's rows. */
  target: number;
  /** Dice only: over (true) or under the target. */
  over?: boolean;
  /** Plinko only: the risk its table was chosen at. */
  risk?: PlinkoRisk;
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

/** Whether a number of rows is one plinko is played with. */
export const isPlinkoRows = (rows: number): boolean => (PLINKO_ROWS as readonly number[]).includes(rows);

/** Whether a risk is one of plinko's. */
export const isPlinkoRisk = (risk: string): risk is PlinkoRisk => (PLINKO_RISKS as readonly string[]).includes(risk);

/** Why a plinko choice is refused, or null. */
export function plinkoRefusal(rows: number, risk: string): string | null {
  if (!isPlinkoRows(rows)) return "Rows are 8, 12 or 16";
  if (!isPlinkoRisk(risk)) return "Risk is low, medium or high";
  return null;
}

/** Plinko's bin for a digest's 52 bits: the number of rights among the first `rows`. */
export function plinkoBin(n: bigint, rows: number): number {
  let path = n >> BigInt(52 - rows);
  let bin = 0;
  for (; path > 0n; path >>= 1n) bin += Number(path & 1n);
  return bin;
}

/** Dice's payout per unit bet (1/10⁴) for `count` winning rolls: (1 − edge) ÷ chance, rounded down. */
export const dicePayoutBp = (count: number, edgeBp = HOUSE_EDGE_BP.dice): number => Math.floor(((10_000 - edgeBp) * DICE_VALUES) / count);

/** The choice an outcome was drawn for (its game, target, side or rows and risk): a replay and a verification ask the draw again with it. */
export function outcomeChoice(o: Pick<OriginalOutcome, "game" | "target" | "over" | "risk">): OriginalChoice {
  if (o.game === "dice") return { game: "dice", target: o.target, over: o.over === true };
  if (o.game === "plinko") return { game: "plinko", rows: o.target, risk: o.risk ?? "medium" };
  return { game: "limbo", target: o.target };
}

/** Whether two choices are the same bet on the same original. */
export function sameChoice(a: OriginalChoice, b: OriginalChoice): boolean {
  if (a.game === "dice") return b.game === "dice" && a.target === b.target && a.over === b.over;
  if (a.game === "plinko") return b.game === "plinko" && a.rows === b.rows && a.risk === b.risk;
  return b.game === "limbo" && a.target === b.target;
}

/** The outcome a digest draws for a choice. */
export function outcomeOf(digest: string, choice: OriginalChoice): OriginalOutcome {
  const n = bitsOf(digest);
  if (choice.game === "dice") {
    const roll = Number((n * BigInt(DICE_VALUES)) / TWO_52);
    const won = choice.over ? roll > choice.target : roll < choice.target;
    return { game: "dice", result: roll, target: choice.target, over: choice.over, won, payout_bp: dicePayoutBp(diceCount(choice.target, choice.over)) };
  }
  if (choice.game === "plinko") {
    // The ball always lands and pays its bin (under 1× in the middle bins: a partial loss).
    const bin = plinkoBin(n, choice.rows);
    const payout = PLINKO_PAYOUTS[choice.risk][choice.rows as PlinkoRows][bin]!;
    return { game: "plinko", result: bin, target: choice.rows, risk: choice.risk, won: true, payout_bp: payout * 100 };
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
export const ORIGINAL_GAMES: Readonly<Record<string, Original>> = { "pf-dice": "dice", "pf-limbo": "limbo", "pf-plinko": "plinko" };
export const originalOf = (sysname: string): Original | null => ORIGINAL_GAMES[sysname] ?? null;

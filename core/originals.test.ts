import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  diceRefusal,
  drawOriginal,
  fromHundredths,
  hundredths,
  limboRefusal,
  outcomeChoice,
  outcomeOf,
  PLINKO_PAYOUTS,
  PLINKO_RISKS,
  PLINKO_ROWS,
  plinkoRefusal,
  sameChoice,
  winOf,
  type OriginalChoice,
} from "./originals";

/**
 * The originals' draws (decision 0115) against an independent implementation of the published
 * algorithm: Node's own HMAC (not WebCrypto) and the formulas written again here in exact rational
 * arithmetic, over many seeds and nonces.
 */

const serverSeed = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

/** The published algorithm, written apart from core/originals.ts. */
function independent(server: string, client: string, nonce: number, choice: { game: "dice" | "limbo"; target: number; over?: boolean }) {
  const digest = createHmac("sha256", server).update(`${client}:${nonce}`).digest("hex");
  const n = BigInt(`0x${digest.slice(0, 13)}`);
  const scale = 2n ** 52n;
  if (choice.game === "dice") {
    const roll = Number((n * 10001n) / scale);
    const winning = choice.over ? 10000 - choice.target : choice.target;
    const won = choice.over ? roll > choice.target : roll < choice.target;
    // 0.99 × 10001 ÷ winning, in 1/10⁴, rounded down: exact integers.
    const payout = Math.floor((9900 * 10001) / winning);
    return { digest, result: roll, won, payout };
  }
  // 0.99 ÷ (1 − n/2^52) in hundredths, rounded down: 99 × 2^52 ÷ (2^52 − n).
  let result = Number((99n * scale) / (scale - n));
  result = Math.min(Math.max(result, 100), 100_000_000);
  return { digest, result, won: result >= choice.target, payout: choice.target * 100 };
}

describe("the originals' draws", () => {
  it("match an independent implementation of the published algorithm over 2,000 rounds", async () => {
    for (let nonce = 0; nonce < 1000; nonce++) {
      const client = `client-${nonce % 7}`;
      const dice = { game: "dice" as const, target: ((nonce * 37) % 9601) + 200, over: nonce % 2 === 0 };
      const limbo = { game: "limbo" as const, target: 101 + ((nonce * 7919) % 5000) };
      for (const choice of [dice, limbo]) {
        const ours = await drawOriginal(serverSeed, client, nonce, choice);
        const theirs = independent(serverSeed, client, nonce, choice);
        expect([ours.digest, ours.outcome.result, ours.outcome.won, ours.outcome.payout_bp]).toEqual([theirs.digest, theirs.result, theirs.won, theirs.payout]);
      }
    }
  });

  it("dice: the edges of the roll, over and under, and a 1.98× payout at 50 % less one roll", () => {
    const zero = "0".repeat(64);
    const top = `${"f".repeat(13)}${"0".repeat(51)}`;
    expect(outcomeOf(zero, { game: "dice", target: 5000, over: false })).toMatchObject({ result: 0, won: true });
    expect(outcomeOf(top, { game: "dice", target: 5000, over: true })).toMatchObject({ result: 10000, won: true });
    // Under 50.00 wins 5,000 of 10,001 rolls: 0.99 × 10001 ÷ 5000 = 1.98019…
    const o = outcomeOf(zero, { game: "dice", target: 5000, over: false });
    expect(o.payout_bp).toBe(19801);
    expect(winOf(100, o)).toBe(198);
    expect(winOf(100, { ...o, won: false })).toBe(0);
    // The roll equal to the target loses both ways.
    const half = outcomeOf(`${(2n ** 51n).toString(16).padStart(13, "0")}${"0".repeat(51)}`, { game: "dice", target: 5000, over: true });
    expect(half).toMatchObject({ result: 5000, won: false });
  });

  it("limbo: at least 1.00×, the target is reached or not, and a win pays the target", () => {
    expect(outcomeOf("0".repeat(64), { game: "limbo", target: 101 })).toMatchObject({ result: 100, won: false });
    const high = outcomeOf(`${"f".repeat(13)}${"0".repeat(51)}`, { game: "limbo", target: 1_000_000 });
    expect(high).toMatchObject({ result: 100_000_000, won: true, payout_bp: 100_000_000 });
    expect(winOf(50, high)).toBe(500_000);
  });

  it("refuses choices outside the published ranges with a reason", () => {
    expect(diceRefusal(5000, true)).toBeNull();
    expect(diceRefusal(9950, true)).toMatch(/1 %/);
    expect(diceRefusal(50, false)).toMatch(/1 %/);
    expect(diceRefusal(9850, false)).toMatch(/98 %/);
    expect(diceRefusal(-1, true)).toMatch(/0.00 to 100.00/);
    expect(diceRefusal(Number.NaN, true)).not.toBeNull();
    expect(limboRefusal(101)).toBeNull();
    expect(limboRefusal(100)).not.toBeNull();
    expect(limboRefusal(1_000_001)).not.toBeNull();
  });

  it("reads and writes hundredths", () => {
    expect(hundredths("49.5")).toBe(4950);
    expect(hundredths("2")).toBe(200);
    expect(hundredths("1,01")).toBe(101);
    expect(hundredths("1.001")).toBeNaN();
    expect(hundredths("-2")).toBeNaN();
    expect(hundredths("")).toBeNaN();
    expect(fromHundredths(4950)).toBe("49.50");
    expect(fromHundredths(101)).toBe("1.01");
  });

  it("plinko: the path is the first R bits (1 = right), the bin their count, paid by the published table", async () => {
    // Written apart: the digest's first 13 hex characters as a binary string, its first R characters the path.
    const pathOf = (digest: string, rows: number) =>
      BigInt(`0x${digest.slice(0, 13)}`)
        .toString(2)
        .padStart(52, "0")
        .slice(0, rows);
    for (let nonce = 0; nonce < 600; nonce++) {
      const rows = PLINKO_ROWS[nonce % 3]!;
      const risk = PLINKO_RISKS[Math.floor(nonce / 3) % 3]!;
      const ours = await drawOriginal(serverSeed, "plinko-client", nonce, { game: "plinko", rows, risk });
      const digest = createHmac("sha256", serverSeed).update(`plinko-client:${nonce}`).digest("hex");
      const bin = [...pathOf(digest, rows)].filter((c) => c === "1").length;
      expect(ours.digest).toBe(digest);
      expect(ours.outcome).toEqual({ game: "plinko", result: bin, target: rows, risk, won: true, payout_bp: PLINKO_PAYOUTS[risk][rows][bin]! * 100 });
    }
    // All lefts: bin 0 (the edge); all rights: bin R.
    expect(outcomeOf("0".repeat(64), { game: "plinko", rows: 16, risk: "high" })).toMatchObject({ result: 0, payout_bp: 2_914_500 });
    expect(outcomeOf("f".repeat(64), { game: "plinko", rows: 8, risk: "low" })).toMatchObject({ result: 8, payout_bp: 48_300 });
    expect(winOf(100, outcomeOf("f".repeat(64), { game: "plinko", rows: 8, risk: "low" }))).toBe(483);
  });

  it("plinko: every table is symmetric, grows toward the edges and returns exactly 99 %", () => {
    const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);
    for (const risk of PLINKO_RISKS)
      for (const rows of PLINKO_ROWS) {
        const table = PLINKO_PAYOUTS[risk][rows];
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual([...table]);
        for (let k = 0; k < rows / 2; k++) expect(table[k]!).toBeGreaterThan(table[k + 1]!);
        const returned = table.reduce((sum, m, k) => sum + choose(rows, k) * m, 0);
        expect(returned, `${risk} ${rows}`).toBe(99 * 2 ** rows);
      }
    expect(plinkoRefusal(12, "medium")).toBeNull();
    expect(plinkoRefusal(10, "medium")).toMatch(/8, 12 or 16/);
    expect(plinkoRefusal(12, "extreme")).toMatch(/low, medium or high/);
  });
});

describe("an outcome's choice", () => {
  const choices: OriginalChoice[] = [
    { game: "dice", target: 4950, over: true },
    { game: "dice", target: 4950, over: false },
    { game: "limbo", target: 200 },
    { game: "plinko", rows: 16, risk: "high" },
    { game: "plinko", rows: 8, risk: "low" },
  ];

  it("is the choice it was drawn for, for every game (a replay and the browser's verification ask it again)", () => {
    for (const choice of choices) expect(sameChoice(outcomeChoice(outcomeOf("ab".repeat(32), choice)), choice)).toBe(true);
  });

  it("tells another side, target, rows, risk or game apart", () => {
    for (const a of choices) for (const b of choices) expect(sameChoice(a, b)).toBe(a === b);
    expect(sameChoice({ game: "limbo", target: 200 }, { game: "dice", target: 200, over: true })).toBe(false);
  });
});

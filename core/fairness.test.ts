import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLIENT_SEED_PATTERN, drawSector, newServerSeed, sectorIndexOf, seedHash, spinDigest, ticketOf } from "./fairness";

/** The published algorithm, written again with Node's crypto: what a player's own script would do. */
function independentDraw(serverSeed: string, clientSeed: string, nonce: number, weights: number[]) {
  const digest = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}`).digest("hex");
  const total = weights.reduce((a, b) => a + b, 0);
  const ticket = Math.floor((Number.parseInt(digest.slice(0, 13), 16) / 2 ** 52) * total);
  let run = 0;
  const index = weights.findIndex((w) => (run += w) > ticket);
  return { digest, ticket, index };
}

const SEED = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

describe("the wheel's published draw", () => {
  it("commits to the server seed with its SHA-256", async () => {
    expect(await seedHash(SEED)).toBe(createHash("sha256").update(SEED).digest("hex"));
  });

  it("draws what the published algorithm says, on known vectors", async () => {
    const weights = [500, 250, 150, 60, 30, 9, 1];
    for (const [client, nonce] of [
      ["lucky", 0],
      ["lucky", 1],
      ["player-7", 41],
      ["x", 999_999],
    ] as const) {
      expect(await drawSector(SEED, client, nonce, weights)).toEqual(independentDraw(SEED, client, nonce, weights));
    }
    // A fixed vector, so a change of the algorithm cannot pass by changing both sides.
    expect(await spinDigest(SEED, "lucky", 0)).toBe(createHmac("sha256", SEED).update("lucky:0").digest("hex"));
    expect((await drawSector(SEED, "lucky", 0, weights)).digest.slice(0, 13)).toMatch(/^[0-9a-f]{13}$/);
  });

  it("maps tickets to sectors by running sum, and refuses a ticket beyond the sum", () => {
    expect(sectorIndexOf(0, [1, 2, 3])).toBe(0);
    expect(sectorIndexOf(1, [1, 2, 3])).toBe(1);
    expect(sectorIndexOf(2, [1, 2, 3])).toBe(1);
    expect(sectorIndexOf(3, [1, 2, 3])).toBe(2);
    expect(sectorIndexOf(5, [1, 2, 3])).toBe(2);
    expect(() => sectorIndexOf(6, [1, 2, 3])).toThrow(RangeError);
    expect(sectorIndexOf(1, [1, 0, 3])).toBe(2);
  });

  it("keeps tickets inside the weights' sum at the extremes of the digest", () => {
    expect(ticketOf("0".repeat(64), 1000)).toBe(0);
    expect(ticketOf("f".repeat(64), 1000)).toBe(999);
  });

  it("refuses weights that add up to nothing", async () => {
    await expect(drawSector(SEED, "a", 0, [0, 0])).rejects.toThrow(RangeError);
  });

  it("makes fresh 64-hex server seeds and accepts only client seeds without ':' or spaces", () => {
    const a = newServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(a);
    expect(CLIENT_SEED_PATTERN.test("my-seed_42")).toBe(true);
    expect(CLIENT_SEED_PATTERN.test("a:b")).toBe(false);
    expect(CLIENT_SEED_PATTERN.test("a b")).toBe(false);
    expect(CLIENT_SEED_PATTERN.test("")).toBe(false);
    expect(CLIENT_SEED_PATTERN.test("x".repeat(65))).toBe(false);
  });
});

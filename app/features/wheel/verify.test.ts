import { describe, expect, it } from "vitest";
import type { WheelSpin } from "../../../core/api/contract-wheel";
import { drawSector, seedHash } from "../../../core/fairness";
import { verifySpin } from "./verify";

const SEED = "a".repeat(64);
const WEIGHTS = [150, 100, 250, 120, 150, 200, 5, 25];

async function spinOf(seed: string, clientSeed: string, nonce: number): Promise<WheelSpin> {
  const draw = await drawSector(seed, clientSeed, nonce, WEIGHTS);
  return {
    id: "s",
    campaign_id: 1,
    created_at: 0,
    sector_id: draw.index + 1,
    sector_index: draw.index,
    reward: { type: "nothing", sysname: null, amount: null, units: null, title: "No luck" },
    bonus_id: null,
    player: null,
    server_seed_hash: await seedHash(seed),
    server_seed: seed,
    client_seed: clientSeed,
    nonce,
    weights: WEIGHTS,
    ticket: draw.ticket,
  };
}

describe("verify a spin in the browser", () => {
  it("matches when the revealed seed is the committed one and draws the sector shown", async () => {
    const spin = await spinOf(SEED, "lucky", 3);
    expect(await verifySpin(spin, SEED)).toMatchObject({ matches: true, hashMatches: true, drawMatches: true });
  });

  it("does not match a different sector, another seed, or another nonce", async () => {
    const spin = await spinOf(SEED, "lucky", 3);
    const other = (spin.sector_index + 1) % WEIGHTS.length;
    expect((await verifySpin({ ...spin, sector_index: other }, SEED)).matches).toBe(false);
    const wrongSeed = await verifySpin(spin, "b".repeat(64));
    expect(wrongSeed.hashMatches).toBe(false);
    expect(wrongSeed.matches).toBe(false);
    // Nonce 3 and 4 draw different tickets; claiming 4's ticket under nonce 3 fails.
    const next = await spinOf(SEED, "lucky", 4);
    expect((await verifySpin({ ...spin, ticket: next.ticket }, SEED)).matches).toBe(spin.ticket === next.ticket);
  });
});

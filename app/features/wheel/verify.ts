import type { WheelSpin } from "../../../core/api/contract-wheel";
import { drawSector, seedHash } from "../../../core/fairness";

/** Whether a spin is what its revealed seed, client seed, nonce and weights draw, and the seed is the one committed. */
export async function verifySpin(spin: WheelSpin, serverSeed: string) {
  const [hash, draw] = await Promise.all([seedHash(serverSeed), drawSector(serverSeed, spin.client_seed, spin.nonce, spin.weights)]);
  const hashMatches = hash === spin.server_seed_hash;
  const drawMatches = draw.index === spin.sector_index && draw.ticket === spin.ticket;
  return { hashMatches, drawMatches, matches: hashMatches && drawMatches, index: draw.index };
}

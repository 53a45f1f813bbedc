import type { GameRound } from "../../../core/api/entities-games";
import { seedHash } from "../../../core/fairness";
import { drawOriginal, outcomeChoice } from "../../../core/originals";

export type FairRound = NonNullable<GameRound["original"]>;

/** Whether an original's round is what its revealed seed, client seed, nonce and target draw, and the seed is the one committed. */
export async function verifyRound(r: FairRound, serverSeed: string) {
  const [hash, draw] = await Promise.all([seedHash(serverSeed), drawOriginal(serverSeed, r.client_seed, r.nonce, outcomeChoice(r))]);
  const hashMatches = hash === r.server_seed_hash;
  const drawMatches = draw.outcome.result === r.result && draw.outcome.won === r.won && draw.outcome.payout_bp === r.payout_bp;
  return { hashMatches, drawMatches, matches: hashMatches && drawMatches, result: draw.outcome.result };
}

import type { PlayRules } from "../responsible/play-rules";
import type { OriginalChoice, OriginalOutcome } from "../../../core/originals";
/**
 * What a game round is, apart from how it is settled (rounds.ts) or paid from a free-spin pack
 * (bonuses/freespins.ts): both settle the same input into the same result.
 */

export const ROUND_MODES = ["demo", "real"] as const;
export type RoundMode = (typeof ROUND_MODES)[number];

export interface StudioGame {
  id: number;
  sysname: string;
  title: string;
  /** slot, live, table, fast: what share of a bet counts for a bonus's wagering (contributionRule). */
  kind: string;
  rtp_bp: number;
  min_bet: number;
  max_bet: number;
  has_demo: number;
}

export interface RoundInput {
  /** 0 for a visitor. */
  uid: number;
  game: StudioGame;
  mode: RoundMode;
  bet: number;
  roundKey: string;
  /** A free round of this free-spin pack (decision 0041): played at its bet, debiting nothing. */
  freespinId?: string;
  /** The player's market's stake cap and cycle time (responsible/play-rules.ts), as the Worker read them with the session. */
  rules?: PlayRules;
  /** An original's round (decision 0115): the target the player chose; none for any other game. */
  choice?: OriginalChoice;
}

/**
 * An original round's draw (decision 0115): its outcome and what it was drawn from — the committed
 * seed's hash, the client seed and the nonce; the server seed once revealed (a visitor's demo round
 * is drawn from a seed of its own, revealed at once).
 */
export interface OriginalDraw {
  outcome: OriginalOutcome;
  server_seed_hash: string;
  server_seed: string | null;
  client_seed: string;
  nonce: number;
}

export interface RoundResult {
  id: string;
  sysname: string;
  mode: RoundMode;
  bet: number;
  win: number;
  currency: string;
  symbols: string[][];
  created_at: number;
  /** The balance played against after the round; null for a visitor's demo round. */
  balance: { amount: number; currency: string } | null;
  replayed: boolean;
  /** A free round's pack as the round left it. */
  freespins?: FreeRoundPack;
  /** An original's draw (its grid is empty). */
  original?: OriginalDraw;
}

export const ROUND_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** A free-spin pack as a free round left it (decision 0041). */
export interface FreeRoundPack {
  id: string;
  count: number;
  remaining_count: number;
  status: "active" | "finished" | "expired";
  bonus_id: string | null;
  won: { amount: number; currency: string };
}

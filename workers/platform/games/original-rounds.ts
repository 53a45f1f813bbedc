import { PlatformError } from "../../../core/api/errors";
import { seedHash, newServerSeed } from "../../../core/fairness";
import { diceRefusal, drawOriginal, limboRefusal, type OriginalChoice, type OriginalOutcome, originalOf, plinkoRefusal } from "../../../core/originals";
import { currentSeed, type SeedRow } from "../wheel/seeds";
import type { OriginalDraw, RoundInput } from "./round-types";

/**
 * The originals' rounds (issue 43, decision 0115): drawn by the published algorithm (core/originals.ts)
 * from the player's seed pair — the wheel's (wheel_seeds: one unrevealed seed per player, its hash
 * shown before play) — at its next nonce. The round's claim takes the nonce in its own batch, gated
 * on the seed still unrevealed at that nonce, so two rounds (or a round and a wheel spin) never share
 * one: the loser draws again at the next. Everything else — the money, the wagering, the limits, the
 * tournaments — is any round's (rounds.ts).
 */

const invalid = (field: string, message: string) => new PlatformError("InvalidParameter", message, { fields: { [field]: [message] } });

/** Refuses an original's round without a valid choice, and a choice for any other game. */
export function checkChoice(input: Pick<RoundInput, "game" | "choice" | "freespinId">): void {
  const original = originalOf(input.game.sysname);
  const c = input.choice;
  if (!original) {
    if (c) throw invalid("target", "This game takes no target");
    return;
  }
  if (input.freespinId !== undefined) throw invalid("freespin_id", "Free spins are not played on this game");
  if (!c || c.game !== original)
    throw invalid(original === "plinko" ? "rows" : "target", original === "plinko" ? "Choose the rows and the risk" : "Choose a target for this game");
  if (c.game === "plinko") {
    const why = plinkoRefusal(c.rows, c.risk);
    if (why) throw invalid(/^Rows/.test(why) ? "rows" : "risk", why);
    return;
  }
  const why = c.game === "dice" ? diceRefusal(c.target, c.over) : limboRefusal(c.target);
  if (why) throw invalid("target", why);
}

/** A player's draw before its claim: the seed it used and the outcome. */
export interface SeededDraw {
  seed: SeedRow;
  outcome: OriginalOutcome;
}

/** The player's draw at their seed's next nonce (their tables). */
export async function drawForPlayer(db: D1Database, uid: number, choice: OriginalChoice): Promise<SeededDraw> {
  const seed = await currentSeed(db, uid);
  const { outcome } = await drawOriginal(seed.server_seed, seed.client_seed, seed.next_nonce, choice);
  return { seed, outcome };
}

/** SQL for the claim's WHERE: the seed still unrevealed at the nonce drawn (?s seed id, ?n nonce, ?u uid). */
export const seedGate = (s: string, n: string, u: string) =>
  `EXISTS (SELECT 1 FROM wheel_seeds WHERE id = ${s} AND uid = ${u} AND revealed_at IS NULL AND next_nonce = ${n})`;

/** After the claim, in its batch: the draw recorded with the round, and the nonce taken (both only if the round was claimed with it). */
export function drawStatements(db: D1Database, roundId: string, uid: number, draw: SeededDraw): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO original_rounds (round_id, uid, seed_id, nonce, client_seed, outcome)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM game_rounds WHERE id = ?1)`,
      )
      .bind(roundId, uid, draw.seed.id, draw.seed.next_nonce, draw.seed.client_seed, JSON.stringify(draw.outcome)),
    db
      .prepare(
        "UPDATE wheel_seeds SET next_nonce = next_nonce + 1 WHERE id = ?1 AND next_nonce = ?2 AND EXISTS (SELECT 1 FROM original_rounds WHERE round_id = ?3)",
      )
      .bind(draw.seed.id, draw.seed.next_nonce, roundId),
  ];
}

/** A round's draw as recorded (null: not an original's round), the server seed once revealed. */
export async function readDraw(db: D1Database, roundId: string): Promise<OriginalDraw | null> {
  const row = await db
    .prepare(
      `SELECT o.nonce, o.client_seed, o.outcome, s.server_seed_hash, CASE WHEN s.revealed_at IS NOT NULL THEN s.server_seed END AS server_seed
       FROM original_rounds o JOIN wheel_seeds s ON s.id = o.seed_id WHERE o.round_id = ?1`,
    )
    .bind(roundId)
    .first<{ nonce: number; client_seed: string; outcome: string; server_seed_hash: string; server_seed: string | null }>();
  return (
    row && {
      outcome: JSON.parse(row.outcome),
      nonce: row.nonce,
      client_seed: row.client_seed,
      server_seed_hash: row.server_seed_hash,
      server_seed: row.server_seed,
    }
  );
}

/** A visitor's demo round: drawn from a seed of its own, revealed with the round (nothing is committed, nothing stored). */
export async function visitorDraw(choice: OriginalChoice): Promise<OriginalDraw> {
  const server = newServerSeed();
  const client = newServerSeed().slice(0, 16);
  const { outcome } = await drawOriginal(server, client, 0, choice);
  return { outcome, server_seed_hash: await seedHash(server), server_seed: server, client_seed: client, nonce: 0 };
}

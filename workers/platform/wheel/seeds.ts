import type { WheelFairness } from "../../../core/api/contract-wheel";
import { FAIR_ALGORITHM, newServerSeed, seedHash } from "../../../core/fairness";
import type { PlatformContext } from "../core/context";

/**
 * The player's provably-fair seeds (decision 0047). One unrevealed seed per player (a partial
 * unique index) draws their spins at its next_nonce; the player sees only its hash until they
 * rotate it, which reveals it and commits a fresh one. Created on first need, so concurrent first
 * spins agree on one seed (the loser's INSERT does nothing and both read the winner's).
 */

export interface SeedRow {
  id: number;
  uid: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  created_at: number;
  revealed_at: number | null;
}

/** A fresh client seed for a player who has not chosen one: 16 random hex characters. */
const newClientSeed = () => newServerSeed().slice(0, 16);

async function insertSeed(db: D1Database, uid: number, clientSeed: string): Promise<D1PreparedStatement> {
  const server = newServerSeed();
  return db
    .prepare(
      `INSERT INTO wheel_seeds (uid, server_seed, server_seed_hash, client_seed, next_nonce, created_at) VALUES (?1, ?2, ?3, ?4, 0, ?5)
       ON CONFLICT DO NOTHING`,
    )
    .bind(uid, server, await seedHash(server), clientSeed, Date.now());
}

const selectCurrent = (db: D1Database, uid: number) => db.prepare("SELECT * FROM wheel_seeds WHERE uid = ?1 AND revealed_at IS NULL").bind(uid);

/** The player's unrevealed seed, committed now if they have none. */
export async function currentSeed(db: D1Database, uid: number): Promise<SeedRow> {
  const found = await selectCurrent(db, uid).first<SeedRow>();
  if (found) return found;
  await (await insertSeed(db, uid, newClientSeed())).run();
  return (await selectCurrent(db, uid).first<SeedRow>())!;
}

export const fairnessOf = (s: SeedRow): WheelFairness => ({
  algorithm: FAIR_ALGORITHM,
  server_seed_hash: s.server_seed_hash,
  client_seed: s.client_seed,
  nonce: s.next_nonce,
});

export async function fairnessGet(ctx: PlatformContext): Promise<WheelFairness> {
  return fairnessOf(await currentSeed(ctx.player(), ctx.uid));
}

/** The next spins use this client seed; the committed server seed and the nonce stay. */
export async function clientSeedSet(ctx: PlatformContext, clientSeed: string): Promise<WheelFairness> {
  const db = ctx.player();
  const seed = await currentSeed(db, ctx.uid);
  await db.prepare("UPDATE wheel_seeds SET client_seed = ?2 WHERE id = ?1 AND revealed_at IS NULL").bind(seed.id, clientSeed).run();
  return fairnessGet(ctx);
}

/** Reveals `old` and commits a new seed with its client seed, in one batch (see seedRotate). */
async function revealAndCommit(db: D1Database, uid: number, old: SeedRow): Promise<void> {
  // A concurrent rotation that revealed it first also committed the new seed: this INSERT then does nothing.
  await db.batch([
    db.prepare("UPDATE wheel_seeds SET revealed_at = ?2 WHERE id = ?1 AND revealed_at IS NULL").bind(old.id, Date.now()),
    await insertSeed(db, uid, old.client_seed),
  ]);
}

/** The originals' rotation (decision 0115): the player's seed revealed and a new one committed; answers the revealed seed's id. */
export async function rotateSeed(db: D1Database, uid: number): Promise<number> {
  const old = await currentSeed(db, uid);
  await revealAndCommit(db, uid, old);
  return old.id;
}

/**
 * Reveals the seed in use and commits a new one (keeping the client seed), in one batch: a spin
 * racing the rotation either used the old seed before it was revealed (its INSERT checks the seed
 * is unrevealed) or draws again with the new one.
 */
export async function seedRotate(ctx: PlatformContext) {
  const db = ctx.player();
  const old = await currentSeed(db, ctx.uid);
  await revealAndCommit(db, ctx.uid, old);
  const spins = (await db.prepare("SELECT COUNT(*) AS n FROM wheel_spins WHERE seed_id = ?1").bind(old.id).first<number>("n")) ?? 0;
  const client = (await db.prepare("SELECT client_seed FROM wheel_seeds WHERE id = ?1").bind(old.id).first<string>("client_seed"))!;
  return {
    revealed: { server_seed: old.server_seed, server_seed_hash: old.server_seed_hash, client_seed: client, spins },
    fairness: await fairnessGet(ctx),
  };
}

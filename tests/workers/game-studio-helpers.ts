import { env } from "cloudflare:workers";
import type { Browser } from "./auth-helpers";
import { ORIGIN, send } from "./helpers";
import { playerDb } from "./player-db";

/** Shared by the game-studio-*.test.ts files: a slot of the catalogue and round requests. */

export interface SlotRow {
  id: number;
  sysname: string;
  min_bet: number;
  max_bet: number;
}

/**
 * SQL: a game no jackpot draws on. A test that checks a balance to the unit after real rounds plays
 * such a game: a jackpot's random drop (jackpots.test.ts tests those) would pay the player
 * whatever the pool holds — the bonus property test met one (a Mini pool paid mid-run).
 */
export const OUTSIDE_JACKPOTS = "id NOT IN (SELECT game_id FROM jackpot_games)";

/** A demo-capable slot of the seeded catalogue. */
export const aSlot = async (): Promise<SlotRow> =>
  (await env.DB.prepare("SELECT id, sysname, min_bet, max_bet FROM games WHERE kind = 'slot' AND has_demo = 1 ORDER BY id LIMIT 1").first<SlotRow>())!;

let roundCounter = 0;
export const roundId = () => `round-${Date.now().toString(36)}-${++roundCounter}`;

/** POST …/round as the page's script sends it (form body, Accept JSON); `browser` null: a visitor. */
export function playRound(
  browser: Browser | null,
  sysname: string,
  fields: Record<string, string | number>,
  headers: Record<string, string> = { accept: "application/json" },
): Promise<Response> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
  return send(`/platform/game/${sysname}/round`, {
    method: "POST",
    body,
    headers: { origin: ORIGIN, ...headers, ...(browser?.headers() ?? {}) },
    redirect: "manual",
  });
}

export const roundsOf = async (uid: number) =>
  (await playerDb(uid).prepare("SELECT * FROM game_rounds WHERE uid = ?1 ORDER BY created_at").bind(uid).all<Record<string, any>>()).results;

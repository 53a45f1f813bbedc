import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { Player } from "./auth-helpers";
import { data, get } from "./helpers";
import type { Game } from "./loyalty-helpers";
import { playerDb } from "./player-db";
import { flushBoard } from "../../workers/realtime/tournament-board";

/** Shared by the tournament*.test.ts files (issue 22, decision 0048). */

export interface TournamentSpec {
  scoring?: "multiplier" | "wins" | "bets" | "rounds";
  cap?: number | null;
  min_bet?: Record<string, number> | null;
  currencies?: string[];
  countries?: string[];
  opt_in?: boolean;
  reset_on_cashout?: boolean;
  status?: "future" | "active" | "finished";
  starts_at?: number;
  ends_at?: number;
  games: Game[];
  /** A race of sports bets too (decision 0111). */
  sportsbook?: boolean;
  /** [place_from, place_to, type, money | template sysname] */
  prizes?: [number, number, "money" | "bonus" | "freespins", number | string][];
}

let made = 0;

/** A tournament of its own (so tests do not share boards); answers its id. */
export async function makeTournament(s: TournamentSpec): Promise<number> {
  const now = Date.now();
  const sysname = `test-${now.toString(36)}-${++made}`;
  const id = (await env.DB.prepare(
    `INSERT INTO tournaments (sysname, status, starts_at, ends_at, scoring, cap, min_bet, currencies, countries, opt_in, reset_on_cashout, texts, sportsbook)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13) RETURNING id`,
  )
    .bind(
      sysname,
      s.status ?? "active",
      s.starts_at ?? now - 60_000,
      s.ends_at ?? now + 86_400_000,
      s.scoring ?? "rounds",
      s.cap ?? null,
      s.min_bet ? JSON.stringify(s.min_bet) : null,
      JSON.stringify(s.currencies ?? []),
      JSON.stringify(s.countries ?? []),
      s.opt_in === false ? 0 : 1,
      s.reset_on_cashout ? 1 : 0,
      JSON.stringify({ en: { title: `Test ${made}`, description: "A test tournament" } }),
      s.sportsbook ? 1 : 0,
    )
    .first<number>("id"))!;
  const rows = [
    ...s.games.map((g) => env.DB.prepare("INSERT INTO tournament_games (tournament_id, game_id) VALUES (?1, ?2)").bind(id, g.id)),
    ...(s.prizes ?? []).map(([from, to, type, what]) =>
      env.DB.prepare(
        `INSERT INTO tournament_prizes (tournament_id, place_from, place_to, type, money, bonus_template_id, freespin_template_id)
         VALUES (?1, ?2, ?3, ?4, ?5, (SELECT id FROM bonus_templates WHERE sysname = ?6), (SELECT id FROM freespin_templates WHERE sysname = ?7))`,
      ).bind(
        id,
        from,
        to,
        type,
        type === "money" ? JSON.stringify({ USD: what, EUR: what, BRL: what }) : null,
        type === "bonus" ? what : null,
        type === "freespins" ? what : null,
      ),
    ),
  ];
  // A race of sports bets alone holds no games (and may have no prizes).
  if (rows.length) await env.DB.batch(rows);
  return id;
}

export const tournamentId = async (sysname: string) =>
  (await env.DB.prepare("SELECT id FROM tournaments WHERE sysname = ?1").bind(sysname).first<number>("id"))!;

export const join = (p: Player, id: number) => p.browser.post("tournaments/participate", { tournament_id: id });

/** A player's entry in the record, once the board wrote every total it was owed (decision 0075). */
export async function entryOf(id: number, uid: number) {
  await flushBoard(env, id);
  return env.DB.prepare("SELECT points, reached_at FROM tournament_entries WHERE tournament_id = ?1 AND uid = ?2")
    .bind(id, uid)
    .first<{ points: number; reached_at: number }>();
}

export const pointsOf = async (id: number, uid: number) => (await entryOf(id, uid))?.points ?? null;

export const roundRow = (uid: number, roundId: string) =>
  playerDb(uid)
    .prepare("SELECT bet, win, bet_bonus, win_bonus FROM game_rounds WHERE id = ?1")
    .bind(roundId)
    .first<{ bet: number; win: number; bet_bonus: number; win_bonus: number }>();

/** Σ ledger (each player's own tables) = entry points (the site's), for every entry of the tournament. */
export async function checkLedger(id: number): Promise<void> {
  // The record as the board holds it: every total delivered to it is written first.
  await flushBoard(env, id);
  const { results } = await env.DB.prepare("SELECT uid, points FROM tournament_entries WHERE tournament_id = ?1")
    .bind(id)
    .all<{ uid: number; points: number }>();
  for (const r of results) {
    const sum = await playerDb(r.uid)
      .prepare("SELECT COALESCE(SUM(delta), 0) AS sum FROM tournament_points WHERE tournament_id = ?1 AND uid = ?2")
      .bind(id, r.uid)
      .first<number>("sum");
    expect([r.uid, r.points]).toEqual([r.uid, sum]);
  }
}

export const leaderboard = (p: Player | null, id: number, query: Record<string, string | number> = {}) =>
  data(p ? p.browser.get("leaderboard/get", { tournament_id: id, ...query }) : get("leaderboard/get", { tournament_id: id, ...query }));

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openNextRace, runTournamentClock } from "../../workers/platform/tournaments/end";
import { data } from "./helpers";
import { gameOf, playerWith, real } from "./loyalty-helpers";
import { moneyDeps } from "./realtime-helpers";
import { makeTournament } from "./tournament-helpers";

/**
 * Daily races (issue 43, decision 0116): a tournament with repeat_hours is finished and paid by the
 * clock as any other, and the next of its series opens for the next window — back to back, so a daily
 * race resets at the same hour — with the same rules, games and prizes; once however often the clock runs.
 */

const HOUR = 60 * 60_000;

/** Makes tournament `id` a repeating race of `series`. */
const repeating = (id: number, series: string, hours = 24) =>
  env.DB.prepare("UPDATE tournaments SET repeat_hours = ?2, series = ?3 WHERE id = ?1").bind(id, hours, series).run();

const raceOf = (sysname: string) =>
  env.DB.prepare("SELECT id, status, starts_at, ends_at, scoring, min_bet, repeat_hours, series FROM tournaments WHERE sysname = ?1")
    .bind(sysname)
    .first<Record<string, any>>();

describe("daily races", () => {
  it("pays the race that ended, opens the next day's with the same rules, games and prizes, and says it repeats", async () => {
    const slot = await gameOf("slot");
    // A race scored by the amount wagered, from midnight to midnight (UTC), with a least bet.
    const midnight = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR;
    const id = await makeTournament({
      scoring: "bets",
      opt_in: false,
      min_bet: { USD: 50, EUR: 50, BRL: 250 },
      games: [slot],
      starts_at: midnight - 24 * HOUR,
      ends_at: midnight + 24 * HOUR,
      prizes: [[1, 1, "money", 1000]],
    });
    const series = `daily-${id}`;
    await repeating(id, series);
    const p = await playerWith(100_000);
    await real(p, slot, 100);
    await real(p, slot, 20); // under the least bet: no points
    // The race says it repeats (the page: "a new race starts every day at …").
    const listed = await data<{ items: { id: number; repeat_hours: number | null }[] }>(p.browser.get("tournaments/get", { ids: String(id) }));
    expect(listed.items).toMatchObject([{ id, repeat_hours: 24 }]);

    // The race ends at midnight: the clock finishes and pays it, and opens tomorrow's.
    const end = midnight + 24 * HOUR;
    const run = await runTournamentClock(moneyDeps(), end + 1000);
    expect(run.finished).toContain(id);
    const winner = await env.DB.prepare("SELECT rank, uid, points, paid_at FROM tournament_winners WHERE tournament_id = ?1")
      .bind(id)
      .first<Record<string, any>>();
    expect(winner).toMatchObject({ rank: 1, uid: p.uid, points: 100 });
    expect(winner!.paid_at).not.toBeNull();
    const stamp = new Date(end).toISOString().slice(0, 13).replace(/[-T]/g, "");
    const next = (await raceOf(`${series}-${stamp}`))!;
    expect(next).toMatchObject({ status: "active", starts_at: end, ends_at: end + 24 * HOUR, scoring: "bets", repeat_hours: 24, series });
    expect(JSON.parse(next.min_bet)).toEqual({ USD: 50, EUR: 50, BRL: 250 });
    expect(run.started).toContain(next.id);
    const copied = await env.DB.batch([
      env.DB.prepare("SELECT game_id FROM tournament_games WHERE tournament_id = ?1").bind(next.id),
      env.DB.prepare("SELECT place_from, place_to, type, money FROM tournament_prizes WHERE tournament_id = ?1").bind(next.id),
    ]);
    expect(copied[0]!.results).toEqual([{ game_id: slot.id }]);
    expect(copied[1]!.results).toEqual([{ place_from: 1, place_to: 1, type: "money", money: JSON.stringify({ USD: 1000, EUR: 1000, BRL: 1000 }) }]);

    // The clock again, or the race asked again: one next race, not two.
    await runTournamentClock(moneyDeps(), end + 2000);
    expect(await openNextRace(env.DB, id, end + 3000)).toBeNull();
    const { results } = await env.DB.prepare("SELECT sysname FROM tournaments WHERE series = ?1 ORDER BY id").bind(series).all<{ sysname: string }>();
    expect(results.map((r) => r.sysname)).toHaveLength(2);

    // The new race starts from nothing: yesterday's points stay with yesterday's race.
    const entry = await env.DB.prepare("SELECT points FROM tournament_entries WHERE tournament_id = ?1 AND uid = ?2")
      .bind(next.id, p.uid)
      .first<number>("points");
    expect(entry ?? 0).toBe(0);
  });

  it("skips the windows a stopped clock missed: the next race is the one running now", async () => {
    const slot = await gameOf("slot");
    const start = Date.now() - 10 * HOUR;
    const id = await makeTournament({ scoring: "rounds", games: [slot], starts_at: start, ends_at: start + 2 * HOUR });
    const series = `every-2h-${id}`;
    await repeating(id, series, 2);
    const now = start + 9 * HOUR; // 7 hours after the end: three windows missed
    await runTournamentClock(moneyDeps(), now);
    const { results } = await env.DB.prepare("SELECT status, starts_at, ends_at FROM tournaments WHERE series = ?1 AND id <> ?2")
      .bind(series, id)
      .all<Record<string, any>>();
    expect(results).toEqual([{ status: "active", starts_at: start + 8 * HOUR, ends_at: start + 10 * HOUR }]);
  });

  it("leaves a one-off tournament finished", async () => {
    const slot = await gameOf("slot");
    const id = await makeTournament({ scoring: "rounds", games: [slot], starts_at: Date.now() - 2 * HOUR, ends_at: Date.now() - HOUR });
    await runTournamentClock(moneyDeps(), Date.now());
    expect(await openNextRace(env.DB, id, Date.now())).toBeNull();
  });
});

import { Hono } from "hono";
import { demoOn } from "./switches";
import { runTournamentClock } from "../tournaments/end";

/**
 * A demo and test hook (decision 0048): `POST /platform/demo/tournaments/{id}/end` ends an active
 * (or future) tournament now — its end moves to this moment — and runs the tournaments' clock, as
 * `scheduled()` would when the end comes: the winners are recorded and paid, once. So a demo (and
 * the end-to-end test) sees a tournament finish without waiting for the operator's date. Not found
 * in production.
 */
export const tournamentDemoRoutes = new Hono<{ Bindings: Env }>();

/** How long a copy runs when its original would end sooner: long enough for any test or demo. */
const COPY_RUNS_MS = 24 * 60 * 60_000;

/**
 * `POST /platform/demo/tournaments/{id}/copy`: a new tournament with the rules, games and prizes
 * of `id`, active from now and with no players, under a sysname of its own (`{sysname}-copy-…`),
 * listed after every other tournament (copies left over from earlier runs never push one out of a list).
 * So a demo, or an end-to-end test that joins, plays and ends a tournament, has one of its own
 * every time it runs, and the seeded ones stay as they were. Not found in production.
 */
tournamentDemoRoutes.post("/platform/demo/tournaments/:id{[0-9]{1,10}}/copy", async (c) => {
  if (!demoOn(c.env, "clocks")) return c.text("Not found", 404);
  const now = Date.now();
  const source = Number(c.req.param("id"));
  const suffix = `-copy-${now.toString(36)}${crypto.randomUUID().slice(0, 8)}`;
  c.header("cache-control", "no-store");
  // One batch: the copy, its games and its prizes, or nothing (the copy found by its new sysname).
  const copyId = "(SELECT id FROM tournaments WHERE sysname = (SELECT sysname FROM tournaments WHERE id = ?1) || ?2)";
  const [made] = await c.env.DB.batch([
    c.env.DB.prepare(
      `INSERT INTO tournaments (sysname, status, starts_at, ends_at, scoring, cap, min_bet, currencies, countries, opt_in, reset_on_cashout, provider, tags, extra, image, texts, position)
       SELECT sysname || ?2, 'active', ?3 - 1, MAX(ends_at, ?3 + ?4), scoring, cap, min_bet, currencies, countries, opt_in, reset_on_cashout, provider, tags, extra, image, texts,
         (SELECT MAX(position) + 1 FROM tournaments)
       FROM tournaments WHERE id = ?1 RETURNING id, sysname`,
    ).bind(source, suffix, now, COPY_RUNS_MS),
    c.env.DB.prepare(`INSERT INTO tournament_games (tournament_id, game_id) SELECT ${copyId}, game_id FROM tournament_games WHERE tournament_id = ?1`).bind(
      source,
      suffix,
    ),
    c.env.DB.prepare(
      `INSERT INTO tournament_prizes (tournament_id, place_from, place_to, type, money, bonus_template_id, freespin_template_id, texts)
       SELECT ${copyId}, place_from, place_to, type, money, bonus_template_id, freespin_template_id, texts FROM tournament_prizes WHERE tournament_id = ?1`,
    ).bind(source, suffix),
  ]);
  const copy = (made!.results as { id: number; sysname: string }[])[0];
  if (!copy) return c.json({ error: { type: "InvalidParameterException", message: "No such tournament" } }, 404);
  return c.json({ data: copy });
});

tournamentDemoRoutes.post("/platform/demo/tournaments/:id{[0-9]{1,10}}/end", async (c) => {
  if (!demoOn(c.env, "clocks")) return c.text("Not found", 404);
  const now = Date.now();
  const moved = await c.env.DB.prepare(
    "UPDATE tournaments SET starts_at = MIN(starts_at, ?2 - 1), ends_at = ?2 WHERE id = ?1 AND status <> 'finished' RETURNING id",
  )
    .bind(Number(c.req.param("id")), now)
    .first<{ id: number }>();
  c.header("cache-control", "no-store");
  if (!moved) return c.json({ error: { type: "InvalidParameterException", message: "No such tournament, or it is over" } }, 404);
  const result = await runTournamentClock({ db: c.env.DB, env: c.env, waitUntil: (p) => c.executionCtx.waitUntil(p) }, now);
  return c.json({ data: result });
});

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

import { Hono } from "hono";
import { demoOn } from "./switches";
import { runOfferClock } from "../offers/clock";

/**
 * A demo and test hook (decision 0043): `POST /platform/demo/offers/start?sysname=…` starts a
 * time-boxed offer now — its start moves to this moment (its end a day on, if it was sooner) and
 * the offers' clock runs, as `scheduled()` would when the start comes — so a demo (and the
 * end-to-end test) sees an offer arrive live without waiting for the operator's date.
 * `POST /platform/demo/offers/end?sysname=…` ends it now the same way. Not found in production.
 */
export const offerDemoRoutes = new Hono<{ Bindings: Env }>();

const MOVES = {
  start: `UPDATE campaign_offers SET starts_at = ?2, ends_at = CASE WHEN ends_at IS NULL OR ends_at <= ?2 THEN ?2 + 86400000 ELSE ends_at END,
    phase = 'scheduled' WHERE sysname = ?1 RETURNING id`,
  end: `UPDATE campaign_offers SET starts_at = MIN(COALESCE(starts_at, ?2 - 1), ?2 - 1), ends_at = ?2 WHERE sysname = ?1 RETURNING id`,
};

offerDemoRoutes.post("/platform/demo/offers/:move{start|end}", async (c) => {
  if (!demoOn(c.env, "clocks")) return c.text("Not found", 404);
  const sysname = c.req.query("sysname") ?? "";
  const now = Date.now();
  const moved = await c.env.DB.prepare(MOVES[c.req.param("move") as keyof typeof MOVES])
    .bind(sysname, now)
    .first<{ id: number }>();
  if (!moved) return c.json({ error: { type: "InvalidParameterException", message: "No such offer" } }, 404);
  const result = await runOfferClock({ db: c.env.DB, env: c.env, waitUntil: (p) => c.executionCtx.waitUntil(p) }, now);
  c.header("cache-control", "no-store");
  return c.json({ data: result });
});

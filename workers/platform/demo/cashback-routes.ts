import { Hono } from "hono";
import { demoOn } from "./switches";
import { pageSession } from "../auth/oauth-session";
import { computeCashbacks, weekOf } from "../cashback/compute";

/**
 * A demo and test hook (decision 0040): `POST /platform/demo/cashback/close-week` computes the
 * signed-in player's cashback for the week now running as if it had just closed — what the cron
 * does on Monday — so a demo player (and the end-to-end tests) need not wait a week. Only that
 * player's week, computed once like the cron's. Not found in production.
 */
export const cashbackDemoRoutes = new Hono<{ Bindings: Env }>();

cashbackDemoRoutes.post("/platform/demo/cashback/close-week", async (c) => {
  if (!demoOn(c.env, "clocks")) return c.text("Not found", 404);
  const uid = (await pageSession(c.req.raw, c.env)).player?.uid ?? 0;
  if (!uid) return c.json({ error: { type: "AuthorizationException", message: "Sign in to continue" } }, 401);
  const created = await computeCashbacks({ db: c.env.DB, env: c.env, waitUntil: (p) => c.executionCtx.waitUntil(p) }, weekOf(Date.now()).end, { uid });
  c.header("cache-control", "no-store");
  return c.json({ data: { created } });
});

import { playerTables } from "../player/routed-d1";
import { Hono } from "hono";
import { demoOn } from "./switches";
import { runVpnClock } from "../vpn/clock";

/**
 * A demo and test hook (decision 0053): `POST /platform/demo/vpn/clock?login=…&before_end=<ms>`
 * runs the VPN clock for that player alone at `before_end` milliseconds before their
 * subscription's end (negative: after it), or at `at=<Unix ms>` — what `scheduled()` would do
 * then — so a demo (and the end-to-end test) sees "ends soon", a renewal or the end without
 * waiting days. Only that player's subscription moves. Not found in production.
 */
export const vpnDemoRoutes = new Hono<{ Bindings: Env }>();

vpnDemoRoutes.post("/platform/demo/vpn/clock", async (c) => {
  if (!demoOn(c.env, "clocks")) return c.text("Not found", 404);
  c.header("cache-control", "no-store");
  const fail = (message: string, status: 400 | 404) => c.json({ error: { type: "InvalidParameterException", message } }, status);
  const uid = await c.env.DB.prepare("SELECT uid FROM users WHERE login = ?1")
    .bind(c.req.query("login") ?? "")
    .first<number>("uid");
  if (uid === null) return fail("No such player", 404);
  // The subscription is the player's own (decision 0075).
  const endsAt = await playerTables(c.env, uid).prepare("SELECT ends_at FROM vpn_subscriptions WHERE uid = ?1").bind(uid).first<number>("ends_at");
  const row = { uid, ends_at: endsAt };
  const at = Number(c.req.query("at")),
    beforeEnd = Number(c.req.query("before_end"));
  let now: number;
  if (c.req.query("at") !== undefined && Number.isSafeInteger(at) && at > 0) now = at;
  else if (c.req.query("before_end") !== undefined && Number.isSafeInteger(beforeEnd) && row.ends_at !== null) now = row.ends_at - beforeEnd;
  else return fail("Give at=<Unix ms>, or before_end=<ms> for a player with a subscription", 400);
  const result = await runVpnClock({ db: c.env.DB, env: c.env, waitUntil: (p) => c.executionCtx.waitUntil(p) }, now, row.uid);
  return c.json({ data: { ...result, at: now } });
});

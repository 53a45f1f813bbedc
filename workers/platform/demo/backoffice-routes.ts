import { Hono } from "hono";
import { demoOn } from "./switches";

/**
 * The demo back office (decision 0069): `POST /platform/demo/players/ban?login=…` bans the player
 * with that login, as an operator's back office would (SPEC §6: a banned player gets the 403
 * screen). The product has no page or call that bans anyone; this stand-in lets a demo (and the
 * end-to-end tests) reach that state through the running Worker instead of a second process
 * writing its database. Not found in production unless `backoffice` is named in DEMO_PROVIDERS.
 */
export const backofficeDemoRoutes = new Hono<{ Bindings: Env }>();

backofficeDemoRoutes.post("/platform/demo/players/ban", async (c) => {
  if (!demoOn(c.env, "backoffice")) return c.text("Not found", 404);
  c.header("cache-control", "no-store");
  const login = c.req.query("login") ?? "";
  if (!login) return c.json({ error: { type: "InvalidParameterException", message: "Give login=<the player's login>" } }, 400);
  const row = await c.env.DB.prepare("UPDATE users SET is_banned = 1 WHERE login = ?1 RETURNING uid").bind(login).first<{ uid: number }>();
  if (!row) return c.json({ error: { type: "InvalidParameterException", message: "No such player" } }, 404);
  return c.json({ data: { uid: row.uid, banned: true } });
});

import { Hono } from "hono";
import { oauthCallback, oauthInit } from "../auth/oauth-flow";
import { demoOAuthRoutes } from "./oauth-demo-routes";

/**
 * Social sign-in pages: /oauth/init and /oauth/callback/<service> (workers/platform/auth/oauth-flow.ts),
 * and the demo provider's own endpoints under /platform/demo/oauth/ (oauth-demo-routes.ts).
 */
export const oauthRoutes = new Hono<{ Bindings: Env }>();

oauthRoutes.get("/oauth/init", (c) => oauthInit(c.req.raw, c.env));
oauthRoutes.get("/oauth/callback/:service", (c) => oauthCallback(c.req.raw, c.env, c.req.param("service")));
for (const path of ["/oauth/init", "/oauth/callback/:service"]) {
  oauthRoutes.all(path, (c) => c.text(`${c.req.method} is not allowed here`, 405, { allow: "GET" }));
}
oauthRoutes.route("/", demoOAuthRoutes);

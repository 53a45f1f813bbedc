import { Hono } from "hono";

/** Social sign-in: /oauth/init, /oauth/callback and the demo provider's pages (filled in by the social work). */
export const oauthRoutes = new Hono<{ Bindings: Env }>();

import { Hono } from "hono";
import { ANALYTICS_LIMITS } from "../../../core/analytics-events";
import { addressLimit } from "./collect";
import { clientIp } from "../core/throttle";
import { analyticsClock } from "./collect";

/**
 * The image beacon (decision 0057; SPEC §7 "Image beacon GET with referrer and query and a
 * fraud-check session parameter, sent 3 s after start"): the document's inline boot requests
 * `GET /platform/analytics/beacon?r=<referrer>&q=<the page's query>&p=<path>[&seon=<session id>]`
 * as an image. Stored as a `beacon` row; the answer is always a 1×1 GIF, never cached, so a page
 * cannot tell (nor wait on) what was stored. Past the address's limit it stores nothing.
 */
export const BEACON_PATH = "/platform/analytics/beacon";
export const beaconRoutes = new Hono<{ Bindings: Env }>();

/** The smallest transparent 1×1 GIF. */
const GIF = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) => c.charCodeAt(0));
export const SEON_SESSION = /^[0-9a-f]{32}$/;

const text = (v: string | undefined, max: number) => (v ?? "").slice(0, max);

beaconRoutes.get(BEACON_PATH, async (c) => {
  const now = analyticsClock.now();
  const ip = clientIp(c.req.raw);
  const seon = c.req.query("seon");
  const params: Record<string, string> = { referrer: text(c.req.query("r"), 500), query: text(c.req.query("q"), 500) };
  if (seon && SEON_SESSION.test(seon)) params.seon_session = seon;
  const path = c.req.query("p");
  try {
    await c.env.DB.prepare(
      `INSERT INTO analytics_events (created_at, subject, ip, name, params, path)
       SELECT ?1, ?2, ?3, 'beacon', ?4, ?5
       WHERE (SELECT COUNT(*) FROM analytics_events WHERE ip = ?3 AND created_at > ?1 - ?6) < ?7`,
    )
      .bind(now, `ip:${ip}`, ip, JSON.stringify(params), path && /^\/(?!\/)\S{0,499}$/.test(path) ? path : null, ANALYTICS_LIMITS.windowMs, addressLimit(c.env))
      .run();
  } catch (e) {
    console.error("analytics: beacon not stored", e instanceof Error ? e.message : e);
  }
  return new Response(GIF, { headers: { "content-type": "image/gif", "cache-control": "no-store" } });
});

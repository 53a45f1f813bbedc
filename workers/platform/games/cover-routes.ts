import { Hono } from "hono";
import { coverEtag, coverSvg } from "./covers";

/**
 * `/platform/covers/{sysname}.svg`: a game's generated cover. Immutable for a year (a new drawing
 * bumps COVER_VERSION and with it the ETag; the URL stays, so the app may add a version query if it
 * must refresh browsers sooner). Unknown sysname: 404.
 */
export const coverRoutes = new Hono<{ Bindings: Env }>();

const FILE = /^([a-z0-9_-]{1,64})\.svg$/;

coverRoutes.get("/platform/covers/:file", async (c) => {
  const sysname = FILE.exec(c.req.param("file"))?.[1];
  if (!sysname) return c.text("Not found", 404);
  const row = await c.env.DB.prepare(
    `SELECT sysname, title, kind FROM games WHERE sysname = ?1`,
  )
    .bind(sysname)
    .first<{ sysname: string; title: string; kind: string }>();
  if (!row) return c.text("Not found", 404);
  const input = { sysname: row.sysname, title: row.title, kind: row.kind };
  const etag = coverEtag(input);
  const headers = {
    "content-type": "image/svg+xml; charset=utf-8",
    "cache-control": "public, max-age=31536000, immutable",
    etag,
    // An SVG opened on its own must not run anything (it holds text only, escaped).
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "x-content-type-options": "nosniff",
  };
  if ((c.req.header("if-none-match") ?? "").split(/\s*,\s*/).includes(etag)) return c.body(null, 304, headers);
  return c.body(coverSvg(input), 200, headers);
});

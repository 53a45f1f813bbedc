import { Hono, type Context } from "hono";
import fallbackCard from "../../../public/images/game-fallback.svg?raw";
import { coverEtag, coverSvg } from "./covers";
import { wordmarkEtag, wordmarkSvg } from "./wordmarks";

/**
 * `/platform/covers/{sysname}.svg`: a game's generated cover; `/platform/covers/providers/
 * {sysname}.svg`: a studio's generated wordmark (decision 0033). Pages show them as they are
 * (decision 0036); the image proxy can still draw them at its sizes. Immutable for a year (a new
 * drawing bumps the version and with it the ETag; the URL stays, so the app may add a version
 * query if it must refresh browsers sooner). Unknown sysname: 404 (a cover's with the fallback card).
 */
export const coverRoutes = new Hono<{ Bindings: Env }>();

const FILE = /^([a-z0-9_-]{1,64})\.svg$/;

function svgResponse(c: Context, etag: string, draw: () => string) {
  const headers = {
    "content-type": "image/svg+xml; charset=utf-8",
    "cache-control": "public, max-age=31536000, immutable",
    etag,
    // An SVG opened on its own must not run anything (it holds text only, escaped).
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "x-content-type-options": "nosniff",
  };
  if ((c.req.header("if-none-match") ?? "").split(/\s*,\s*/).includes(etag)) return c.body(null, 304, headers);
  return c.body(draw(), 200, headers);
}

/**
 * A route drawing one row (read by `select`) by the sysname of its `.svg` file name: 404 for a malformed
 * name or no such row, else the drawing with its ETag. `missing`: the 404's body, an image that
 * pages show in its place (browsers draw an image body whatever the status, with or without
 * JavaScript), briefly cached; plain text without one.
 */
function svgRoute<Row>(path: string, select: string, etag: (row: Row) => string, draw: (row: Row) => string, missing?: string) {
  coverRoutes.get(path, async (c) => {
    const sysname = FILE.exec(c.req.param("file") ?? "")?.[1];
    const row = sysname ? await c.env.DB.prepare(select).bind(sysname).first<Row>() : null;
    if (!row && missing) {
      return c.body(missing, 404, {
        "content-type": "image/svg+xml; charset=utf-8",
        "cache-control": "public, max-age=60",
        "x-content-type-options": "nosniff",
      });
    }
    if (!row) return c.text("Not found", 404);
    return svgResponse(c, etag(row), () => draw(row));
  });
}

type CoverRow = { sysname: string; title: string; kind: string };
type WordmarkRow = { sysname: string; name: string; position: number };
// A game gone from the catalogue (a page cached before it went) shows the neutral card.
svgRoute<CoverRow>("/platform/covers/:file", "SELECT sysname, title, kind FROM games WHERE sysname = ?1", coverEtag, coverSvg, fallbackCard);
svgRoute<WordmarkRow>("/platform/covers/providers/:file", "SELECT sysname, name, position FROM game_providers WHERE sysname = ?1", wordmarkEtag, wordmarkSvg);

import { Hono } from "hono";
import { pageSession } from "../auth/oauth-session";
import { exportFile } from "../games/export-build";
import { findExport } from "../games/export";
import { playerTables } from "../player/routed-d1";

/**
 * `GET /platform/exports/game-history/{id}.csv`: a ready game history export, as a file, to its
 * owner only (anyone else, and a visitor, gets 404 — an export's existence is not told).
 */
export const exportRoutes = new Hono<{ Bindings: Env }>();

const text = (status: number, message: string) =>
  new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" } });

exportRoutes.get("/platform/exports/game-history/:file", async (c) => {
  const match = /^([A-Za-z0-9_-]{1,64})\.csv$/.exec(c.req.param("file"));
  const session = await pageSession(c.req.raw, c.env);
  const player = session.player;
  if (!match || !player || player.banned) return text(404, "Not found");
  const tables = playerTables(c.env, player.uid);
  const row = await findExport(tables, player.uid, match[1]!);
  if (!row) return text(404, "Not found");
  if (row.status !== "ready") {
    return text(
      409,
      row.status === "pending" ? "This export is still being prepared. Try again in a few seconds." : "This export failed. Please ask for a new one.",
    );
  }
  const day = new Date(row.created_at).toISOString().slice(0, 10);
  return new Response(await exportFile(tables, row.id), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="game-history-${day}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});

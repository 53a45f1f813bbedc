import type { GameHistoryExport } from "../../../core/api/entities-games";
import { PlatformError } from "../../../core/api/errors";
import type { GeneralInfo } from "../../../core/api/entities";
import { toBase64Url } from "../../../core/base64url";
import type { PlatformContext } from "../core/context";
import { readGeneralInfo } from "../core/settings";
import { buildExport, STALE_BUILD_MS } from "./export-build";

/**
 * Game history exports (games.createhistoryexportrequest / gethistoryexportrequest): a stored
 * request answered at once as pending, its CSV built in the background (export-build.ts) and
 * downloaded from the platform page export-routes.ts.
 */

const DAY_MS = 24 * 60 * 60_000;
const DEFAULT_DAYS = 90;
const MAX_DAYS = 366;
/** Exports kept per player; older ones (and their files) are dropped when a new one is asked for. */
const KEEP = 10;

export interface ExportRow {
  id: string;
  uid: number;
  status: "pending" | "ready" | "failed";
  from_ms: number;
  to_ms: number;
  rows: number;
  truncated: number;
  error: string | null;
  created_at: number;
  build_started_at: number;
  ready_at: number | null;
}

export const downloadPath = (id: string) => `/platform/exports/game-history/${id}.csv`;

function toEntity(r: ExportRow): GameHistoryExport {
  return {
    id: r.id,
    status: r.status,
    from: r.from_ms,
    to: r.to_ms,
    rows: r.rows,
    truncated: r.truncated === 1,
    error: r.error,
    created_at: r.created_at,
    ready_at: r.ready_at,
    download_url: downloadPath(r.id),
  };
}

const invalid = (fields: Record<string, string[]>) =>
  new PlatformError(
    "InvalidParameter",
    `Invalid parameters: ${Object.entries(fields)
      .map(([k, v]) => `${k}: ${v[0]}`)
      .join("; ")}`,
    { fields },
  );

/** The period asked for, with its defaults; `to` later than now counts as now, so a file never changes. */
export function exportPeriod(from: number | undefined, to: number | undefined, now: number): { from: number; to: number } {
  const end = Math.min(to ?? now, now);
  const start = from ?? end - DEFAULT_DAYS * DAY_MS;
  if (from !== undefined && from > now) throw invalid({ from: ["from must not be in the future"] });
  if (start > end) throw invalid({ to: ["to must not be earlier than from"] });
  if (end - start > MAX_DAYS * DAY_MS) throw invalid({ to: [`the period must be at most ${MAX_DAYS} days`] });
  return { from: start, to: end };
}

export async function findExport(db: D1Database, uid: number, id: string): Promise<ExportRow | null> {
  return db.prepare("SELECT * FROM game_history_exports WHERE id = ?1 AND uid = ?2").bind(id, uid).first<ExportRow>();
}

async function pendingOrKeyed(db: D1Database, uid: number, key: string | undefined): Promise<ExportRow | null> {
  if (key) {
    const keyed = await db.prepare("SELECT * FROM game_history_exports WHERE uid = ?1 AND idempotency_key = ?2").bind(uid, key).first<ExportRow>();
    if (keyed) return keyed;
  }
  return db.prepare("SELECT * FROM game_history_exports WHERE uid = ?1 AND status = 'pending'").bind(uid).first<ExportRow>();
}

/**
 * A pending export whose build started long ago lost its background task (the Worker was
 * stopped): it is claimed — one reader wins the conditional UPDATE — and built inline.
 */
async function recover(ctx: PlatformContext, row: ExportRow, now = Date.now()): Promise<ExportRow> {
  if (row.status !== "pending" || now - row.build_started_at < STALE_BUILD_MS) return row;
  const claimed = await ctx
    .player()
    .prepare("UPDATE game_history_exports SET build_started_at = ?3 WHERE id = ?1 AND status = 'pending' AND build_started_at = ?2")
    .bind(row.id, row.build_started_at, now)
    .run();
  if (claimed.meta.changes === 1) await buildExport(ctx.player(), row.id);
  return (await findExport(ctx.player(), row.uid, row.id)) ?? row;
}

export async function createExport(ctx: PlatformContext, params: { from?: number; to?: number; idempotency_key?: string }): Promise<GameHistoryExport> {
  const info = await readGeneralInfo<GeneralInfo>(ctx);
  const db = ctx.player();
  if (!info.is_game_history_export_enabled) {
    throw new PlatformError("AccessDenied", "Game history export is not available on this site");
  }
  const now = Date.now();
  const { from, to } = exportPeriod(params.from, params.to, now);
  const existing = await pendingOrKeyed(db, ctx.uid, params.idempotency_key);
  if (existing) return toEntity(await recover(ctx, existing, now));

  const id = toBase64Url(crypto.getRandomValues(new Uint8Array(18)));
  const inserted = await db
    .prepare(
      `INSERT INTO game_history_exports (id, uid, status, from_ms, to_ms, idempotency_key, created_at, build_started_at)
       VALUES (?1, ?2, 'pending', ?3, ?4, ?5, ?6, ?6) ON CONFLICT DO NOTHING`,
    )
    .bind(id, ctx.uid, from, to, params.idempotency_key ?? null, now)
    .run();
  if (inserted.meta.changes !== 1) {
    // A concurrent request created the pending (or keyed) one first: answer that.
    const raced = await pendingOrKeyed(db, ctx.uid, params.idempotency_key);
    if (raced) return toEntity(raced);
    throw new PlatformError("InvalidRequest", "The export could not be created. Please try again.", { status: 409 });
  }
  ctx.waitUntil(buildExport(db, id));
  ctx.waitUntil(dropOldExports(db, ctx.uid));
  return toEntity((await findExport(db, ctx.uid, id))!);
}

async function dropOldExports(db: D1Database, uid: number): Promise<void> {
  const old = `SELECT id FROM game_history_exports WHERE uid = ?1 AND status <> 'pending'
               ORDER BY created_at DESC, id LIMIT -1 OFFSET ${KEEP}`;
  await db.batch([
    db.prepare(`DELETE FROM game_history_export_chunks WHERE export_id IN (${old})`).bind(uid),
    db.prepare(`DELETE FROM game_history_exports WHERE id IN (${old})`).bind(uid),
  ]);
}

export async function getExports(ctx: PlatformContext, id: string | undefined): Promise<GameHistoryExport | GameHistoryExport[]> {
  if (id !== undefined) {
    const row = await findExport(ctx.player(), ctx.uid, id);
    if (!row) throw new PlatformError("InvalidParameter", "No such export", { status: 404, fields: { id: ["No such export"] } });
    return toEntity(await recover(ctx, row));
  }
  const { results } = await ctx
    .player()
    .prepare("SELECT * FROM game_history_exports WHERE uid = ?1 ORDER BY created_at DESC, id LIMIT ?2")
    .bind(ctx.uid, KEEP)
    .all<ExportRow>();
  const rows: ExportRow[] = [];
  for (const row of results) rows.push(await recover(ctx, row));
  return rows.map(toEntity);
}

import { PlatformError } from "../../../core/api/errors";
import type { Handlers } from "../core/context";

/** Keys one player or visitor may hold, and characters across all their values; more is StorageQuotaExceeded. */
export const STORAGE_KEY_LIMIT = 100;
export const STORAGE_SIZE_LIMIT = 65_536;

export const storageHandlers: Handlers<"storage.get" | "storage.getKeys" | "storage.set"> = {
  async "storage.get"({ key }, ctx) {
    const row = await ctx.db.prepare("SELECT value FROM storage WHERE subject = ?1 AND key = ?2").bind(ctx.subject(), key).first<{ value: string }>();
    return row?.value ?? null;
  },

  async "storage.getKeys"(_p, ctx) {
    const { results } = await ctx.db.prepare("SELECT key FROM storage WHERE subject = ?1 ORDER BY key").bind(ctx.subject()).all<{ key: string }>();
    return results.map((r) => r.key);
  },

  async "storage.set"({ key, value }, ctx) {
    const subject = ctx.subject();
    if (value === "") {
      await ctx.db.prepare("DELETE FROM storage WHERE subject = ?1 AND key = ?2").bind(subject, key).run();
      return true as const;
    }
    // One statement decides and writes, so concurrent sets cannot slip past the quota.
    const res = await ctx.db
      .prepare(
        `INSERT INTO storage (subject, key, value, updated_at)
         SELECT ?1, ?2, ?3, ?4
         WHERE (EXISTS (SELECT 1 FROM storage WHERE subject = ?1 AND key = ?2)
                OR (SELECT COUNT(*) FROM storage WHERE subject = ?1) < ?5)
           AND (SELECT COALESCE(SUM(length(value)), 0) FROM storage WHERE subject = ?1 AND key <> ?2) + length(?3) <= ?6
         ON CONFLICT (subject, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .bind(subject, key, value, Date.now(), STORAGE_KEY_LIMIT, STORAGE_SIZE_LIMIT)
      .run();
    if (res.meta.changes === 0) {
      throw new PlatformError("StorageQuotaExceeded", `Storage holds at most ${STORAGE_KEY_LIMIT} keys and ${STORAGE_SIZE_LIMIT} characters of values`, {
        params: { limit: STORAGE_KEY_LIMIT, size_limit: STORAGE_SIZE_LIMIT },
      });
    }
    return true as const;
  },
};

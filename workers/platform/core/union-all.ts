/**
 * D1 (and workerd's SQLite) parse at most 5 terms in a compound SELECT (SQLITE_LIMIT_COMPOUND_SELECT
 * 5, not SQLite's 500): a sixth `UNION ALL` is "too many terms in compound SELECT". A sub-select
 * counts its own terms, so any number of parts stays one statement when grouped five at a time,
 * each group a `SELECT * FROM (…)`, grouped again until five or fewer remain. The result's columns
 * are named by the first part, as a flat UNION ALL's are.
 */
export const MAX_COMPOUND_TERMS = 5;

export function unionAll(parts: readonly string[]): string {
  if (!parts.length) throw new RangeError("unionAll: no parts");
  if (parts.length <= MAX_COMPOUND_TERMS) return parts.join(" UNION ALL ");
  const groups: string[] = [];
  for (let i = 0; i < parts.length; i += MAX_COMPOUND_TERMS) groups.push(`SELECT * FROM (${parts.slice(i, i + MAX_COMPOUND_TERMS).join(" UNION ALL ")})`);
  return unionAll(groups);
}

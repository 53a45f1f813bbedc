/**
 * The kit's only readers of raw FormData, for forms whose fields are not one fixed schema: the
 * registration and profile forms (fields by country, checked by core/validation) and a form an
 * XState machine takes over in the browser (no Zod in that chunk). Every other form goes through
 * its Zod schema (`parseWithZod`).
 */

/** A posted value as a string ("" when absent or a file). */
export function formText(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** The posted string values, each cut at `max` characters: of `keys` only, or all of them; a repeated name keeps its first value (`last`: its last). */
export function formStrings(form: FormData, opts: { keys?: readonly string[]; max?: number; trim?: boolean; last?: boolean } = {}): Record<string, string> {
  const out: Record<string, string> = {};
  const keep = opts.keys ? new Set(opts.keys) : null;
  for (const [k, v] of form) {
    if (typeof v !== "string" || (keep && !keep.has(k)) || (k in out && !opts.last)) continue;
    const s = opts.trim ? v.trim() : v;
    out[k] = opts.max === undefined ? s : s.slice(0, opts.max);
  }
  return out;
}

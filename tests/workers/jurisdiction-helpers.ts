import { env } from "cloudflare:workers";
import type { JurisdictionId } from "../../core/jurisdictions";

/** Shared by the jurisdiction tests (decisions 0082, 0083): a country of each market, and the site's own profile. */

/** A country of each market (Canada's regulated market is Ontario's); US players have none. */
export const COUNTRY: Record<JurisdictionId, string> = { international: "US", uk: "GB", on: "CA", de: "DE", nl: "NL", se: "SE" };

/** Sets the site's profile (`general_info.jurisdiction`), or removes it (null). */
export const setSiteJurisdiction = (id: string | null) =>
  env.DB.prepare(
    id === null
      ? "UPDATE settings SET value = json_remove(value, '$.jurisdiction') WHERE key = 'general_info'"
      : "UPDATE settings SET value = json_set(value, '$.jurisdiction', ?1) WHERE key = 'general_info'",
  )
    .bind(...(id === null ? [] : [id]))
    .run();

/**
 * The seeded templates are fair by default (≤ 10 × the bonus, decision 0085), so a test of a cap
 * gives a template the terms an operator of an uncapped market might set (35 ×, or "deposit +
 * bonus"), and `restoreTemplates` puts the seed's back (call it after each test).
 */
const changedTemplates = new Map<string, { wager_multiplier: number; wager_base: string }>();
export async function setTemplateWagering(sysname: string, wager_multiplier: number, wager_base = "bonus") {
  if (!changedTemplates.has(sysname)) {
    const seeded = await env.DB.prepare("SELECT wager_multiplier, wager_base FROM bonus_templates WHERE sysname = ?1")
      .bind(sysname)
      .first<{ wager_multiplier: number; wager_base: string }>();
    if (!seeded) throw new Error(`no bonus template '${sysname}'`);
    changedTemplates.set(sysname, seeded);
  }
  await env.DB.prepare("UPDATE bonus_templates SET wager_multiplier = ?2, wager_base = ?3 WHERE sysname = ?1")
    .bind(sysname, wager_multiplier, wager_base)
    .run();
}
export async function restoreTemplates() {
  for (const [sysname, t] of changedTemplates)
    await env.DB.prepare("UPDATE bonus_templates SET wager_multiplier = ?2, wager_base = ?3 WHERE sysname = ?1")
      .bind(sysname, t.wager_multiplier, t.wager_base)
      .run();
  changedTemplates.clear();
}

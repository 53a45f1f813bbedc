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

import { isJurisdiction, type JurisdictionId, type JurisdictionProfile, jurisdictionOf } from "../../../core/jurisdictions";
import { loadUser } from "../account/users";
import type { PlatformContext } from "../core/context";
import { readGeneralInfo } from "../core/settings";

/** The site's own profile (`general_info.jurisdiction`; "international" when unset or unknown). */
export async function siteJurisdiction(ctx: PlatformContext): Promise<JurisdictionId> {
  const { jurisdiction } = await readGeneralInfo<{ jurisdiction?: unknown }>(ctx);
  return isJurisdiction(jurisdiction) ? jurisdiction : "international";
}

/**
 * The rules player `uid` plays under (core/jurisdictions.ts): their country's profile, else the
 * site's. The users row is the one the render's other calls read (core/render-reads.ts: read once).
 */
export async function playerJurisdiction(ctx: PlatformContext, uid = ctx.uid): Promise<JurisdictionProfile> {
  const [user, site] = await Promise.all([loadUser(ctx.db, uid), siteJurisdiction(ctx)]);
  return jurisdictionOf(user?.country_code ?? "", site);
}

import { isJurisdiction, type JurisdictionId, type JurisdictionProfile, jurisdictionOf, type MarketCap, requestCountry } from "../../../core/jurisdictions";
import { youngerThan } from "../account/profile-rules";
import { currencyConverter } from "../wallet/currency";
import { loadUser, type UserRow } from "../account/users";
import type { PlatformContext } from "../core/context";
import { readGeneralInfo } from "../core/settings";

/** The site's own profile (`general_info.jurisdiction`; "international" when unset or unknown). */
export async function siteJurisdiction(ctx: { db: D1Database; generalInfo?: string | null }): Promise<JurisdictionId> {
  const { jurisdiction } = await readGeneralInfo<{ jurisdiction?: unknown }>(ctx);
  return isJurisdiction(jurisdiction) ? jurisdiction : "international";
}

/** The rules a visitor is shown the site under: their request's country's profile, else the site's. */
export async function visitorJurisdiction(ctx: PlatformContext): Promise<JurisdictionProfile> {
  return jurisdictionOf(requestCountry(ctx.request), await siteJurisdiction(ctx));
}

/**
 * Whether the call's caller may be shown promotions: a player always (on the operator's own site,
 * signed in); a visitor unless their market bars advertising bonuses to the public (Ontario).
 */
export async function promotionsShown(ctx: PlatformContext): Promise<boolean> {
  return ctx.uid > 0 || (await visitorJurisdiction(ctx)).bonuses.shownToVisitors;
}

/**
 * Player `uid`'s account row and the rules they play under (core/jurisdictions.ts): their
 * country's profile, else the site's (`site`). The row is the one the render's other calls read
 * (core/render-reads.ts: read once); `ctx.db` must be D1's (the object's copy has no birth date).
 */
export async function playerMarket(
  ctx: { db: D1Database; generalInfo?: string | null },
  uid: number,
): Promise<{ user: UserRow | null; site: JurisdictionId; profile: JurisdictionProfile }> {
  const [user, site] = await Promise.all([loadUser(ctx.db, uid), siteJurisdiction(ctx)]);
  return { user, site, profile: jurisdictionOf(user?.country_code ?? "", site) };
}

/** The rules player `uid` plays under (`playerMarket`). */
export async function playerJurisdiction(ctx: PlatformContext, uid = ctx.uid): Promise<JurisdictionProfile> {
  return (await playerMarket(ctx, uid)).profile;
}

/**
 * A market's cap (a month's deposits, a round's stake) as it holds player `player`: the young
 * players' amount where they are under its age (an unknown birth date counts as under), in the
 * player's currency at the site's rates (the cap's own figure where the site has no rate for it).
 */
export async function capFor(db: D1Database, cap: MarketCap, player: { birthDate: string | null; currency: string }, now = Date.now()): Promise<number> {
  const amount = cap.young !== null && youngerThan(player.birthDate, cap.young.under, new Date(now)) ? cap.young.amount : cap.amount;
  const convert = await currencyConverter(db, cap.currency, [player.currency]);
  return convert(amount, player.currency) ?? amount;
}

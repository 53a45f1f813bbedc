import type { AccountInfo } from "../../../core/api/entities";
import { PlatformError } from "../../../core/api/errors";
import type { PlatformContext } from "../core/context";
import { readGeneralInfo } from "../core/settings";
import { balanceFields, readBalances } from "../wallet/wallet";
import { playerTables } from "../player/routed-d1";
import { contactView, loadContacts, loadUser } from "./users";
import { jurisdictionOf } from "../../../core/jurisdictions";
import { requestCountry } from "../../../core/jurisdictions";
import { siteJurisdiction } from "../responsible/jurisdiction";

const zero = (currency: string) => ({ amount: 0, currency });

/** The account a visitor sees before signing in: uid 0, empty balances in the site currency. */
export async function anonymousInfo(ctx: PlatformContext): Promise<AccountInfo> {
  const [{ default_currency: currency }, site] = await Promise.all([readGeneralInfo<{ default_currency: string }>(ctx), siteJurisdiction(ctx)]);
  const country = requestCountry(ctx.request);
  return {
    uid: 0,
    reg_time: null,
    login: "",
    fakename: "",
    first_name: "",
    is_subscribed: false,
    balance_main: zero(currency),
    balance_bonus: zero(currency),
    balance_betting_bonus: zero(currency),
    balance_fun: zero(currency),
    is_on_verification: false,
    is_verified: false,
    is_kyc_block_enabled: false,
    is_registration_completed: false,
    country_code: country,
    jurisdiction: jurisdictionOf(country, site).id,
    locale: ctx.locale,
    two_factor_auth: false,
    email: null,
    mobile: null,
    ...(ctx.sessionEnded ? { session_ended: ctx.sessionEnded } : {}),
  };
}

/**
 * A signed-in player's account (SPEC §3 Account info). reg_time is Unix seconds. Balances come
 * from the wallet (the first read grants the demo fun balance).
 */
export async function playerInfo(ctx: PlatformContext, uid: number): Promise<AccountInfo> {
  const [user, contacts, site] = await Promise.all([loadUser(ctx.db, uid), loadContacts(ctx.db, uid), siteJurisdiction(ctx)]);
  if (!user) throw new PlatformError("Authorization", "Sign in to continue");
  // The balances are the player's own tables (decision 0075): their object once the wallet moved.
  const balances = balanceFields(await readBalances(uid === ctx.uid ? ctx.player() : playerTables(ctx.env, uid), uid));
  const email = contacts.find((c) => c.type === "email");
  const mobile = contacts.find((c) => c.type === "phone");
  return {
    uid: user.uid,
    reg_time: Math.floor(user.created_at / 1000),
    login: user.login,
    fakename: user.fakename,
    first_name: user.first_name,
    is_subscribed: user.notify === 1,
    ...balances,
    is_on_verification: user.is_on_verification === 1,
    is_verified: user.is_verified === 1,
    is_kyc_block_enabled: user.is_kyc_block_enabled === 1,
    is_registration_completed: user.is_registration_completed === 1,
    country_code: user.country_code,
    jurisdiction: jurisdictionOf(user.country_code, site).id,
    locale: user.locale,
    two_factor_auth: user.two_factor_enabled === 1,
    email: email ? contactView(email) : null,
    mobile: mobile ? contactView(mobile) : null,
  };
}

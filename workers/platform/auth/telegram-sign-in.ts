import type { z } from "zod";
import type { AccountInfo, RegistrationValues } from "../../../core/api/entities";
import { PlatformError } from "../../../core/api/errors";
import { playerInfo } from "../account/info";
import type { PlatformContext } from "../core/context";
import { readGeneralInfo } from "../core/settings";
import { recordSignIn } from "../events/sign-in";
import { assertNotSelfExcluded } from "../responsible/self-exclusion";
import { siteJurisdiction } from "../responsible/jurisdiction";
import { assertAccountNotOnRegister } from "../responsible/national-register";
import { loadLocales } from "../i18n/locales";
import { createSocialAccount, freeFakename, isUniqueViolation, linkedAccount } from "./oauth-accounts";
import { verifyInitData } from "./telegram";
import { playerTables } from "../player/routed-d1";

const SERVICE = "telegram";

/** TELEGRAM_BOT_TOKEN (optional var, workers/env.ts); empty turns messenger sign-in off. */
export function telegramBotToken(env: Env): string {
  return (env as Env & { TELEGRAM_BOT_TOKEN?: string }).TELEGRAM_BOT_TOKEN ?? "";
}

/** A site locale for a messenger language tag ('pt-br' → 'pt'), or the request locale. */
async function localeFor(ctx: PlatformContext, tag: string): Promise<string> {
  const { locales } = await loadLocales(ctx.db);
  const codes = locales.map((l) => l.code);
  const [base = "", region = ""] = tag.toLowerCase().split(/[-_]/);
  const wanted = [region ? `${base}-${region.toUpperCase()}` : "", base];
  return wanted.find((c) => c && codes.includes(c)) ?? ctx.locale;
}

/**
 * auth.register with is_tg=1 (SPEC §4, §7): a verified mini-app payload signs in the account
 * linked to that Telegram user, creating it (registration complete) the first time. Whatever
 * check fails, the answer is the same 401.
 */
export async function messengerSignIn(v: z.output<typeof RegistrationValues>, ctx: PlatformContext): Promise<AccountInfo> {
  const botToken = telegramBotToken(ctx.env);
  if (!botToken) throw new PlatformError("AccessDenied", "Messenger sign-in is not enabled");
  const user = await verifyInitData(v.payload ?? "", { id: v.id ?? "", hash: v.hash ?? "", botToken });
  if (!user) throw new PlatformError("Authorization", "Messenger sign-in could not be verified");

  let account = await linkedAccount(ctx.db, SERVICE, user.id);
  if (!account) {
    const { default_currency } = await readGeneralInfo<{ default_currency: string }>(ctx);
    try {
      const uid = await createSocialAccount(ctx.db, {
        service: SERVICE,
        subject: user.id,
        login: `tg_${user.id}`,
        email: "",
        emailConfirmed: false,
        locale: await localeFor(ctx, user.language_code || v.language_code || ""),
        currency: default_currency,
        fakename: await freeFakename(ctx.db, user.username),
        registrationCompleted: true,
      });
      account = { uid, is_banned: 0, two_factor_enabled: 0, first_name: null, last_name: null, birth_date: null, country_code: null };
    } catch (e) {
      // The same user's second tap won the race: sign in to the account it created.
      account = isUniqueViolation(e) ? await linkedAccount(ctx.db, SERVICE, user.id) : null;
      if (!account) throw e;
    }
  }
  if (account.is_banned === 1) throw new PlatformError("UserBanned", "This account is blocked. Please contact support.");
  await assertNotSelfExcluded(playerTables(ctx.env, account.uid), account.uid);
  // The national register asks of every sign-in, a messenger's too (decision 0092).
  await assertAccountNotOnRegister(ctx.env, ctx.db, await siteJurisdiction(ctx), account);
  // The messenger's word does not replace the player's second factor.
  if (account.two_factor_enabled === 1) {
    throw new PlatformError("Authorization", "This account uses two-factor authentication: sign in with your password and code");
  }
  await ctx.startSession(account.uid);
  await recordSignIn(ctx.db, account.uid, "telegram");
  return playerInfo(ctx, account.uid);
}

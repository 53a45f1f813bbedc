import { z } from "zod";
import { CmsConfig, ContentPage, ContentPageSummary, Redirect } from "./cms";
import { bonusMethods } from "./contract-bonuses";
import { offerMethods } from "./contract-offers";
import { loyaltyMethods } from "./contract-loyalty";
import { wheelMethods } from "./contract-wheel";
import { tournamentMethods } from "./contract-tournaments";
import { sportsbookMethods } from "./contract-sportsbook";
import { cashbackMethods } from "./contract-cashback";
import { cashierMethods } from "./contract-cashier";
import { eventMethods } from "./contract-events";
import { contactMethods } from "./contract-contacts";
import { freespinMethods } from "./contract-freespins";
import { gameMethods } from "./contract-games";
import { jackpotMethods } from "./contract-jackpots";
import { promoCodeMethods } from "./contract-promocodes";
import { responsibleMethods } from "./contract-responsible";
import { securityMethods } from "./contract-security";
import { socialMethods } from "./contract-social";
import { verificationMethods } from "./contract-verification";
import { walletMethods } from "./contract-wallet";
import { vpnMethods } from "./contract-vpn";
import { pushMethods } from "./contract-push";
import { challengeMethods } from "./contract-challenges";
import { supportMethods } from "./contract-support";
import { chatMethods } from "./contract-chat";
import { analyticsMethods } from "./contract-analytics";
import { count, fieldList, method, offset, refusal } from "./define";
import {
  AccountInfo,
  AccountRules,
  BANNER_FIELDS,
  BannerListed,
  GeneralInfo,
  LocaleList,
  MessageBundle,
  Popup,
  Profile,
  ProfileValues,
  RealtimeToken,
  RegistrationValues,
  SignInPayload,
  SiteMetadata,
  TwoFactorSetup,
  listOf,
} from "./entities";

/**
 * The /api contract: every method of the platform, declared once.
 * Keys are `group.method`, exactly as SPEC §7 spells them.
 */

const localeCode = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, "locale must look like 'en' or 'pt-BR'");
const storageKey = z
  .string()
  .min(1, "key is required")
  .max(64, "key must be at most 64 characters")
  .regex(/^[A-Za-z0-9_.:-]+$/, "key may hold letters, digits, '_', '.', ':' and '-' only");

/**
 * General info as the contract answers it: with `analytic.consentRequired` (decision 0057). Kept
 * out of `GeneralInfo` (entities.ts), which some routes' client chunks carry: only the server
 * reads the consent switch (the inline analytics boot), so it costs those pages no bytes.
 */
export const GeneralInfoWithConsent = GeneralInfo.extend({
  analytic: GeneralInfo.shape.analytic.extend({ consentRequired: z.boolean().default(false) }),
});

export const contract = {
  "nfx/i18n.locales": method({
    group: "nfx/i18n",
    name: "locales",
    verb: "GET",
    access: "public",
    summary: "The site's locales and the default one.",
    params: z.object({}),
    result: LocaleList,
  }),
  "nfx/i18n.messages": method({
    group: "nfx/i18n",
    name: "messages",
    verb: "GET",
    access: "public",
    pathParam: "locale",
    refuses: [refusal.unknown],
    summary: "The message bundle of one locale (nested keys); a locale the site does not have answers 404.",
    params: z.object({ locale: localeCode }),
    result: MessageBundle,
  }),
  "metadata.get": method({
    group: "metadata",
    name: "get",
    verb: "GET",
    access: "public",
    summary: "Site metadata: name, logo, themes, favicons and web-app manifest.",
    params: z.object({}),
    result: SiteMetadata,
  }),
  "metadata.getgeneralinfo": method({
    group: "metadata",
    name: "getgeneralinfo",
    verb: "GET",
    access: "public",
    summary:
      "General operator settings (SPEC §3 General info). analytic.consentRequired: nothing is sent to analytics before the visitor accepts (decision 0057).",
    params: z.object({}),
    result: GeneralInfoWithConsent,
  }),
  "banners.get": method({
    group: "banners",
    name: "get",
    verb: "GET",
    access: "public",
    summary:
      "Active banners (time-boxed by start and finish) for the request locale, optionally of one position; display.image is the configured image key's image. " +
      "`fields`: a comma-separated subset of description, display (both when left out; 400 for another name).",
    params: z.object({ offset, count: count(100, 10), fields: fieldList(BANNER_FIELDS, BANNER_FIELDS), position: z.string().max(40).optional() }),
    result: listOf(BannerListed),
  }),
  "popups.get": method({
    group: "popups",
    name: "get",
    verb: "GET",
    access: "public",
    summary:
      "Campaign popups for the request locale, optionally one by sysname; preview=1 also answers a switched-off popup. A popup with an audience event is listed unnamed only to a signed-in player who recorded that event since last closing it.",
    params: z.object({
      sysname: z.string().max(64).optional(),
      preview: z.enum(["0", "1", "true", "false"], "preview must be 1 or 0").optional(),
    }),
    result: listOf(Popup),
  }),
  "storage.get": method({
    group: "storage",
    name: "get",
    verb: "GET",
    access: "public",
    summary: "One stored value of the current player (or visitor); null when unset.",
    params: z.object({ key: storageKey }),
    result: z.string().nullable(),
  }),
  "storage.getKeys": method({
    group: "storage",
    name: "getKeys",
    verb: "GET",
    access: "public",
    summary: "The keys stored for the current player (or visitor).",
    params: z.object({}),
    result: z.array(z.string()),
  }),
  "storage.set": method({
    group: "storage",
    name: "set",
    verb: "POST",
    access: "public",
    refuses: [[413, "StorageQuotaExceeded", "the storage of the player (or visitor) is full: 100 keys or 65,536 characters"]],
    summary: "Store a value (at most 4096 characters; 100 keys and 65,536 characters in all); an empty value deletes the key.",
    params: z.object({ key: storageKey, value: z.string().max(4096, "value must be at most 4096 characters") }),
    result: z.literal(true),
  }),
  "account.getInfo": method({
    group: "account",
    name: "getInfo",
    verb: "GET",
    access: "public",
    summary: "The current account: the signed-in player's (SPEC §3 Account info), or uid 0 for a visitor.",
    params: z.object({}),
    result: AccountInfo,
  }),
  "account.unsubscribe": method({
    group: "account",
    name: "unsubscribe",
    verb: "POST",
    access: "public",
    summary: "Unsubscribe a contact from mailings with the signed token of an email link.",
    params: z.object({
      contact: z.string().min(3, "contact is required").max(254),
      token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "token is malformed"),
    }),
    result: z.literal(1),
  }),
  "auth.login": method({
    group: "auth",
    name: "login",
    verb: "POST",
    access: "public",
    refuses: [
      [401, "Authorization", "a wrong login or password; on a two-factor account, no code yet (params.two_factor_auth) or an expired step"],
      [403, "UserBanned", "the account is blocked"],
      refusal.selfExcluded,
      refusal.throttled,
    ],
    summary:
      "Sign in (new session cookie). On a two-factor account the first attempt without code answers 401 " +
      "'two_factor_auth is enable' (params.two_factor_auth; no resend_time: the code is the player's authenticator's, nothing is sent); send the code to finish. Throttled: 429 with params.retry_after.",
    params: SignInPayload,
    result: AccountInfo,
  }),
  "auth.logout": method({
    group: "auth",
    name: "logout",
    verb: "POST",
    alsoGet: true,
    access: "public",
    summary: "Sign out: ends the session and clears its cookie (1 also when there was none).",
    params: z.object({}),
    result: z.literal(1),
  }),
  "auth.register": method({
    group: "auth",
    name: "register",
    verb: "POST",
    access: "public",
    refuses: [
      [400, "InvalidRequest", "a signed-in player whose account is already complete"],
      [401, "Authorization", "a Telegram payload that cannot be verified, or a Telegram account that uses two-factor sign-in"],
      [403, "AccessDenied", "messenger sign-in is off on this site"],
      [403, "UserBanned", "the Telegram account's player is blocked"],
      refusal.selfExcluded,
      refusal.throttled,
    ],
    summary:
      "Register with the registration values of SPEC §3 (mobile as phone, notify and is_betting '1'/'0') and sign in; " +
      "a new account needs a login or email and a password; taken login, email, phone or fake name answer 400 with invalid_parameters. " +
      "A signed-in player whose social sign-up is not completed completes their own account instead (password optional, " +
      "email required when the account has none, terms when the site asks for them); a completed player gets 400. " +
      "is_tg=1 with id, username, hash, language_code and payload (the mini app's raw initData) signs in through Telegram: " +
      "401 when the payload cannot be verified, 403 when messenger sign-in is off. " +
      "New accounts are throttled per client address (5 an hour, decision 0061): past it, 429 with params.retry_after.",
    params: RegistrationValues,
    result: AccountInfo,
  }),
  "auth.restore": method({
    group: "auth",
    name: "restore",
    verb: "POST",
    access: "public",
    refuses: [refusal.throttled],
    summary:
      "Password reset. With a login or email: mails (or texts) the account a link with a one-hour, single-use " +
      "reset_token and answers 1 whether or not the account exists (throttled: 429 with params.retry_after). " +
      "With token and password (6–20, as at registration): sets the password, ends every session and answers 1; " +
      "a wrong, used or expired token answers 400 on token.",
    params: z
      .object({
        login: z.string().trim().max(254, "Max length is 254").optional(),
        email: z.string().trim().max(254, "Max length is 254").optional(),
        token: z.string().trim().max(200, "This link is not valid or has expired").optional(),
        password: AccountRules.password.optional(),
      })
      .refine((v) => Boolean(v.login || v.email || v.token), { path: ["login"], message: "Field is required" })
      .refine((v) => !v.token || v.password !== undefined, { path: ["password"], message: "Password is required" }),
    result: z.literal(1),
  }),
  "account.getprofileinfo": method({
    group: "account",
    name: "getprofileinfo",
    verb: "GET",
    access: "player",
    summary: "The player's profile; `fields` (e.g. 'contacts,document') adds those parts, all of them when left out.",
    params: z.object({ fields: z.string().max(200, "Max length is 200").optional() }),
    result: Profile,
  }),
  "account.saveProfileInfo": method({
    group: "account",
    name: "saveProfileInfo",
    verb: "POST",
    access: "player",
    refuses: [[409, "RequisitesOnVerification", "the identity is being verified: name and birth date wait until the check ends"]],
    summary:
      "Save profile values: a field left out is kept, an empty one cleared; identity fields are locked once verified, and " +
      "while the identity is being verified a change to them answers 409 RequisitesOnVerificationException. Returns 1.",
    params: ProfileValues,
    result: z.literal(1),
  }),
  "account.changepassword": method({
    group: "account",
    name: "changepassword",
    verb: "POST",
    access: "player",
    refuses: [refusal.throttled],
    summary:
      "Change the password: ends every other session and rotates this one. `old_password` is required, " +
      "except for an account that has none yet (social sign-up), which sets its first one. Returns 1.",
    params: z.object({
      old_password: z.string().min(1, "Field is required").max(128, "Max length is 128").optional(),
      new_password: AccountRules.password,
    }),
    result: z.literal(1),
  }),
  "account.changelocale": method({
    group: "account",
    name: "changelocale",
    verb: "POST",
    access: "player",
    summary: "Set the player's locale (one of the site's locales). Returns 1.",
    params: z.object({ locale: localeCode }),
    result: z.literal(1),
  }),
  "account.changefakename": method({
    group: "account",
    name: "changefakename",
    verb: "POST",
    access: "player",
    summary: "Set the public nickname shown in winners and leaderboards (unique). Returns 1.",
    params: z.object({ fakename: AccountRules.fakename }),
    result: z.literal(1),
  }),
  "account.changeTwoFactorAuth": method({
    group: "account",
    name: "changeTwoFactorAuth",
    verb: "POST",
    access: "player",
    refuses: [refusal.throttled],
    summary:
      "enable=1: a new TOTP secret (base32) and its otpauth:// URI, active after confirmTwoFactorAuth. " +
      "enable=0 with a valid code: two-factor off (answers 1).",
    params: z.object({ enable: AccountRules.flag, code: AccountRules.code.optional() }),
    result: z.union([TwoFactorSetup, z.literal(1)]),
  }),
  "account.confirmTwoFactorAuth": method({
    group: "account",
    name: "confirmTwoFactorAuth",
    verb: "POST",
    access: "player",
    refuses: [refusal.throttled],
    summary: "Confirm enabling two-factor with a code from the new secret; other sessions end. Returns 1.",
    params: z.object({ code: AccountRules.code }),
    result: z.literal(1),
  }),
  "account.getToken": method({
    group: "account",
    name: "getToken",
    verb: "GET",
    access: "player",
    summary: "A signed token for the realtime connection, valid 5 minutes.",
    params: z.object({}),
    result: RealtimeToken,
  }),
  "cms.getConfig": method({
    group: "cms",
    name: "getConfig",
    verb: "GET",
    access: "public",
    summary: "Content-management configuration of a locale: menus, banner, SEO, custom code, switches.",
    params: z.object({ locale: localeCode.optional() }),
    result: CmsConfig,
  }),
  "cms.getRedirects": method({
    group: "cms",
    name: "getRedirects",
    verb: "GET",
    access: "public",
    summary: "Site-configured redirects (from_url may end in a * wildcard).",
    params: z.object({}),
    result: z.array(Redirect),
  }),
  "cms.getPage": method({
    group: "cms",
    name: "getPage",
    verb: "GET",
    access: "public",
    summary: "A content page by slug in the request locale (falling back to the default locale); null when none.",
    params: z.object({
      slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "slug may hold lowercase letters, digits and '-' only"),
      locale: localeCode.optional(),
    }),
    result: ContentPage.nullable(),
  }),
  "cms.getPages": method({
    group: "cms",
    name: "getPages",
    verb: "GET",
    access: "public",
    summary: "Summaries of the content pages of a locale.",
    params: z.object({ locale: localeCode.optional() }),
    result: z.array(ContentPageSummary),
  }),
  ...contactMethods,
  ...socialMethods,
  ...walletMethods,
  ...cashierMethods,
  ...responsibleMethods,
  ...gameMethods,
  ...jackpotMethods,
  ...verificationMethods,
  ...securityMethods,
  ...bonusMethods,
  ...cashbackMethods,
  ...freespinMethods,
  ...offerMethods,
  ...promoCodeMethods,
  ...loyaltyMethods,
  ...wheelMethods,
  ...tournamentMethods,
  ...sportsbookMethods,
  ...eventMethods,
  ...vpnMethods,
  ...pushMethods,
  ...challengeMethods,
  ...supportMethods,
  ...chatMethods,
  ...analyticsMethods,
};

export type Contract = typeof contract;
export type MethodKey = keyof Contract;
export type ParamsOf<K extends MethodKey> = z.input<Contract[K]["params"]>;
export type ResultOf<K extends MethodKey> = z.infer<Contract[K]["result"]>;

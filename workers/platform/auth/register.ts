import type { z } from "zod";
import type { CmsConfig } from "../../../core/api/cms";
import { RegistrationValues, type AccountInfo, type GeneralInfo } from "../../../core/api/entities";
import { PlatformError } from "../../../core/api/errors";
import { playerInfo } from "../account/info";
import { sendContactConfirmation } from "../account/contact-codes";
import { nationalNumber } from "../account/contacts";
import { findCountry, loadPersonalData } from "../account/personal-data";
import { checkCountryValues } from "../account/country-values";
import { birthDateProblem, isoDate, knownCountry } from "../account/profile-rules";
import { loadContacts, loadUser, type UserRow } from "../account/users";
import { deliverInbox, inboxEntry } from "../player/inbox";
import type { Handler, PlatformContext } from "../core/context";
import { readGeneralInfo } from "../core/settings";
import { assertNotWaiting, recordAttempt, tooManyRequests } from "../core/throttle";
import { REGISTRATION_ADDRESS_POLICY } from "../core/throttle-limits";
import { loadLocales } from "../i18n/locales";
import { announcePromoGrants } from "../promocodes";
import { promoCodeCheck } from "../promocodes/check";
import { promoCodeReservation, promoInboxKey } from "../promocodes/redeem";
import { loadRedeemer, type PromoCodeRow } from "../promocodes/rules";
import { hashPassword } from "./passwords";
import { missingRequiredValues } from "./required-fields";
import { messengerSignIn } from "./telegram-sign-in";
import { refreshMirror } from "../player/remote-d1";
import { assertPersonNotListed, changedPerson } from "../responsible/national-register";
import { requestCountry } from "../../../core/jurisdictions";

type Values = z.output<typeof RegistrationValues>;
type Fields = Record<string, string[]>;
const add = (f: Fields, field: string, message: string) => (f[field] ??= []).push(message);
const invalid = (fields: Fields) => new PlatformError("InvalidParameter", `Invalid parameters: ${Object.keys(fields).join(", ")}`, { fields });
const REQUIRED = "Field is required";
/** The values auth.register takes: a required field of another name cannot be sent, so is not enforced. */
const REGISTRATION_PARAMS: ReadonlySet<string> = new Set(Object.keys(RegistrationValues.shape));

/**
 * auth.register, three ways (SPEC §4):
 * - `is_tg=1`: messenger mini-app sign-in (telegram-sign-in.ts);
 * - a signed-in player whose social sign-up is not completed: completes the caller's account;
 * - anyone else: a new account. A completed signed-in player gets 400.
 */
export const register: Handler<"auth.register"> = async (v, ctx) => {
  if (v.is_tg === "1") return messengerSignIn(v, ctx);
  if (ctx.uid > 0) return completeRegistration(v, ctx);
  return createAccount(v, ctx);
};

/** Which of these identifiers some other account already holds, as a login or as a contact. */
async function taken(db: D1Database, values: { field: string; value: string }[], exceptUid = 0): Promise<string[]> {
  if (!values.length) return [];
  const stmt = db.prepare(
    `SELECT EXISTS (SELECT 1 FROM users WHERE login = ?1 AND uid <> ?2)
         OR EXISTS (SELECT 1 FROM contacts WHERE contact = ?1 AND uid <> ?2) AS hit`,
  );
  const results = await db.batch<{ hit: number }>(values.map((v) => stmt.bind(v.value, exceptUid)));
  return values.filter((_, i) => results[i]?.results[0]?.hit === 1).map((v) => v.field);
}

/**
 * What Zod cannot check: site currencies and locales, real countries and dates, document
 * numbers, a loyalty character of the active programme, a fake name another player holds.
 */
async function checkValues(v: Values, ctx: PlatformContext, fields: Fields, exceptUid = 0): Promise<void> {
  const [general, { locales }] = await Promise.all([readGeneralInfo<Pick<GeneralInfo, "available_currencies">>(ctx), loadLocales(ctx.db)]);
  if (v.currency && !general.available_currencies.includes(v.currency)) add(fields, "currency", "This currency is not available");
  if (v.locale && !locales.some((l) => l.code === v.locale)) add(fields, "locale", "This language is not available");
  if (v.country_code && !knownCountry(v.country_code)) add(fields, "country_code", "Unknown country");
  if (v.phone_country_code && !knownCountry(v.phone_country_code)) add(fields, "phone_country_code", "Unknown country");
  if (v.birth_date) {
    const problem = birthDateProblem(v.birth_date);
    if (problem) add(fields, "birth_date", problem);
  }
  await checkCountryValues(v, ctx, fields);
  if (v.character_id !== undefined) {
    const character = await ctx.db
      .prepare("SELECT 1 FROM loyalty_characters c JOIN loyalty_programs p ON p.id = c.program_id AND p.is_active = 1 WHERE c.id = ?1")
      .bind(v.character_id)
      .first();
    if (!character) add(fields, "character_id", "No such character");
  }
  if (v.fakename) {
    const clash = await ctx.db.prepare("SELECT 1 FROM users WHERE fakename = ?1 COLLATE NOCASE AND uid <> ?2").bind(v.fakename, exceptUid).first();
    if (clash) add(fields, "fakename", "This name is taken");
  }
}

/**
 * The phone as contacts keep it (account/contacts.ts): the national number of its country
 * (`phone_country_code`, else the player's country), which must fill that country's mask — a field
 * error otherwise; sent with the country's code (with or without "+"), the code is dropped. A country the site's form does not list keeps the digits as sent.
 */
async function registrationPhone(v: Values, ctx: PlatformContext, fields: Fields): Promise<string> {
  const raw = v.phone ?? "";
  if (!raw) return "";
  const code = v.phone_country_code || v.country_code;
  const country = code ? findCountry(await loadPersonalData(ctx), code) : undefined;
  if (!country) return raw.replace(/^\+/, "");
  // The number with its country's code and no "+" (351912345678 for Portugal) is that number too.
  const digits = nationalNumber(raw, country) ?? nationalNumber(`+${raw.trim().replace(/^\+/, "")}`, country);
  if (digits === null) add(fields, "phone", "Wrong phone number");
  return digits ?? "";
}

/** New accounts count per client address (decision 0061); past the limit the address waits. */
const registrationAddressKey = (ip: string) => `register:ip:${ip}`;
const tooManyRegistrations = (retryAfter: number) =>
  tooManyRequests(`Too many new accounts from this address. Try again in ${retryAfter} seconds.`, retryAfter);

/**
 * A new account: stores the player, contacts and the promo code's use in one batch and signs in. An address
 * that waits is refused before anything is looked at (not even whether a login is taken).
 */
async function createAccount(v: Values, ctx: PlatformContext): Promise<AccountInfo> {
  const throttle = registrationAddressKey(ctx.clientIp);
  await assertNotWaiting(ctx.db, [throttle], tooManyRegistrations);
  const { default_currency } = await readGeneralInfo<Pick<GeneralInfo, "default_currency">>(ctx);
  const fields: Fields = {};
  const email = v.email?.toLowerCase() || "";
  const phone = await registrationPhone(v, ctx, fields);
  const login = v.login || email;
  const currency = v.currency || default_currency;
  const locale = v.locale || ctx.locale;

  // A login or an email (which then serves as the login), and a password.
  if (!login) {
    add(fields, "login", REQUIRED);
    add(fields, "email", REQUIRED);
  }
  if (v.password === undefined) add(fields, "password", "Password is required");
  // The site's form asks for the terms when its terms option is active (SPEC §5) and for the
  // fields its registration types require (§4): so does the server, whatever the client sends
  // (a client that leaves a field out is no exception).
  const auth = await authConfig(ctx);
  if (!v.terms && termsRequired(auth)) add(fields, "terms", "Please accept the terms");
  if (auth?.authTypes) {
    const missing = await missingRequiredValues(v, REGISTRATION_PARAMS, { authTypes: auth.authTypes }, ctx);
    for (const name of missing) if (!fields[name]) add(fields, name, REQUIRED);
  }
  await checkValues(v, ctx, fields);

  if (login) {
    const identifiers = [
      { field: "login", value: login },
      ...(email && email !== login.toLowerCase() ? [{ field: "email", value: email }] : []),
      ...(phone ? [{ field: "phone", value: phone }] : []),
    ];
    for (const field of await taken(ctx.db, identifiers)) add(fields, field, "Already registered");
    if (email && email === login.toLowerCase() && fields.login?.includes("Already registered")) add(fields, "email", "Already registered");
  }
  const promo = await registrationPromo(ctx, v, 0, { currency, country: v.country_code ?? "" }, fields);
  if (Object.keys(fields).length) throw invalid(fields);
  // The country's national self-exclusion register, before an account exists (decision 0092).
  const birthDate = v.birth_date ? isoDate(v.birth_date) : null;
  await assertPersonNotListed(ctx, changedPerson({ country_code: requestCountry(ctx.request) }, { ...v, birth_date: birthDate }, email || null));

  const now = Date.now();
  const uidOf = "(SELECT uid FROM users WHERE login = ?1)";
  const statements = [
    ctx.db
      .prepare(
        `INSERT INTO users (login, password_hash, password_changed_at, created_at, locale, currency, country_code,
           first_name, middle_name, last_name, fakename, sex, birth_date, region, home_town, address, postcode,
           document_type, document_number, character_id, is_betting, notify)
         VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)`,
      )
      .bind(
        login,
        await hashPassword(v.password!),
        now,
        locale,
        currency,
        v.country_code ?? "",
        v.first_name ?? "",
        v.middle_name ?? "",
        v.last_name ?? "",
        v.fakename ?? "",
        Number(v.sex ?? 0),
        v.birth_date ? isoDate(v.birth_date) : null,
        v.region ?? "",
        v.home_town ?? "",
        v.address ?? "",
        v.postcode ?? "",
        v.document_type ?? "",
        v.document_number ?? "",
        v.character_id ?? null,
        v.is_betting === "1" ? 1 : 0,
        v.notify === "1" ? 1 : 0,
      ),
  ];
  const contact = ctx.db.prepare(
    `INSERT INTO contacts (uid, type, contact, is_subscribed, phone_country_code, created_at)
     VALUES (${uidOf}, ?2, ?3, ?4, ?5, ?6)`,
  );
  const subscribed = v.notify === "1" ? 1 : 0;
  if (email) statements.push(contact.bind(login, "email", email, subscribed, null, now));
  if (phone) statements.push(contact.bind(login, "phone", phone, subscribed, v.phone_country_code || v.country_code || null, now));
  if (v.promo_code) {
    statements.push(ctx.db.prepare(`INSERT INTO registration_promo (uid, promo_code, created_at) VALUES (${uidOf}, ?2, ?3)`).bind(login, v.promo_code, now));
  }
  // The registration bonuses (decision 0039) and free-spin packs (0041) are owed in the same
  // transaction as the account and delivered to the player's tables right after it (decision 0075).
  const welcome = { key: `registration:login:${login}`, kind: "grants.registration", body: { now } } as const;
  statements.push(inboxEntry(ctx.db, { login }, welcome, now));
  // A valid promo code's use is reserved in the same transaction, and its grant owed (decision 0044, promocodes/redeem.ts).
  if (promo) statements.push(...promoCodeReservation(ctx.db, { login }, promo.code, now));
  try {
    await ctx.db.batch(statements);
  } catch (e) {
    // Another registration took an identifier between our check and our insert.
    if (e instanceof Error && /UNIQUE/i.test(e.message)) throw invalid({ login: ["Already registered"] });
    throw e;
  }
  await recordAttempt(ctx.db, [[throttle, REGISTRATION_ADDRESS_POLICY]]);
  await deliverInbox(ctx.env, welcome.key);
  if (promo) await deliverInbox(ctx.env, promoInboxKey(promo.code, { login }));
  const row = await ctx.db.prepare(`SELECT uid FROM users WHERE login = ?1`).bind(login).first<{ uid: number }>();
  await ctx.startSession(row!.uid);
  if (promo) await announcePromoGrants(ctx, row!.uid, promo.code);
  if (email) {
    // The post-registration confirm-email popup tells the player a code is on its way; a failed
    // delivery must not undo the registration (they can ask again from the hint or the profile).
    await sendContactConfirmation(ctx, row!.uid, email).catch((e: unknown) => {
      console.error("register: confirmation code not sent", e instanceof Error ? e.message : e);
    });
  }
  return playerInfo(ctx, row!.uid);
}

/** The site's auth configuration (CMS config of the request locale, else the default one). */
async function authConfig(ctx: PlatformContext): Promise<Partial<CmsConfig["auth"]> | null> {
  const row = await ctx.db
    .prepare(
      `SELECT config FROM cms_configs WHERE locale IN (?1, ?2)
       ORDER BY CASE locale WHEN ?1 THEN 0 ELSE 1 END LIMIT 1`,
    )
    .bind(ctx.locale, ctx.defaultLocale)
    .first<{ config: string }>();
  const config = row ? (JSON.parse(row.config) as Partial<CmsConfig>) : null;
  return config?.auth ?? null;
}

/** Whether the site asks for the terms checkbox. */
const termsRequired = (auth: Partial<CmsConfig["auth"]> | null) => auth?.registrationOptions?.terms?.isActive === true;

/** A value the form sent; blank and missing both keep what the account has. */
const given = <T>(x: T | undefined | ""): T | null => (x === undefined || x === "" ? null : x);

/**
 * The social registration popup (SPEC §2): a signed-in player created by social sign-in gives
 * what the provider did not — an email when the account has none, the terms, optionally a
 * password and other values — and the account is marked completed. Nothing new is signed in.
 */
async function completeRegistration(v: Values, ctx: PlatformContext): Promise<AccountInfo> {
  const uid = ctx.uid;
  const [user, contacts] = await Promise.all([loadUser(ctx.db, uid), loadContacts(ctx.db, uid)]);
  if (!user) throw new PlatformError("Authorization", "Sign in to continue");
  if (user.is_registration_completed === 1) {
    throw new PlatformError("InvalidRequest", "This account is already registered", { status: 400 });
  }
  const fields: Fields = {};
  const hasEmail = contacts.find((c) => c.type === "email");
  const hasPhone = contacts.find((c) => c.type === "phone");
  const email = v.email?.toLowerCase() || "";
  const phone = await registrationPhone(v, ctx, fields);
  const login = v.login && v.login.toLowerCase() !== user.login.toLowerCase() ? v.login : "";

  if (!hasEmail && !email) add(fields, "email", REQUIRED);
  if (hasEmail && email && email !== hasEmail.contact.toLowerCase()) add(fields, "email", "This account already has an email; change it in the profile");
  if (hasPhone && phone && phone !== hasPhone.contact) add(fields, "phone", "This account already has a phone; change it in the profile");
  if (!v.terms && termsRequired(await authConfig(ctx))) add(fields, "terms", "Please accept the terms");
  await checkValues(v, ctx, fields, uid);
  const newEmail = !hasEmail && email ? email : "";
  const newPhone = !hasPhone && phone ? phone : "";
  const identifiers = [
    ...(login ? [{ field: "login", value: login }] : []),
    ...(newEmail ? [{ field: "email", value: newEmail }] : []),
    ...(newPhone ? [{ field: "phone", value: newPhone }] : []),
  ];
  for (const field of await taken(ctx.db, identifiers, uid)) add(fields, field, "Already registered");
  const promo = await registrationPromo(ctx, v, uid, {}, fields);
  if (Object.keys(fields).length) throw invalid(fields);

  // The name, birth date and email the account now gives, before it is completed (decision 0092):
  // a listed person's account is not completed, and the session it signed in with ends.
  const person = changedPerson(user, { ...v, birth_date: v.birth_date ? isoDate(v.birth_date) : null }, newEmail || hasEmail?.contact || null);
  try {
    await assertPersonNotListed(ctx, person);
  } catch (e) {
    await ctx.endSession();
    throw e;
  }

  const statements = await completionStatements(ctx.db, user, v, { login, newEmail, newPhone });
  // A completed social registration earns the registration bonuses and packs too (decisions 0039,
  // 0041), owed with the completion and delivered after it, as createAccount's; and its promo code's (0044).
  const welcome = { key: `registration:uid:${uid}`, kind: "grants.registration", body: { now: Date.now() } } as const;
  statements.push(inboxEntry(ctx.db, { uid }, welcome));
  if (promo) statements.push(...promoCodeReservation(ctx.db, { uid }, promo.code));
  try {
    await ctx.db.batch(statements);
  } catch (e) {
    if (!(e instanceof Error && /UNIQUE/i.test(e.message))) throw e;
    // Someone took an identifier or the fake name between our check and our write.
    const clashed = await taken(ctx.db, identifiers, uid);
    throw invalid(clashed.length ? Object.fromEntries(clashed.map((f) => [f, ["Already registered"]])) : { fakename: ["This name is taken"] });
  }
  // The currency and country may have changed: the player's object keeps a copy of them (before
  // the grants, which are in that currency).
  await refreshMirror(ctx.env, uid);
  await deliverInbox(ctx.env, welcome.key);
  if (promo) await deliverInbox(ctx.env, promoInboxKey(promo.code, { uid }));
  if (promo) await announcePromoGrants(ctx, uid, promo.code);
  return playerInfo(ctx, uid);
}

/**
 * The promo code a registration brings (decision 0044): checked for a new player of this country
 * and currency; a code that does not apply is a promo_code field error carrying its reason, so
 * the player fixes or clears it and loses nothing else they typed.
 */
async function registrationPromo(
  ctx: PlatformContext,
  v: Values,
  uid: number,
  visitor: { currency?: string; country?: string },
  fields: Fields,
): Promise<PromoCodeRow | null> {
  const code = v.promo_code?.trim();
  if (!code) return null;
  // A signed-in player's deposits are in their own tables (decision 0075).
  const who = await loadRedeemer(uid > 0 ? ctx.player() : ctx.db, uid, visitor);
  // Throttled like every typed code (promocodes/check.ts): registration is no way around it.
  const { row, problem } = await promoCodeCheck(ctx, code, who, { kind: "registration" });
  if (problem) add(fields, "promo_code", problem);
  return problem ? null : row!;
}

async function completionStatements(
  db: D1Database,
  user: UserRow,
  v: Values,
  { login, newEmail, newPhone }: { login: string; newEmail: string; newPhone: string },
): Promise<D1PreparedStatement[]> {
  const now = Date.now();
  const notify = v.notify === undefined ? null : v.notify === "1" ? 1 : 0;
  const statements = [
    db
      .prepare(
        `UPDATE users SET
           login = COALESCE(?2, login),
           password_hash = COALESCE(?3, password_hash),
           password_changed_at = CASE WHEN ?3 IS NULL THEN password_changed_at ELSE ?4 END,
           locale = COALESCE(?5, locale), currency = COALESCE(?6, currency), country_code = COALESCE(?7, country_code),
           first_name = COALESCE(?8, first_name), middle_name = COALESCE(?9, middle_name), last_name = COALESCE(?10, last_name),
           fakename = COALESCE(?11, fakename), sex = COALESCE(?12, sex), birth_date = COALESCE(?13, birth_date),
           region = COALESCE(?14, region), home_town = COALESCE(?15, home_town), address = COALESCE(?16, address),
           postcode = COALESCE(?17, postcode), document_type = COALESCE(?18, document_type),
           document_number = COALESCE(?19, document_number), character_id = COALESCE(?20, character_id),
           is_betting = COALESCE(?21, is_betting), notify = COALESCE(?22, notify),
           is_registration_completed = 1
         WHERE uid = ?1`,
      )
      .bind(
        user.uid,
        given(login),
        v.password ? await hashPassword(v.password) : null,
        now,
        given(v.locale),
        given(v.currency),
        given(v.country_code),
        given(v.first_name),
        given(v.middle_name),
        given(v.last_name),
        given(v.fakename),
        v.sex === undefined ? null : Number(v.sex),
        v.birth_date ? isoDate(v.birth_date) : null,
        given(v.region),
        given(v.home_town),
        given(v.address),
        given(v.postcode),
        given(v.document_type),
        given(v.document_number),
        v.character_id ?? null,
        v.is_betting === undefined ? null : v.is_betting === "1" ? 1 : 0,
        notify,
      ),
  ];
  const contact = db.prepare(`INSERT INTO contacts (uid, type, contact, is_subscribed, phone_country_code, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`);
  if (newEmail) statements.push(contact.bind(user.uid, "email", newEmail, notify ?? user.notify, null, now));
  if (newPhone) {
    statements.push(contact.bind(user.uid, "phone", newPhone, notify ?? user.notify, v.phone_country_code || v.country_code || null, now));
  }
  // The mailing choice made here covers the contacts the account already had.
  if (notify !== null) statements.push(db.prepare("UPDATE contacts SET is_subscribed = ?2 WHERE uid = ?1").bind(user.uid, notify));
  if (v.promo_code) {
    statements.push(
      db.prepare("INSERT OR REPLACE INTO registration_promo (uid, promo_code, created_at) VALUES (?1, ?2, ?3)").bind(user.uid, v.promo_code, now),
    );
  }
  return statements;
}

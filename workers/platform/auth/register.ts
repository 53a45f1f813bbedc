import type { GeneralInfo } from "../../../app/lib/api/entities";
import { PlatformError } from "../../../app/lib/api/errors";
import { playerInfo } from "../account/info";
import { birthDateProblem, documentNumberValid, isoDate, knownCountry } from "../account/profile-rules";
import type { Handler } from "../core/context";
import { readSetting } from "../core/settings";
import { loadLocales } from "../i18n/locales";
import { hashPassword } from "./passwords";

type Fields = Record<string, string[]>;
const add = (f: Fields, field: string, message: string) => (f[field] ??= []).push(message);
const invalid = (fields: Fields) =>
  new PlatformError("InvalidParameter", `Invalid parameters: ${Object.keys(fields).join(", ")}`, { fields });

/** Which of these identifiers some account already holds, as a login or as a contact. */
async function taken(db: D1Database, values: { field: string; value: string }[]): Promise<string[]> {
  const stmt = db.prepare(
    `SELECT EXISTS (SELECT 1 FROM users WHERE login = ?1) OR EXISTS (SELECT 1 FROM contacts WHERE contact = ?1) AS hit`,
  );
  const results = await db.batch<{ hit: number }>(values.map((v) => stmt.bind(v.value)));
  return values.filter((_, i) => results[i]?.results[0]?.hit === 1).map((v) => v.field);
}

/**
 * auth.register: checks what Zod cannot (site currencies and locales, real countries and dates,
 * identifiers already taken), stores the player, contacts and promo code in one batch and signs in.
 */
export const register: Handler<"auth.register"> = async (v, ctx) => {
  const [general, { locales }] = await Promise.all([
    readSetting<Pick<GeneralInfo, "available_currencies" | "default_currency">>(ctx.db, "general_info"),
    loadLocales(ctx.db),
  ]);
  const fields: Fields = {};
  const email = v.email?.toLowerCase() || "";
  const phone = (v.phone ?? "").replace(/^\+/, "");
  const login = v.login || email;
  const currency = v.currency || general.default_currency;
  const locale = v.locale || ctx.locale;

  if (!general.available_currencies.includes(currency)) add(fields, "currency", "This currency is not available");
  if (!locales.some((l) => l.code === locale)) add(fields, "locale", "This language is not available");
  if (v.country_code && !knownCountry(v.country_code)) add(fields, "country_code", "Unknown country");
  if (v.phone_country_code && !knownCountry(v.phone_country_code)) add(fields, "phone_country_code", "Unknown country");
  if (v.birth_date) {
    const problem = birthDateProblem(v.birth_date);
    if (problem) add(fields, "birth_date", problem);
  }
  if (v.document_number && !documentNumberValid(v.document_number)) add(fields, "document_number", "Wrong document number");

  const identifiers = [
    { field: "login", value: login },
    ...(email && email !== login.toLowerCase() ? [{ field: "email", value: email }] : []),
    ...(phone ? [{ field: "phone", value: phone }] : []),
  ];
  for (const field of await taken(ctx.db, identifiers)) add(fields, field, "Already registered");
  if (email && email === login.toLowerCase() && fields.login) add(fields, "email", "Already registered");
  if (v.fakename) {
    const clash = await ctx.db.prepare("SELECT 1 FROM users WHERE fakename = ?1 COLLATE NOCASE").bind(v.fakename).first();
    if (clash) add(fields, "fakename", "This name is taken");
  }
  if (Object.keys(fields).length) throw invalid(fields);

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
        login, await hashPassword(v.password), now, locale, currency, v.country_code ?? "",
        v.first_name ?? "", v.middle_name ?? "", v.last_name ?? "", v.fakename ?? "", Number(v.sex ?? 0),
        v.birth_date ? isoDate(v.birth_date) : null, v.region ?? "", v.home_town ?? "", v.address ?? "",
        v.postcode ?? "", v.document_type ?? "", v.document_number ?? "", v.character_id ?? null,
        v.is_betting === "1" ? 1 : 0, v.notify === "1" ? 1 : 0,
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
    statements.push(
      ctx.db.prepare(`INSERT INTO registration_promo (uid, promo_code, created_at) VALUES (${uidOf}, ?2, ?3)`).bind(login, v.promo_code, now),
    );
  }
  try {
    await ctx.db.batch(statements);
  } catch (e) {
    // Another registration took an identifier between our check and our insert.
    if (e instanceof Error && /UNIQUE/i.test(e.message)) throw invalid({ login: ["Already registered"] });
    throw e;
  }
  const row = await ctx.db.prepare(`SELECT uid FROM users WHERE login = ?1`).bind(login).first<{ uid: number }>();
  await ctx.startSession(row!.uid);
  return playerInfo(ctx, row!.uid);
};

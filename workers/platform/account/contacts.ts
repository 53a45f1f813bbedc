import type { GeneralInfo } from "../../../core/api/entities";
import { email as emailRule } from "../../../core/validation/rules-account";
import { phone as phoneRule, unmaskPhone } from "../../../core/validation/phone";
import type { Handler, Handlers, PlatformContext } from "../core/context";
import { readGeneralInfo } from "../core/settings";
import { confirmContactCode, findPlayerContact, invalid, sendContactConfirmation } from "./contact-codes";
import { findCountry, loadPersonalData, personalDataFor, phoneCountries, type PersonalDataCountry } from "./personal-data";

/**
 * Contacts (SPEC §3 Contact): a player has at most one email and one phone. Emails are stored
 * lower-cased, phones as the national number's digits with their country (phone_country_code).
 */

/** The national digits of a phone for this country, or null when they do not fill its mask. */
export function nationalNumber(raw: string, country: PersonalDataCountry): string | null {
  const text = raw.trim();
  let digits = unmaskPhone(text);
  if (text.startsWith("+") || text.startsWith("00")) {
    digits = digits.replace(/^00/, "");
    if (!digits.startsWith(country.phone_code)) return null;
    digits = digits.slice(country.phone_code.length);
  }
  return phoneRule(digits, { mask: country.phone_mask }) === null ? digits : null;
}

/** The contact as stored, or a field error: the email rule, or the phone country's mask. */
async function normalizedContact(
  ctx: PlatformContext,
  p: { type: "email" | "phone"; contact: string; phone_country_code?: string },
): Promise<{ contact: string; country: string | null }> {
  if (p.type === "email") {
    if (emailRule(p.contact)) throw invalid({ contact: ["Wrong email address"] });
    return { contact: p.contact.trim().toLowerCase(), country: null };
  }
  if (!p.phone_country_code) throw invalid({ phone_country_code: ["Field is required"] });
  const country = findCountry(await loadPersonalData(ctx), p.phone_country_code);
  if (!country) throw invalid({ phone_country_code: ["Unknown country"] });
  const digits = nationalNumber(p.contact, country);
  if (!digits) throw invalid({ contact: ["Wrong phone number"] });
  return { contact: digits, country: country.code };
}

/**
 * account.addcontact. Replacing an unconfirmed contact is immediate. A confirmed one is the
 * account's proven way back in (password reset), so a new value waits in pending_contacts until
 * its own code is confirmed, and only then takes the confirmed one's place.
 */
export const addContact: Handler<"account.addcontact"> = async (p, ctx) => {
  const { contact, country } = await normalizedContact(ctx, p);
  const clash = await ctx.db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM contacts WHERE contact = ?1 AND uid <> ?2)
           OR EXISTS (SELECT 1 FROM pending_contacts WHERE contact = ?1 AND uid <> ?2)
           OR EXISTS (SELECT 1 FROM users WHERE login = ?1 AND uid <> ?2) AS hit`,
    )
    .bind(contact, ctx.uid)
    .first<{ hit: number }>();
  if (clash?.hit) throw invalid({ contact: ["Already registered"] });

  const current = await ctx.db
    .prepare("SELECT id, contact, phone_country_code, is_confirmed FROM contacts WHERE uid = ?1 AND type = ?2 ORDER BY id LIMIT 1")
    .bind(ctx.uid, p.type)
    .first<{ id: number; contact: string; phone_country_code: string | null; is_confirmed: number }>();
  const now = Date.now();
  const dropPending = ctx.db.prepare("DELETE FROM pending_contacts WHERE uid = ?1 AND type = ?2").bind(ctx.uid, p.type);
  const dropCode = ctx.db.prepare("DELETE FROM contact_codes WHERE uid = ?1 AND type = ?2").bind(ctx.uid, p.type);
  const same = current && current.contact.toLowerCase() === contact && (p.type === "email" || current.phone_country_code === country);

  let change: D1PreparedStatement;
  if (!current) {
    change = ctx.db
      .prepare(
        `INSERT INTO contacts (uid, type, contact, is_subscribed, phone_country_code, created_at)
         VALUES (?1, ?2, ?3, (SELECT notify FROM users WHERE uid = ?1), ?4, ?5)`,
      )
      .bind(ctx.uid, p.type, contact, country, now);
  } else if (same) {
    // The contact the player has: a change waiting for its code is called off.
    const pending = await ctx.db.prepare("SELECT 1 FROM pending_contacts WHERE uid = ?1 AND type = ?2").bind(ctx.uid, p.type).first();
    if (pending) await ctx.db.batch([dropPending, dropCode]);
    return 1 as const;
  } else if (current.is_confirmed !== 1) {
    change = ctx.db.prepare("UPDATE contacts SET contact = ?2, phone_country_code = ?3, is_confirmed = 0 WHERE id = ?1").bind(current.id, contact, country);
  } else {
    change = ctx.db
      .prepare(
        `INSERT INTO pending_contacts (uid, type, contact, phone_country_code, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (uid, type) DO UPDATE SET contact = excluded.contact, phone_country_code = excluded.phone_country_code,
           created_at = excluded.created_at`,
      )
      .bind(ctx.uid, p.type, contact, country, now);
  }
  const statements = current?.is_confirmed === 1 ? [dropCode, change] : [dropPending, dropCode, change];
  try {
    await ctx.db.batch(statements);
  } catch (e) {
    // Another account took it between our check and our write.
    if (e instanceof Error && /UNIQUE/i.test(e.message)) throw invalid({ contact: ["Already registered"] });
    throw e;
  }
  return 1 as const;
};

export const changeSubscription: Handler<"account.changeSubscription"> = async ({ contact, subscription }, ctx) => {
  const target = await findPlayerContact(ctx, ctx.uid, contact);
  if (!target || target.pending) throw invalid({ contact: ["This is not one of your contacts"] });
  const on = subscription === "1";
  await ctx.db.batch([
    ctx.db.prepare("UPDATE contacts SET is_subscribed = ?3 WHERE uid = ?1 AND id = ?2").bind(ctx.uid, target.id, on ? 1 : 0),
    // Subscribing again overrides an earlier unsubscribe link.
    ...(on ? [ctx.db.prepare("DELETE FROM unsubscribes WHERE contact = ?1").bind(target.contact.toLowerCase())] : []),
    notifyFollowsContacts(ctx.db, "uid = ?1").bind(ctx.uid),
  ]);
  return 1 as const;
};

/**
 * The account's `is_subscribed` (users.notify) after a contact's subscription changed: subscribed
 * while any of its contacts is. `where` picks the accounts (bound by the caller).
 */
export function notifyFollowsContacts(db: D1Database, where: string): D1PreparedStatement {
  return db.prepare(`UPDATE users SET notify = EXISTS (SELECT 1 FROM contacts c WHERE c.uid = users.uid AND c.is_subscribed = 1) WHERE ${where}`);
}

export const getPersonalDataFields: Handler<"account.getPersonalDataFields"> = async ({ country_code }, ctx) => {
  const [settings, site] = await Promise.all([loadPersonalData(ctx), readGeneralInfo<Pick<GeneralInfo, "available_currencies" | "default_currency">>(ctx)]);
  const country = findCountry(settings, country_code ?? settings.default_country);
  if (!country) throw invalid({ country_code: ["Unknown country"] });
  return personalDataFor(settings, country, ctx.locale, site);
};

/** Contacts, personal-data fields, phone settings. */
export const contactHandlers: Handlers<
  | "account.getPersonalDataFields"
  | "account.getContactPhoneSettings"
  | "account.addcontact"
  | "account.sendconfirmationtocontact"
  | "account.confirmContact"
  | "account.changeSubscription"
> = {
  "account.getPersonalDataFields": getPersonalDataFields,

  async "account.getContactPhoneSettings"(_p, ctx) {
    const settings = await loadPersonalData(ctx);
    return { default_country: settings.default_country, items: phoneCountries(settings, ctx.locale) };
  },

  "account.addcontact": addContact,
  "account.sendconfirmationtocontact": ({ contact }, ctx) => sendContactConfirmation(ctx, ctx.uid, contact),

  async "account.confirmContact"({ contact, code }, ctx) {
    await confirmContactCode(ctx, ctx.uid, contact, code);
    return 1 as const;
  },

  "account.changeSubscription": changeSubscription,
};

import { PlatformError } from "../../../core/api/errors";
import { sha256Hex, timingSafeEqual } from "../core/bytes";
import type { PlatformContext } from "../core/context";
import { messageDelivery } from "../providers/messaging-registry";
import { composeNotice, UNSUBSCRIBE_PURPOSE, unsubscribeFooter } from "./notices";
import { sign } from "../core/signing";
import { siteUrl } from "../core/site-url";
import { loadPersonalData, type PersonalDataSettings } from "./personal-data";

/**
 * Confirmation codes of contacts: 6 digits from the crypto RNG, valid 15 minutes, one per player
 * and contact type (a new one replaces the old), resent no sooner than 60 s, void after 5 tries.
 * Only a keyed SHA-256 of the code is stored; the code travels in the message only.
 */
export const CODE_TTL_MS = 15 * 60_000;
export const RESEND_AFTER_MS = 60_000;
export const MAX_CODE_TRIES = 5;

type Fields = Record<string, string[]>;
export const invalid = (fields: Fields) => new PlatformError("InvalidParameter", `Invalid parameters: ${Object.keys(fields).join(", ")}`, { fields });

/** A contact of the player that a code can confirm: a current one, or one waiting to replace a confirmed one. */
export interface PlayerContact {
  id: number | null;
  type: "email" | "phone";
  contact: string;
  phone_country_code: string | null;
  is_confirmed: boolean;
  /** Waiting in pending_contacts to replace the confirmed contact of its type. */
  pending: boolean;
}

export function phoneCodeOf(settings: PersonalDataSettings, country: string | null): string {
  return settings.countries.find((c) => c.code === country)?.phone_code ?? "";
}

/**
 * The player's contact the caller names: an email (any case), or a phone as its national digits
 * or with its phone code ("+1 (555) 123-4567"). A waiting replacement is found before a current one.
 */
export async function findPlayerContact(ctx: PlatformContext, uid: number, named: string): Promise<PlayerContact | null> {
  const [{ results: current }, { results: pending }, settings] = await Promise.all([
    ctx.db
      .prepare("SELECT id, type, contact, phone_country_code, is_confirmed FROM contacts WHERE uid = ?1 ORDER BY id")
      .bind(uid)
      .all<{ id: number; type: "email" | "phone"; contact: string; phone_country_code: string | null; is_confirmed: number }>(),
    ctx.db
      .prepare("SELECT type, contact, phone_country_code FROM pending_contacts WHERE uid = ?1")
      .bind(uid)
      .all<{ type: "email" | "phone"; contact: string; phone_country_code: string | null }>(),
    loadPersonalData(ctx),
  ]);
  const all: PlayerContact[] = [
    ...pending.map((p) => ({ id: null, ...p, is_confirmed: false, pending: true })),
    ...current.map((c) => ({ ...c, is_confirmed: c.is_confirmed === 1, pending: false })),
  ];
  const text = named.trim();
  if (text.includes("@")) return all.find((c) => c.type === "email" && c.contact.toLowerCase() === text.toLowerCase()) ?? null;
  const digits = text.replace(/\D+/g, "");
  if (!digits) return null;
  return (
    all.find((c) => c.type === "phone" && c.contact === digits) ??
    all.find((c) => c.type === "phone" && phoneCodeOf(settings, c.phone_country_code) + c.contact === digits) ??
    null
  );
}

/**
 * Sends a notice to one of the player's contacts. An email also carries the unsubscribe footer
 * and its link (for a provider's List-Unsubscribe header too): every mail the platform sends lets
 * its reader stop news and offers without signing in (issue 41).
 */
export async function mailContact(
  ctx: PlatformContext,
  c: Pick<PlayerContact, "type" | "contact" | "phone_country_code">,
  notice: { subject: string; text: string; link?: string },
): Promise<void> {
  const address = await addressOf(ctx, c);
  if (address.channel !== "email") return messageDelivery(ctx.env).send(ctx.env, { ...address, ...notice });
  const unsubscribe = await unsubscribeUrl(ctx, address.to);
  const footer = await unsubscribeFooter(ctx.db, ctx.locale, { contact: address.to, link: unsubscribe });
  await messageDelivery(ctx.env).send(ctx.env, { ...address, ...notice, text: `${notice.text}\n\n${footer}`, unsubscribe });
}

/** The signed `/unsubscribe` link of an email address, on the site in the request's locale. */
export async function unsubscribeUrl(ctx: PlatformContext, email: string): Promise<string> {
  const contact = email.trim().toLowerCase();
  const token = await sign(ctx.env.SIGNING_SECRET, UNSUBSCRIBE_PURPOSE, contact);
  return siteUrl(ctx, `/unsubscribe?${new URLSearchParams({ contact, token })}`);
}

/** Where a message to this contact goes: the email, or the phone in international digits. */
export async function addressOf(ctx: PlatformContext, c: Pick<PlayerContact, "type" | "contact" | "phone_country_code">) {
  if (c.type === "email") return { channel: "email" as const, to: c.contact };
  return { channel: "sms" as const, to: phoneCodeOf(await loadPersonalData(ctx), c.phone_country_code) + c.contact };
}

/** Six digits, uniform: rejection sampling over 32-bit random numbers. */
function sixDigitCode(): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return String(buf[0]! % 1_000_000).padStart(6, "0");
  }
}

/** Keyed with the site secret and the contact: a leaked table row is no lookup table of codes. */
const codeHash = (ctx: PlatformContext, uid: number, contact: string, code: string) =>
  sha256Hex(`${ctx.env.SIGNING_SECRET}\u0000contact-code\u0000${uid}\u0000${contact.toLowerCase()}\u0000${code}`);

interface CodeRow {
  contact: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  failures: number;
}

const codeRow = (ctx: PlatformContext, uid: number, type: string) =>
  ctx.db
    .prepare("SELECT contact, code_hash, created_at, expires_at, failures FROM contact_codes WHERE uid = ?1 AND type = ?2")
    .bind(uid, type)
    .first<CodeRow>();

/**
 * Sends a new confirmation code to one of the player's contacts (registration sends the email's
 * this way too). 400 on `contact` when it is not the player's or is confirmed already; 429 with
 * params.resend_time (seconds) within 60 s of the last code of that contact type.
 */
export async function sendContactConfirmation(ctx: PlatformContext, uid: number, contact: string): Promise<{ resend_time: number }> {
  const target = await findPlayerContact(ctx, uid, contact);
  if (!target) throw invalid({ contact: ["This is not one of your contacts"] });
  if (target.is_confirmed) throw invalid({ contact: ["This contact is already confirmed"] });
  const now = Date.now();
  const last = await codeRow(ctx, uid, target.type);
  if (last && now - last.created_at < RESEND_AFTER_MS) {
    const wait = Math.max(1, Math.ceil((last.created_at + RESEND_AFTER_MS - now) / 1000));
    throw new PlatformError("TooManyRequests", `Resend time is ${wait}`, { params: { resend_time: wait } });
  }
  const code = sixDigitCode();
  await ctx.db
    .prepare(
      `INSERT INTO contact_codes (uid, type, contact, code_hash, created_at, expires_at, failures)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0)
       ON CONFLICT (uid, type) DO UPDATE SET contact = excluded.contact, code_hash = excluded.code_hash,
         created_at = excluded.created_at, expires_at = excluded.expires_at, failures = 0`,
    )
    .bind(uid, target.type, target.contact, await codeHash(ctx, uid, target.contact, code), now, now + CODE_TTL_MS)
    .run();
  const { subject, text } = await composeNotice(ctx.db, ctx.locale, "confirmCode", { code, minutes: CODE_TTL_MS / 60_000 });
  await mailContact(ctx, target, { subject, text });
  return { resend_time: RESEND_AFTER_MS / 1000 };
}

const codeError = (message: string) => invalid({ code: [message] });

/**
 * Checks a code and confirms the contact: a current one is marked confirmed; a waiting one takes
 * the place of the confirmed contact of its type. Each try is counted before the code is compared,
 * so parallel guesses cannot exceed the 5 tries.
 */
export async function confirmContactCode(ctx: PlatformContext, uid: number, contact: string, code: string): Promise<void> {
  const target = await findPlayerContact(ctx, uid, contact);
  if (!target) throw invalid({ contact: ["This is not one of your contacts"] });
  if (target.is_confirmed) throw invalid({ contact: ["This contact is already confirmed"] });
  const now = Date.now();
  const row = await codeRow(ctx, uid, target.type);
  if (!row || row.contact.toLowerCase() !== target.contact.toLowerCase()) throw codeError("Request a code first");
  if (row.failures >= MAX_CODE_TRIES) throw codeError("Too many attempts: request a new code");
  if (now >= row.expires_at) throw codeError("Time expired");
  const counted = await ctx.db
    .prepare("UPDATE contact_codes SET failures = failures + 1 WHERE uid = ?1 AND type = ?2 AND code_hash = ?3 AND failures < ?4 RETURNING failures")
    .bind(uid, target.type, row.code_hash, MAX_CODE_TRIES)
    .first<{ failures: number }>();
  if (!counted) throw codeError("Too many attempts: request a new code");
  const enc = new TextEncoder();
  const given = await codeHash(ctx, uid, target.contact, code);
  if (!timingSafeEqual(enc.encode(given), enc.encode(row.code_hash))) throw codeError("Wrong code");

  const dropCode = ctx.db.prepare("DELETE FROM contact_codes WHERE uid = ?1 AND type = ?2").bind(uid, target.type);
  if (!target.pending) {
    await ctx.db.batch([ctx.db.prepare("UPDATE contacts SET is_confirmed = 1 WHERE uid = ?1 AND id = ?2").bind(uid, target.id), dropCode]);
    return;
  }
  const dropPending = ctx.db.prepare("DELETE FROM pending_contacts WHERE uid = ?1 AND type = ?2").bind(uid, target.type);
  try {
    await ctx.db.batch([
      ctx.db
        .prepare("UPDATE contacts SET contact = ?3, phone_country_code = ?4, is_confirmed = 1 WHERE uid = ?1 AND type = ?2")
        .bind(uid, target.type, target.contact, target.phone_country_code),
      dropPending,
      dropCode,
    ]);
  } catch (e) {
    // Someone registered with it while it waited for its code.
    if (e instanceof Error && /UNIQUE/i.test(e.message)) {
      await ctx.db.batch([dropPending, dropCode]);
      throw invalid({ contact: ["Already registered"] });
    }
    throw e;
  }
}

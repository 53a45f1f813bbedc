import { randomHex } from "../core/bytes";

/**
 * Players and the provider identities linked to them (social_identities), shared by OAuth
 * sign-in and messenger sign-in. An identity belongs to one player; an email never links an
 * identity to an existing account by itself (that would hand the account to whoever controls
 * the provider account with that email).
 */

export interface LinkedAccount {
  uid: number;
  is_banned: number;
  two_factor_enabled: number;
  /** Who the account says it is, as a national self-exclusion register matches it (decision 0092). */
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  country_code: string | null;
}

export async function linkedAccount(db: D1Database, service: string, subject: string): Promise<LinkedAccount | null> {
  return db
    .prepare(
      `SELECT u.uid, u.is_banned, u.two_factor_enabled, u.first_name, u.last_name, u.birth_date, u.country_code FROM social_identities s JOIN users u ON u.uid = s.uid
       WHERE s.service = ?1 AND s.subject = ?2`,
    )
    .bind(service, subject)
    .first<LinkedAccount>();
}

/** Links the identity to this player: 'linked', 'already' (theirs before), or 'elsewhere' (another player's). */
export async function linkIdentity(db: D1Database, service: string, subject: string, uid: number): Promise<"linked" | "already" | "elsewhere"> {
  const r = await db
    .prepare("INSERT INTO social_identities (service, subject, uid, created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING")
    .bind(service, subject, uid, Date.now())
    .run();
  if (r.meta.changes === 1) return "linked";
  const owner = await linkedAccount(db, service, subject);
  return owner?.uid === uid ? "already" : "elsewhere";
}

/** Whether some account holds this email, as its login or as a contact. */
export async function emailTaken(db: D1Database, email: string): Promise<boolean> {
  const row = await db
    .prepare("SELECT EXISTS (SELECT 1 FROM users WHERE login = ?1) OR EXISTS (SELECT 1 FROM contacts WHERE contact = ?1) AS hit")
    .bind(email)
    .first<{ hit: number }>();
  return row?.hit === 1;
}

/** A fake name taken from a provider's username: kept when it fits the rules (SPEC §5) and is free. */
export async function freeFakename(db: D1Database, username: string): Promise<string> {
  const name = username.replace(/_/g, "");
  if (!/^[\p{L}\p{N}]{4,20}$/u.test(name)) return "";
  const clash = await db.prepare("SELECT 1 FROM users WHERE fakename = ?1 COLLATE NOCASE").bind(name).first();
  return clash ? "" : name;
}

export interface NewSocialAccount {
  service: string;
  subject: string;
  /** The wished login; a taken one gets a random suffix. */
  login: string;
  email: string;
  emailConfirmed: boolean;
  locale: string;
  currency: string;
  fakename: string;
  /** 0 for OAuth accounts, which the social registration popup completes; 1 for messenger ones. */
  registrationCompleted: boolean;
}

export const isUniqueViolation = (e: unknown) => e instanceof Error && /UNIQUE/i.test(e.message);

/**
 * Creates a password-less player with its email contact and the linked identity, in one batch
 * (all or nothing). Throws a UNIQUE violation when the identity got linked meanwhile.
 */
export async function createSocialAccount(db: D1Database, a: NewSocialAccount): Promise<number> {
  let login = a.login;
  if (await db.prepare("SELECT 1 FROM users WHERE login = ?1").bind(login).first()) login = `${a.login}_${randomHex(3)}`;
  const now = Date.now();
  const uidOf = "(SELECT uid FROM users WHERE login = ?1)";
  const statements = [
    db
      .prepare(
        `INSERT INTO users (login, password_hash, password_changed_at, created_at, locale, currency, fakename, is_registration_completed)
         VALUES (?1, NULL, ?2, ?2, ?3, ?4, ?5, ?6)`,
      )
      .bind(login, now, a.locale, a.currency, a.fakename, a.registrationCompleted ? 1 : 0),
    db.prepare(`INSERT INTO social_identities (service, subject, uid, created_at) VALUES (?2, ?3, ${uidOf}, ?4)`).bind(login, a.service, a.subject, now),
  ];
  if (a.email) {
    statements.push(
      db
        .prepare(`INSERT INTO contacts (uid, type, contact, is_confirmed, created_at) VALUES (${uidOf}, 'email', ?2, ?3, ?4)`)
        .bind(login, a.email, a.emailConfirmed ? 1 : 0, now),
    );
  }
  await db.batch(statements);
  const row = await db.prepare("SELECT uid FROM users WHERE login = ?1").bind(login).first<{ uid: number }>();
  return row!.uid;
}

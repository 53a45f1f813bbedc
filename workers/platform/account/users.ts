/** Reading players and their contacts from D1. */
import { type AlongsideSession, sessionUid } from "../auth/sessions";
import { keepRead } from "../core/render-reads";
import { phoneCandidates, type PhoneCode } from "../../../core/validation/phone";
import type { RenderScope } from "../core/render-scope";

export interface UserRow {
  uid: number;
  login: string;
  password_hash: string | null;
  password_changed_at: number;
  created_at: number;
  locale: string;
  currency: string;
  country_code: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  fakename: string;
  sex: number;
  birth_date: string | null;
  region: string;
  home_town: string;
  address: string;
  postcode: string;
  document_type: string;
  document_number: string;
  cpf: string;
  is_registration_completed: number;
  is_verified: number;
  is_on_verification: number;
  is_kyc_block_enabled: number;
  is_verification_blocked: number;
  is_banned: number;
  is_betting: number;
  notify: number;
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  two_factor_enabled: number;
  two_factor_enabled_at: number | null;
}

export interface ContactRow {
  type: "email" | "phone";
  contact: string;
  is_confirmed: number;
  is_subscribed: number;
  phone_country_code: string | null;
}

const USER_SQL = "SELECT * FROM users WHERE uid = ?1";
const CONTACTS_SQL = "SELECT type, contact, is_confirmed, is_subscribed, phone_country_code FROM contacts WHERE uid = ?1 ORDER BY type, id";
const PENDING_CONTACTS_SQL =
  "SELECT type, contact, 0 AS is_confirmed, 0 AS is_subscribed, phone_country_code FROM pending_contacts WHERE uid = ?1 ORDER BY type";
/**
 * CONTACTS_SQL and PENDING_CONTACTS_SQL as one statement (`pending` tells them apart), naming the
 * player by a session's id_hash (?1): the session's round trip brings both without one more
 * statement on every signed-in page (issue 39's bar counts statements).
 */
const ALL_CONTACTS_BY_SESSION = `SELECT 0 AS pending, id, type, contact, is_confirmed, is_subscribed, phone_country_code FROM contacts WHERE uid = ${sessionUid("?1")}
  UNION ALL SELECT 1, 0, type, contact, 0, 0, phone_country_code FROM pending_contacts WHERE uid = ${sessionUid("?1")}
  ORDER BY pending, type, id`;
const USER_BY_SESSION = USER_SQL.replace("?1", sessionUid("?1"));

export async function loadUser(db: D1Database, uid: number): Promise<UserRow | null> {
  return db.prepare(USER_SQL).bind(uid).first<UserRow>();
}

/**
 * The player's row and contacts (what account.getInfo reads) read with a render's session lookup,
 * by the session's id_hash, and kept as the render's answers to loadUser and loadContacts; their
 * contact changes waiting for a code too (a profile page's, loadPendingContacts: in a round trip
 * every signed-in page makes they cost next to nothing, in a round trip of their own ~0.5 ms of
 * the render's CPU).
 */
export function accountAlongside(scope: RenderScope): AlongsideSession {
  return {
    statements: (db, idHash) => [db.prepare(USER_BY_SESSION).bind(idHash), db.prepare(ALL_CONTACTS_BY_SESSION).bind(idHash)],
    take: (uid, [user, all]) => {
      keepRead(scope, USER_SQL, [uid], user!);
      type Row = ContactRow & { pending: number; id: number };
      const rows = all!.results as Row[];
      const part = (pending: number): D1Result => ({ ...all!, results: rows.filter((r) => r.pending === pending).map(({ pending: _, id: __, ...c }) => c) });
      keepRead(scope, CONTACTS_SQL, [uid], part(0));
      keepRead(scope, PENDING_CONTACTS_SQL, [uid], part(1));
    },
  };
}

/**
 * The player a sign-in names: by login, else by an email or phone contact (case-insensitive), else
 * by a phone typed with its country's code or its punctuation (`phoneCandidates`).
 */
export async function findUserForLogin(db: D1Database, login: string, codes: readonly PhoneCode[] = []): Promise<UserRow | null> {
  const name = login.trim().replace(/^\+/, "");
  const phones = phoneCandidates(login, codes);
  const binds: unknown[] = [name];
  const byPhone = phones.map(({ national, country }) => {
    binds.push(national);
    if (country === null) return `SELECT u.*, 2 AS pick FROM contacts c JOIN users u ON u.uid = c.uid WHERE c.type = 'phone' AND c.contact = ?${binds.length}`;
    binds.push(country);
    return `SELECT u.*, 2 AS pick FROM contacts c JOIN users u ON u.uid = c.uid WHERE c.type = 'phone' AND c.contact = ?${binds.length - 1} AND c.phone_country_code = ?${binds.length}`;
  });
  return db
    .prepare(
      `SELECT * FROM (
         SELECT u.*, 0 AS pick FROM users u WHERE u.login = ?1
         UNION ALL
         SELECT u.*, 1 AS pick FROM contacts c JOIN users u ON u.uid = c.uid WHERE c.contact = ?1
         ${byPhone.map((q) => `UNION ALL ${q}`).join("\n         ")}
       ) ORDER BY pick LIMIT 1`,
    )
    .bind(...binds)
    .first<UserRow>();
}

export async function loadContacts(db: D1Database, uid: number): Promise<ContactRow[]> {
  const { results } = await db.prepare(CONTACTS_SQL).bind(uid).all<ContactRow>();
  return results;
}

/** Contact changes waiting for their code: a new value for a confirmed contact (account.addcontact). */
export async function loadPendingContacts(db: D1Database, uid: number): Promise<ContactRow[]> {
  const { results } = await db.prepare(PENDING_CONTACTS_SQL).bind(uid).all<ContactRow>();
  return results;
}

export function contactView(c: ContactRow) {
  return {
    type: c.type,
    contact: c.contact,
    is_confirmed: c.is_confirmed === 1,
    is_subscribed: c.is_subscribed === 1,
    ...(c.type === "phone" ? { phone_country_code: c.phone_country_code ?? "" } : {}),
  };
}

import { randomBytes, sha256Hex } from "../core/bytes";

/**
 * Two-factor backup codes (decision 0038): ten one-use codes of ten digits, shown to the player
 * once, kept only as SHA-256 of uid and code. Ten digits (shown as two groups of five) are typed on
 * the same numeric keyboard as an authenticator's six, and are told apart from them by length.
 * A guess has ten chances in 10^10, and wrong ones count against the account's sign-in throttle.
 */
export const BACKUP_CODE_COUNT = 10;
const DIGITS = 10;
/** The first set may be made without a second code this long after two-factor was turned on. */
export const FIRST_SET_WINDOW_MS = 15 * 60_000;

const BACKUP_CODE = /^(\d{5})[-\s]?(\d{5})$/;

/** The code's ten digits when it has a backup code's shape (with or without the dash), else null. */
export function backupCodeDigits(code: string): string | null {
  const m = BACKUP_CODE.exec(code.trim());
  return m ? m[1]! + m[2]! : null;
}

/** Ten random digits, uniformly (rejection sampling of bytes below 250). */
function randomDigits(n: number): string {
  let out = "";
  while (out.length < n) {
    for (const b of randomBytes(n * 2)) {
      if (b < 250 && out.length < n) out += String(b % 10);
    }
  }
  return out;
}

const hashOf = (uid: number, digits: string) => sha256Hex(`${uid}:${digits}`);

/** A new set for the player, replacing any earlier one; answers the codes as shown (12345-67890). */
export async function replaceBackupCodes(db: D1Database, uid: number, now = Date.now()): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) codes.add(randomDigits(DIGITS));
  const list = [...codes];
  const insert = db.prepare("INSERT INTO two_factor_backup_codes (uid, code_hash, created_at) VALUES (?1, ?2, ?3)");
  await db.batch([
    db.prepare("DELETE FROM two_factor_backup_codes WHERE uid = ?1").bind(uid),
    ...(await Promise.all(list.map(async (c) => insert.bind(uid, await hashOf(uid, c), now)))),
  ]);
  return list.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

/** Uses one of the player's codes: true once per code, false for an unknown or used one. */
export async function consumeBackupCode(db: D1Database, uid: number, digits: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .prepare("UPDATE two_factor_backup_codes SET used_at = ?3 WHERE uid = ?1 AND code_hash = ?2 AND used_at IS NULL")
    .bind(uid, await hashOf(uid, digits), now)
    .run();
  return result.meta.changes === 1;
}

export async function deleteBackupCodes(db: D1Database, uid: number): Promise<void> {
  await db.prepare("DELETE FROM two_factor_backup_codes WHERE uid = ?1").bind(uid).run();
}

/** How many codes the player has left, of how many, and when the set was made (null: none). */
export async function backupCodeCounts(db: D1Database, uid: number): Promise<{ left: number; total: number; created_at: number | null }> {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS total, COALESCE(SUM(used_at IS NULL), 0) AS left, MAX(created_at) AS created_at
       FROM two_factor_backup_codes WHERE uid = ?1`,
    )
    .bind(uid)
    .first<{ total: number; left: number; created_at: number | null }>();
  return { left: row?.left ?? 0, total: row?.total ?? 0, created_at: row?.created_at ?? null };
}

import { INBOX_GRACE_MS } from "../player/inbox";

/**
 * A promo code's use, reserved in D1 (decision 0075's promo split). `promo_redemptions` counts the
 * uses across players, so it stays in D1: its INSERT counts the code's redemptions in the same
 * statement (the total limit holds under concurrency) and its key (code, uid) makes it once per
 * player. What the code grants is the player's (bonuses, packs): the same D1 batch owes it to the
 * player's tables as a `grants.promo` inbox row (player/inbox.ts), written only when this batch
 * made the reservation, and delivered right after (`deliverInbox(env, key)`) or by the minute
 * cron if the Worker died between: a reserved use always gets its grant
 * (player/inbox-receivers.ts, bonuses/grants.ts promoCodeGrants).
 */

/** The inbox key of a reservation's grant: once per player and code (`who`: the uid, or a new account's login). */
export const promoInboxKey = (code: string, who: { uid: number } | { login: string }): string =>
  "uid" in who ? `promo:${code}:uid:${who.uid}` : `promo:${code}:login:${who.login}`;

/**
 * The D1 batch reserving player `who`'s use of `code` (as promo_codes spells it) and owing its
 * grant. The first statement's changes say whether the use was reserved (0: the code's window
 * closed, its last use was taken, or this player has used it, since it was checked). With a
 * deposit (its id, amount and currency, read from the player's tables), its amount must reach the
 * code's bonus template's minimum in that currency; the grant then waits for the deposit's success.
 * Binds: ?1 the player (login or uid), ?2 the time, ?3 the code, ?4 the deposit or NULL; then the
 * reservation's ?5 and ?6 the deposit's amount and currency, the debt's ?5 its inbox key.
 */
export function promoCodeReservation(
  db: D1Database,
  who: { login: string } | { uid: number },
  code: string,
  now = Date.now(),
  deposit: { id: string; amount: number; currency: string } | null = null,
): D1PreparedStatement[] {
  const uid = "login" in who ? "(SELECT uid FROM users WHERE login = ?1)" : "?1";
  const binds = ["login" in who ? who.login : who.uid, now, code, deposit?.id ?? null];
  return [
    db
      .prepare(
        `INSERT INTO promo_redemptions (code, uid, deposit_id, created_at)
         SELECT c.code, ${uid}, ?4, ?2 FROM promo_codes c
         WHERE c.code = ?3 AND c.is_enabled = 1 AND ?2 >= c.starts_at AND (c.ends_at IS NULL OR ?2 < c.ends_at)
           AND (c.max_uses IS NULL OR (SELECT COUNT(*) FROM promo_redemptions p WHERE p.code = c.code) < c.max_uses)
           AND (?4 IS NULL OR ?5 >= COALESCE((SELECT a.min_deposit FROM bonus_template_amounts a
             WHERE a.template_id = c.bonus_template_id AND a.currency = ?6), 0))
         ON CONFLICT (code, uid) DO NOTHING`,
      )
      .bind(...binds, deposit?.amount ?? null, deposit?.currency ?? null),
    // The grant owed, only for a reservation this batch wrote; its body is the code's grants as D1 has them now.
    db
      .prepare(
        `INSERT INTO player_inbox (uid, key, kind, body, created_at, next_at)
         SELECT r.uid, ?5, 'grants.promo', json_object('code', c.code, 'now', CAST(?2 AS INTEGER), 'deposit_id', ?4,
             'bonus_template_id', c.bonus_template_id, 'freespin_template_id', c.freespin_template_id), ?2, ?2 + ${INBOX_GRACE_MS}
         FROM promo_redemptions r JOIN promo_codes c ON c.code = r.code
         WHERE r.uid = ${uid} AND r.code = ?3 AND r.created_at = ?2 AND r.deposit_id IS ?4
         ON CONFLICT (key) DO NOTHING`,
      )
      .bind(...binds, promoInboxKey(code, who)),
  ];
}

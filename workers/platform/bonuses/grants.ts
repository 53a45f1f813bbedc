import type { JurisdictionId } from "../../../core/jurisdictions";
import type { MoneyDeps } from "../wallet/move-money";
import { guardAfter } from "../wallet/operation";
import { firstOccasionSql, type GrantMarket, requiredSql } from "./market";
import { publishBonusChange } from "./notify";

/**
 * Granting bonuses (decision 0039): the only place player bonuses are created. A grant is a
 * statement the trigger's own batch runs — the deposit settlement's, a reward's — so a bonus
 * exists exactly when what earned it does; a registration's are owed by the account's batch and
 * delivered to the player's tables right after it (player/inbox.ts, decision 0075). Each grant is
 * once per (player, grant_key).
 * Granted bonuses are `available`: nothing moves until the player activates one.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The bonus value in SQL: the fixed amount, or the percentage of the deposit (`dep`) capped. */
const VALUE = (dep: string) => `CASE WHEN t.percent IS NULL THEN a.amount ELSE MIN(${dep} * t.percent / 100, COALESCE(a.cap, ${dep} * t.percent / 100)) END`;

/**
 * What has to be wagered: multiplier × the bonus (or deposit + bonus), held to the market's cap of
 * the player `u` (market.ts). Every grant joins the player's mirrored `users` row as `u`.
 */
const REQUIRED = (m: GrantMarket, dep: string) => requiredSql("u.country_code", m.site, dep, VALUE(dep));

/** The first-occasion rule of the player's market (market.ts), for a grant with deposit `depositId` (SQL; NULL without one). */
const FIRST = (m: GrantMarket, depositId: string) => firstOccasionSql("u.country_code", m.site, "u.uid", depositId);

const COLUMNS = `id, uid, template_id, type, status, currency, amount, deposit_amount, deposit_id, wager_required,
  max_bet, max_cashout, grant_key, created_at, available_until`;

/** The `granted` event of every bonus a grant statement just made (same batch, by grant key prefix). */
function grantedEvents(db: D1Database, uid: string, keyLike: string, now: number, binds: unknown[]): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO bonus_events (bonus_id, uid, event, amount, created_at)
       SELECT b.id, b.uid, 'granted', b.amount, b.created_at FROM player_bonuses b
       WHERE b.uid = ${uid} AND b.grant_key LIKE ${keyLike} AND b.created_at = ?${binds.length + 1}
         AND NOT EXISTS (SELECT 1 FROM bonus_events e WHERE e.bonus_id = b.id AND e.event = 'granted')`,
    )
    .bind(...binds, now);
}

/**
 * The registration bonuses of player `uid` — every enabled registration template with an amount in
 * the player's currency. Delivered to the player's tables after the account's own batch
 * (player/inbox-receivers.ts), so they join the player's mirrored `users` row only. Where the
 * market keeps an incentive to one product (`m.product`), a welcome is of the player's product only.
 */
export function registrationGrants(db: D1Database, uid: number, m: GrantMarket, now = Date.now()): D1PreparedStatement[] {
  if (m.barred) return [];
  return [
    db
      .prepare(
        `INSERT INTO player_bonuses (${COLUMNS})
         SELECT lower(hex(randomblob(16))), u.uid, t.id, t.type, 'available', u.currency, ${VALUE("0")}, 0, NULL,
           ${REQUIRED(m, "0")}, a.max_bet, a.max_cashout, 'registration:' || t.sysname, ?2, ?2 + t.activation_days * ${DAY_MS}
         FROM users u JOIN bonus_templates t ON t.trigger = 'registration' AND t.is_enabled = 1
           JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = u.currency
         WHERE u.uid = ?1 AND a.amount IS NOT NULL${m.product ? ` AND t.type = '${m.product}'` : ""}
         ON CONFLICT (uid, grant_key) DO NOTHING`,
      )
      .bind(uid, now),
    grantedEvents(db, "?1", "'registration:%'", now, [uid]),
  ];
}

/**
 * The deposit bonuses of a deposit, run in the batch that settles it, after the statement that
 * moves it to `success`: they apply only if it is `success` by then (the credit's own condition,
 * decision 0022), for the templates whose deposit number (this is the player's nth successful
 * deposit) and amount range fit. A repeated settlement grants nothing twice.
 */
export function depositGrants(db: D1Database, transactionId: string, m: GrantMarket, now = Date.now()): D1PreparedStatement[] {
  if (m.barred) return [];
  const n = `(SELECT COUNT(*) FROM cashier_transactions d WHERE d.uid = x.uid AND d.type = 'deposit' AND d.status = 'success')`;
  return [
    db
      .prepare(
        `INSERT INTO player_bonuses (${COLUMNS})
         SELECT lower(hex(randomblob(16))), x.uid, t.id, t.type, 'available', x.currency, ${VALUE("x.amount")}, x.amount, x.id,
           ${REQUIRED(m, "x.amount")}, a.max_bet, a.max_cashout, 'deposit:' || x.id || ':' || t.sysname, ?2, ?2 + t.activation_days * ${DAY_MS}
         FROM cashier_transactions x JOIN users u ON u.uid = x.uid JOIN bonus_templates t ON t.trigger = 'deposit' AND t.is_enabled = 1
           JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = x.currency
         WHERE x.id = ?1 AND x.type = 'deposit' AND x.status = 'success'
           AND x.amount >= a.min_deposit AND (a.max_deposit IS NULL OR x.amount <= a.max_deposit)
           AND ${n} >= t.deposit_from AND (t.deposit_to IS NULL OR ${n} <= t.deposit_to)
           AND (t.percent IS NOT NULL OR a.amount IS NOT NULL) AND ${VALUE("x.amount")} > 0 AND ${FIRST(m, "x.id")}
         ON CONFLICT (uid, grant_key) DO NOTHING`,
      )
      .bind(transactionId, now),
    grantedEvents(db, "(SELECT uid FROM cashier_transactions WHERE id = ?1)", "'deposit:' || ?1 || ':%'", now, [transactionId]),
  ];
}

/** The realtime bonus event for the bonuses and free-spin packs a deposit just earned (after its batch committed). */
export async function announceGrants(deps: MoneyDeps, transactionId: string): Promise<void> {
  const { results } = await deps.db
    .prepare(
      `SELECT id, uid, type, status FROM player_bonuses WHERE grant_key LIKE 'deposit:' || ?1 || ':%'
       UNION ALL SELECT id, uid, 'freespins', 'active' FROM freespin_packs WHERE grant_key LIKE 'deposit:' || ?1 || ':%'`,
    )
    .bind(transactionId)
    .all<{ id: string; uid: number; type: "casino" | "betting" | "freespins"; status: "available" | "active" }>();
  for (const b of results) publishBonusChange(deps, b.uid, b);
}

/*
 * Free-spin packs (decision 0041): granted beside the bonuses, in the same batches, once per
 * (uid, grant_key). A template grants a pack only in a currency it has a bet for, on a game the
 * studio has. The pack's winnings become a bonus through `packWinningsGrant` when it ends.
 */

const PACK_COLUMNS = `id, uid, template_id, game_id, sysname, currency, bet, count, remaining_count, status, grant_key, created_at, expires_at`;

/** A new pack's values from template `t`, bet row `b` and game `g`, for this player, currency and key (SQL); ?2 is the time. */
const packValues = (uid: string, currency: string, key: string) =>
  `lower(hex(randomblob(16))), ${uid}, t.id, g.id, g.sysname, ${currency}, b.bet, t.count, t.count, 'active', ${key}, ?2, ?2 + t.expiry_days * ${DAY_MS}`;

/** The registration packs of player `uid` (see registrationGrants). */
export function registrationPackGrants(db: D1Database, uid: number, m: GrantMarket, now = Date.now()): D1PreparedStatement[] {
  // Free spins are casino: not part of a sports welcome where the market keeps an incentive to one product.
  if (m.barred || m.product === "betting") return [];
  return [
    db
      .prepare(
        `INSERT INTO freespin_packs (${PACK_COLUMNS})
         SELECT ${packValues("u.uid", "u.currency", "'registration:' || t.sysname")}
         FROM users u JOIN freespin_templates t ON t.trigger = 'registration' AND t.is_enabled = 1
           JOIN freespin_template_bets b ON b.template_id = t.id AND b.currency = u.currency
           JOIN games g ON g.sysname = t.game_sysname AND g.is_sportsbook = 0
         WHERE u.uid = ?1
         ON CONFLICT (uid, grant_key) DO NOTHING`,
      )
      .bind(uid, now),
  ];
}

/** The packs a deposit earns, in the batch that settles it, after its status move (as depositGrants). */
export function depositPackGrants(db: D1Database, transactionId: string, m: GrantMarket, now = Date.now()): D1PreparedStatement[] {
  if (m.barred) return [];
  const n = `(SELECT COUNT(*) FROM cashier_transactions d WHERE d.uid = x.uid AND d.type = 'deposit' AND d.status = 'success')`;
  return [
    db
      .prepare(
        `INSERT INTO freespin_packs (${PACK_COLUMNS})
         SELECT ${packValues("x.uid", "x.currency", "'deposit:' || x.id || ':' || t.sysname")}
         FROM cashier_transactions x JOIN users u ON u.uid = x.uid JOIN freespin_templates t ON t.trigger = 'deposit' AND t.is_enabled = 1
           JOIN freespin_template_bets b ON b.template_id = t.id AND b.currency = x.currency
           JOIN games g ON g.sysname = t.game_sysname AND g.is_sportsbook = 0
         WHERE x.id = ?1 AND x.type = 'deposit' AND x.status = 'success' AND x.amount >= b.min_deposit
           AND ${n} >= t.deposit_from AND (t.deposit_to IS NULL OR ${n} <= t.deposit_to) AND ${FIRST(m, "x.id")}
         ON CONFLICT (uid, grant_key) DO NOTHING`,
      )
      .bind(transactionId, now),
  ];
}

/**
 * A pack's winnings as a casino bonus, once the pack has ended (finished or expired) with
 * something won: `available`, amount = the winnings, wagering = the winnings bonus template's
 * multiplier × the winnings, grant key `freespins:<pack id>`. Runs in the batch that ends the
 * pack (a free round's, or the clock's), after the statement that ends it; a repeat grants nothing.
 */
export function packWinningsGrant(db: D1Database, packId: string, site: JurisdictionId, now = Date.now()): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO player_bonuses (${COLUMNS})
         SELECT lower(hex(randomblob(16))), p.uid, bt.id, 'casino', 'available', p.currency, p.won, 0, NULL,
           ${requiredSql("u.country_code", site, "0", "p.won", "bt")}, a.max_bet, a.max_cashout, 'freespins:' || p.id, ?2, ?2 + bt.activation_days * ${DAY_MS}
         FROM freespin_packs p JOIN users u ON u.uid = p.uid JOIN freespin_templates t ON t.id = p.template_id JOIN bonus_templates bt ON bt.id = t.bonus_template_id
           LEFT JOIN bonus_template_amounts a ON a.template_id = bt.id AND a.currency = p.currency
         WHERE p.id = ?1 AND p.status IN ('finished', 'expired') AND p.won > 0
         ON CONFLICT (uid, grant_key) DO NOTHING`,
      )
      .bind(packId, now),
    grantedEvents(db, "(SELECT uid FROM freespin_packs WHERE id = ?1)", "'freespins:' || ?1", now, [packId]),
  ];
}

/*
 * Campaign offers (decision 0043): taking an offer grants its bonus template and/or free-spin
 * template once per player (grant key offer:<offer id>). The grant reads the player's
 * `player_offers` row that the same batch wrote just before — `taken`, by this deposit when a
 * deposit took it — so the bonus exists exactly when the offer was taken.
 */

/** Bonus and pack of offer ?2 taken by player ?1 with campaigns.takepromotions (a fixed amount; no deposit). */
export function offerTakeGrants(db: D1Database, uid: number, offerId: number, m: GrantMarket, now = Date.now()): D1PreparedStatement[] {
  if (m.barred) return [];
  const taken = `JOIN player_offers po ON po.uid = u.uid AND po.offer_id = o.id AND po.status = 'taken' AND po.transaction_id IS NULL`;
  return [
    db
      .prepare(
        `INSERT INTO player_bonuses (${COLUMNS})
         SELECT lower(hex(randomblob(16))), u.uid, t.id, t.type, 'available', u.currency, ${VALUE("0")}, 0, NULL,
           ${REQUIRED(m, "0")}, a.max_bet, a.max_cashout, 'offer:' || o.id, ?2, ?2 + t.activation_days * ${DAY_MS}
         FROM users u JOIN campaign_offers o ON o.id = ?3 ${taken}
           JOIN bonus_templates t ON t.id = o.bonus_template_id JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = u.currency
         WHERE u.uid = ?1 AND ${VALUE("0")} > 0 AND ${FIRST(m, "NULL")}
         ON CONFLICT (uid, grant_key) DO NOTHING`,
      )
      .bind(uid, now, offerId),
    grantedEvents(db, "?1", "'offer:' || ?2", now, [uid, offerId]),
    db
      .prepare(
        `INSERT INTO freespin_packs (${PACK_COLUMNS})
         SELECT ${packValues("u.uid", "u.currency", "'offer:' || o.id")}
         FROM users u JOIN campaign_offers o ON o.id = ?3 ${taken}
           JOIN freespin_templates t ON t.id = o.freespin_template_id
           JOIN freespin_template_bets b ON b.template_id = t.id AND b.currency = u.currency
           JOIN games g ON g.sysname = t.game_sysname AND g.is_sportsbook = 0
         WHERE u.uid = ?1 AND ${FIRST(m, "NULL")}
         ON CONFLICT (uid, grant_key) DO NOTHING`,
      )
      .bind(uid, now, offerId),
  ];
}

/**
 * The bonus and pack of the offer a deposit named, in the batch that settles it, after the statement
 * that records the offer taken by this deposit: only when the deposit is `success` and its amount
 * fits the template. Once per player and offer, however many deposits named it.
 */
export function offerDepositGrants(db: D1Database, transactionId: string, m: GrantMarket, now = Date.now()): D1PreparedStatement[] {
  if (m.barred) return [];
  const taken = `JOIN users u ON u.uid = x.uid JOIN campaign_offers o ON o.id = x.campaign_offer_id
    JOIN player_offers po ON po.uid = x.uid AND po.offer_id = o.id AND po.status = 'taken' AND po.transaction_id = x.id`;
  return [
    db
      .prepare(
        `INSERT INTO player_bonuses (${COLUMNS})
         SELECT lower(hex(randomblob(16))), x.uid, t.id, t.type, 'available', x.currency, ${VALUE("x.amount")}, x.amount, x.id,
           ${REQUIRED(m, "x.amount")}, a.max_bet, a.max_cashout, 'offer:' || o.id, ?2, ?2 + t.activation_days * ${DAY_MS}
         FROM cashier_transactions x ${taken}
           JOIN bonus_templates t ON t.id = o.bonus_template_id JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = x.currency
         WHERE x.id = ?1 AND x.type = 'deposit' AND x.status = 'success'
           AND x.amount >= a.min_deposit AND (a.max_deposit IS NULL OR x.amount <= a.max_deposit) AND ${VALUE("x.amount")} > 0 AND ${FIRST(m, "x.id")}
         ON CONFLICT (uid, grant_key) DO NOTHING`,
      )
      .bind(transactionId, now),
    grantedEvents(
      db,
      "(SELECT uid FROM cashier_transactions WHERE id = ?1)",
      "'offer:' || (SELECT campaign_offer_id FROM cashier_transactions WHERE id = ?1)",
      now,
      [transactionId],
    ),
    db
      .prepare(
        `INSERT INTO freespin_packs (${PACK_COLUMNS})
         SELECT ${packValues("x.uid", "x.currency", "'offer:' || o.id")}
         FROM cashier_transactions x ${taken}
           JOIN freespin_templates t ON t.id = o.freespin_template_id
           JOIN freespin_template_bets b ON b.template_id = t.id AND b.currency = x.currency
           JOIN games g ON g.sysname = t.game_sysname AND g.is_sportsbook = 0
         WHERE x.id = ?1 AND x.type = 'deposit' AND x.status = 'success' AND x.amount >= b.min_deposit AND ${FIRST(m, "x.id")}
         ON CONFLICT (uid, grant_key) DO NOTHING`,
      )
      .bind(transactionId, now),
  ];
}

/*
 * Promo codes (decision 0044): a code's use is reserved in D1 first (promocodes/redeem.ts: the
 * `promo_redemptions` row, counting the code's uses across players, with the `grants.promo` debt
 * in the same D1 batch), then what it grants is made in the player's own tables (decision 0075's
 * promo split): this statement list, delivered through the player inbox, once per player and
 * code (grant key `promo:<code>`), so a repeated delivery grants nothing twice.
 */

/** What a promo code's reservation owes the player's tables: the body of the inbox's `grants.promo`. */
export interface PromoGrant {
  /** The code as promo_codes spells it. */
  code: string;
  /** When the use was reserved: the grants' time. */
  now: number;
  /** The deposit the code came with (granted only once it is `success`, on its amount), or null. */
  deposit_id: string | null;
  bonus_template_id: number | null;
  freespin_template_id: number | null;
}

/**
 * The bonus (with its `granted` event) and free-spin pack of promo code `g` for player `uid`, on
 * the player's tables: they join only the player's own rows (the mirrored `users` row, the
 * deposit), the replicated templates and the pack's game (a fact the caller brings). A deposit's
 * grant applies only while that deposit is `success`.
 * Binds: ?1 the player, ?2 the time, ?3 the code, ?4 the deposit or NULL, ?5 the template.
 */
export function promoCodeGrants(db: D1Database, uid: number, g: PromoGrant, m: GrantMarket): D1PreparedStatement[] {
  if (m.barred) return [];
  const dep = "COALESCE(x.amount, 0)";
  const deposit = "LEFT JOIN cashier_transactions x ON x.id = ?4 AND x.uid = u.uid AND x.type = 'deposit'";
  const settled = `(?4 IS NULL OR x.status = 'success') AND ${FIRST(m, "?4")}`;
  const statements: D1PreparedStatement[] = [];
  if (g.bonus_template_id !== null) {
    statements.push(
      db
        .prepare(
          `INSERT INTO player_bonuses (${COLUMNS})
           SELECT lower(hex(randomblob(16))), u.uid, t.id, t.type, 'available', u.currency, ${VALUE(dep)}, ${dep}, x.id,
             ${REQUIRED(m, dep)}, a.max_bet, a.max_cashout, 'promo:' || ?3, ?2, ?2 + t.activation_days * ${DAY_MS}
           FROM users u JOIN bonus_templates t ON t.id = ?5 AND t.is_enabled = 1
             JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = u.currency ${deposit}
           WHERE u.uid = ?1 AND ${settled} AND (t.percent IS NOT NULL OR a.amount IS NOT NULL) AND ${VALUE(dep)} > 0
           ON CONFLICT (uid, grant_key) DO NOTHING`,
        )
        .bind(uid, g.now, g.code, g.deposit_id, g.bonus_template_id),
      grantedEvents(db, "?1", "'promo:' || ?3", g.now, [uid, g.now, g.code]),
    );
  }
  if (g.freespin_template_id !== null) {
    statements.push(
      db
        .prepare(
          `INSERT INTO freespin_packs (${PACK_COLUMNS})
           SELECT ${packValues("u.uid", "u.currency", "'promo:' || ?3")}
           FROM users u JOIN freespin_templates t ON t.id = ?5 AND t.is_enabled = 1
             JOIN freespin_template_bets b ON b.template_id = t.id AND b.currency = u.currency
             JOIN games g ON g.sysname = t.game_sysname AND g.is_sportsbook = 0 ${deposit}
           WHERE u.uid = ?1 AND ${settled}
           ON CONFLICT (uid, grant_key) DO NOTHING`,
        )
        .bind(uid, g.now, g.code, g.deposit_id, g.freespin_template_id),
    );
  }
  return statements;
}

/**
 * A reward's grant (workers/platform/rewards/pay.ts): a fixed-amount bonus template (in the
 * player's currency) or a free-spin template, once per player and grant key, applying only under
 * `guard` — the condition that the batch running it wrote the thing paid for (a wheel spin, a shop
 * purchase, a tournament place). A template without an amount or a bet in the player's currency
 * grants nothing. The guard's parameters are its own (?1, ?2…).
 */
export function templateGrant(
  db: D1Database,
  g: {
    uid: number;
    key: string;
    template: { bonus: number } | { freespins: number };
    guard: { sql: string; params: unknown[] };
    now: number;
    market: GrantMarket;
  },
): D1PreparedStatement[] {
  const m = g.market;
  if (m.barred) return [];
  // ?1 the player, ?2 the time, ?3 the grant key, ?4 the template; the guard's after them.
  const guard = guardAfter(g.guard, 4);
  const binds = [g.uid, g.now, g.key, "bonus" in g.template ? g.template.bonus : g.template.freespins, ...g.guard.params];
  if ("bonus" in g.template) {
    return [
      db
        .prepare(
          `INSERT INTO player_bonuses (${COLUMNS})
           SELECT lower(hex(randomblob(16))), u.uid, t.id, t.type, 'available', u.currency, ${VALUE("0")}, 0, NULL,
             ${REQUIRED(m, "0")}, a.max_bet, a.max_cashout, ?3, ?2, ?2 + t.activation_days * ${DAY_MS}
           FROM users u JOIN bonus_templates t ON t.id = ?4 JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = u.currency
           WHERE u.uid = ?1 AND (${guard}) AND ${VALUE("0")} > 0 AND ${FIRST(m, "NULL")}
           ON CONFLICT (uid, grant_key) DO NOTHING`,
        )
        .bind(...binds),
      grantedEvents(db, "?1", "?2", g.now, [g.uid, g.key]),
    ];
  }
  return [
    db
      .prepare(
        `INSERT INTO freespin_packs (${PACK_COLUMNS})
         SELECT ${packValues("u.uid", "u.currency", "?3")}
         FROM users u JOIN freespin_templates t ON t.id = ?4
           JOIN freespin_template_bets b ON b.template_id = t.id AND b.currency = u.currency
           JOIN games g ON g.sysname = t.game_sysname AND g.is_sportsbook = 0
         WHERE u.uid = ?1 AND (${guard}) AND ${FIRST(m, "NULL")}
         ON CONFLICT (uid, grant_key) DO NOTHING`,
      )
      .bind(...binds),
  ];
}

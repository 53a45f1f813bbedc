import { PlatformError } from "../../../core/api/errors";
import { type Handlers, ownTables, type PlatformContext } from "../core/context";
import { randomHex } from "../core/bytes";
import { bonusBalanceKind, endActiveBonus, type EndingBonus } from "./end";
import { DEPOSIT_WITHDRAWN, depositWithdrawnError } from "./forfeit";
import { publishBonusChange } from "./notify";
import { expireAvailable } from "./sweep";
import { callSlotsRtp } from "./xray";
import { moveMoneyWith } from "../wallet/move-money";
import { planOperation } from "../wallet/wallet";
import { BONUS_SELECT, bonusView, type BonusRow } from "./view";
import { bonusTerms } from "../../../core/jurisdiction-rules";
import { playerJurisdiction } from "../responsible/jurisdiction";

/**
 * The bonus engine's methods (decision 0039): `bonuses.*` for casino bonuses, `BettingBonuses.*`
 * for the sportsbook's (decision 0042) — the same engine, told apart by the bonus's type. State
 * changes and the money they move are one batch: the state UPDATE writes a fresh `change_token`,
 * and the wallet operation's guard checks that the bonus carries it, so the balance moves exactly
 * when the state did (and a repeat moves nothing).
 */

type BonusMethods =
  | "bonuses.get"
  | "bonuses.activate"
  | "bonuses.deactivate"
  | "bonuses.remove"
  | "BettingBonuses.get"
  | "BettingBonuses.activate"
  | "BettingBonuses.remove";

type BonusType = EndingBonus["type"];

const DAY_MS = 24 * 60 * 60_000;
const HISTORY_LIMIT = 50;

const noSuchBonus = () => new PlatformError("InvalidParameter", "No such bonus", { fields: { bonus_id: ["No such bonus"] } });

/** The player's bonus of this type (a casino bonus is no betting bonus's id, and the other way round). */
async function loadBonus(ctx: PlatformContext, id: string, type: BonusType): Promise<BonusRow | null> {
  return ctx.db.prepare(`${BONUS_SELECT} WHERE b.id = ?1 AND b.uid = ?2 AND b.type = ?3`).bind(id, ctx.uid, type).first<BonusRow>();
}

/** The bonus rules of the player's market (core/jurisdictions.ts): the terms they are held to. */
const termRules = async (ctx: PlatformContext) => (await playerJurisdiction(ctx)).bonuses;

const view = async (ctx: PlatformContext, row: BonusRow) => {
  const [rtp, rules] = await Promise.all([callSlotsRtp(ctx), termRules(ctx)]);
  return bonusView(row, ctx.locale, ctx.defaultLocale, rtp, rules);
};

/** The player's open bonuses of `type` and the last ones that ended: one batch. */
const readBonusLists = (ctx: PlatformContext, type: BonusType) =>
  ctx.db.batch<BonusRow>([
    ctx.db
      .prepare(`${BONUS_SELECT} WHERE b.uid = ?1 AND b.type = ?2 AND b.status IN ('active', 'available') ORDER BY b.created_at DESC, t.position`)
      .bind(ctx.uid, type),
    ctx.db
      .prepare(
        `${BONUS_SELECT} WHERE b.uid = ?1 AND b.type = ?2 AND b.status NOT IN ('active', 'available') ORDER BY b.finished_at DESC, b.created_at DESC LIMIT ?3`,
      )
      .bind(ctx.uid, type, HISTORY_LIMIT),
  ]);

async function listBonuses(ctx: PlatformContext, type: BonusType) {
  // An available bonus past its window is shown expired, never claimable: when the list holds
  // one, it expires (the clock's sweep, now) and the list is read again. A page view of bonuses
  // that have not lapsed writes nothing (issue 39: it wrote a batch on every view).
  const now = Date.now();
  let [open, ended] = await readBonusLists(ctx, type);
  if (open!.results.some((b) => b.status === "available" && b.available_until <= now)) {
    await expireAvailable(ctx, now, ctx.uid);
    [open, ended] = await readBonusLists(ctx, type);
  }
  const rows = open!.results;
  const [rtp, rules] = await Promise.all([callSlotsRtp(ctx), termRules(ctx)]);
  const show = (r: BonusRow) => bonusView(r, ctx.locale, ctx.defaultLocale, rtp, rules);
  return {
    active: rows.filter((r) => r.status === "active").map(show),
    available: rows.filter((r) => r.status === "available").map(show),
    history: ended!.results.map(show),
  };
}

/**
 * Activate an available bonus. `burnActive`: the player agreed to end the active bonus of this
 * type for it (burning bonuses) — it ends only after every check of the new one passed, so an
 * activation refused for any reason of its own costs the player nothing.
 */
async function activate(ctx: PlatformContext, bonusId: string, type: BonusType, burnActive = false) {
  const now = Date.now();
  await expireAvailable(ctx, now, ctx.uid);
  const bonus = await loadBonus(ctx, bonusId, type);
  if (bonus?.end_reason === DEPOSIT_WITHDRAWN) throw depositWithdrawnError();
  if (bonus?.status !== "available") throw noSuchBonus();
  // A bonus granted before the player changed currency (account.setCurrency, allowed until real
  // money moves) is in the old one: crediting its amount would pay dollars as reais.
  const currency = await ctx.db.prepare("SELECT currency FROM users WHERE uid = ?1").bind(ctx.uid).first<string>("currency");
  if (currency !== bonus.currency) {
    const message = `This bonus is in ${bonus.currency} and your account is in ${currency}`;
    throw new PlatformError("InvalidParameter", message, { fields: { bonus_id: [message] }, params: { currency: bonus.currency } });
  }
  if (burnActive) {
    const active = await ctx.db.prepare(`${BONUS_SELECT} WHERE b.uid = ?1 AND b.type = ?2 AND b.status = 'active'`).bind(ctx.uid, type).all<BonusRow>();
    for (const b of active.results) {
      try {
        await exit(ctx, b);
      } catch (e) {
        // Ended meanwhile (converted, closed at zero): nothing is left to burn.
        if (!(e instanceof PlatformError && e.status === 400)) throw e;
      }
    }
  }
  const token = randomHex(16);
  // The time to meet the terms is the market's when longer (Sweden: 60 days).
  const { wagering_days } = bonusTerms(bonus, await termRules(ctx));
  const activate = ctx.db
    .prepare(
      `UPDATE player_bonuses SET status = 'active', activated_at = ?3, expires_at = ?3 + ?4, change_token = ?5
       WHERE id = ?1 AND uid = ?2 AND status = 'available' AND available_until > ?3
         AND currency = (SELECT currency FROM users WHERE uid = ?2)`,
    )
    .bind(bonus.id, ctx.uid, now, wagering_days * DAY_MS, token);
  const plan = planOperation(
    ctx.db,
    {
      uid: ctx.uid,
      key: `bonus-activate:${bonus.id}`,
      type: "bonus",
      reference: bonus.id,
      changes: [{ kind: bonusBalanceKind(bonus.type), delta: bonus.amount }],
    },
    { sql: "EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?1 AND status = 'active' AND change_token = ?2)", params: [bonus.id, token] },
  );
  const event = ctx.db
    .prepare(
      `INSERT INTO bonus_events (bonus_id, uid, event, amount, operation_id, created_at)
       SELECT ?1, ?2, 'activated', ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?1 AND change_token = ?6)`,
    )
    .bind(bonus.id, ctx.uid, bonus.amount, plan.id, now, token);
  try {
    await moveMoneyWith(ctx, [activate, event], plan);
  } catch (e) {
    // The one-active index: another bonus of this type is active.
    if (e instanceof Error && /UNIQUE/i.test(e.message)) {
      throw new PlatformError("InvalidRequest", "Another bonus is active: finish it or exit it first", { status: 409, params: { reason: "bonus_active" } });
    }
    throw e;
  }
  // Only the request whose token the bonus carries activated it (a concurrent one changed nothing).
  const after = (await loadBonus(ctx, bonus.id, type))!;
  // A withdrawal that took its deposit out cancelled it meanwhile (decision 0059).
  if (after.end_reason === DEPOSIT_WITHDRAWN) throw depositWithdrawnError();
  if (after.status !== "active" || after.change_token !== token) throw noSuchBonus();
  publishBonusChange(ctx, ctx.uid, after);
  return view(ctx, after);
}

/** Exit an active bonus: what its balance holds is removed with it; a round in between: read again, once. */
async function exit(ctx: PlatformContext, bonus: BonusRow) {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await endActiveBonus(ctx, bonus, "cancelled")) return (await loadBonus(ctx, bonus.id, bonus.type))!;
    if ((await loadBonus(ctx, bonus.id, bonus.type))?.status !== "active") throw noSuchBonus();
  }
  throw new PlatformError("InvalidRequest", "The bonus balance is changing: try again", { status: 409 });
}

/** Decline an available bonus: it leaves the available list for good. */
async function decline(ctx: PlatformContext, bonusId: string, type: BonusType): Promise<1> {
  const now = Date.now();
  const [removed] = await ctx.db.batch([
    ctx.db
      .prepare(
        "UPDATE player_bonuses SET status = 'cancelled', finished_at = ?3 WHERE id = ?1 AND uid = ?2 AND type = ?4 AND status = 'available' RETURNING id",
      )
      .bind(bonusId, ctx.uid, now, type),
    ctx.db
      .prepare(
        `INSERT INTO bonus_events (bonus_id, uid, event, created_at)
         SELECT ?1, ?2, 'removed', ?3 WHERE EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?1 AND uid = ?2 AND status = 'cancelled' AND finished_at = ?3)
           AND NOT EXISTS (SELECT 1 FROM bonus_events WHERE bonus_id = ?1 AND event = 'removed')`,
      )
      .bind(bonusId, ctx.uid, now),
  ]);
  if (!removed!.results.length) throw noSuchBonus();
  publishBonusChange(ctx, ctx.uid, { id: bonusId, type, status: "cancelled" });
  return 1;
}

export const bonusHandlers: Handlers<BonusMethods> = {
  "bonuses.get": (_p, ctx) => listBonuses(ownTables(ctx), "casino"),
  "bonuses.activate": ({ bonus_id, burn_active }, ctx) => activate(ownTables(ctx), bonus_id, "casino", burn_active === "1"),
  async "bonuses.deactivate"({ bonus_id }, call) {
    const ctx = ownTables(call);
    const bonus = await loadBonus(ctx, bonus_id, "casino");
    if (bonus?.status !== "active") throw noSuchBonus();
    return view(ctx, await exit(ctx, bonus));
  },
  "bonuses.remove": ({ bonus_id }, ctx) => decline(ownTables(ctx), bonus_id, "casino"),

  "BettingBonuses.get": (_p, ctx) => listBonuses(ownTables(ctx), "betting"),
  "BettingBonuses.activate": ({ bonus_id, burn_active }, ctx) => activate(ownTables(ctx), bonus_id, "betting", burn_active === "1"),
  async "BettingBonuses.remove"({ bonus_id }, call) {
    const ctx = ownTables(call);
    // SPEC §7 has no deactivate for betting bonuses: remove declines an available one or gives up the active one.
    const bonus = await loadBonus(ctx, bonus_id, "betting");
    if (bonus?.status === "active") {
      await exit(ctx, bonus);
      return 1 as const;
    }
    return decline(ctx, bonus_id, "betting");
  },
};

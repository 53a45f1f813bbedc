import { PlatformError } from "../../../app/lib/api/errors";
import type { Handlers, PlatformContext } from "../core/context";
import { randomHex } from "../core/bytes";
import { bonusBalanceKind, endActiveBonus } from "./end";
import { expireAvailable } from "./sweep";
import { moveMoneyWith } from "../wallet/move-money";
import { planOperation } from "../wallet/wallet";
import { BONUS_SELECT, bonusView, type BonusRow } from "./view";

/**
 * The bonus engine's methods (decision 0039). State changes and the money they move are one batch:
 * the state UPDATE writes a fresh `change_token`, and the wallet operation's guard checks that the
 * bonus carries it, so the balance moves exactly when the state did (and a repeat moves nothing).
 */

type BonusMethods = "bonuses.get" | "bonuses.activate" | "bonuses.deactivate" | "bonuses.remove";

const DAY_MS = 24 * 60 * 60_000;
const HISTORY_LIMIT = 50;

const noSuchBonus = () => new PlatformError("InvalidParameter", "No such bonus", { fields: { bonus_id: ["No such bonus"] } });

async function loadBonus(ctx: PlatformContext, id: string): Promise<BonusRow | null> {
  return ctx.db.prepare(`${BONUS_SELECT} WHERE b.id = ?1 AND b.uid = ?2`).bind(id, ctx.uid).first<BonusRow>();
}

const view = (ctx: PlatformContext, row: BonusRow) => bonusView(row, ctx.locale, ctx.defaultLocale);

export const bonusHandlers: Handlers<BonusMethods> = {
  async "bonuses.get"(_p, ctx) {
    await expireAvailable(ctx.db, Date.now(), ctx.uid);
    const [open, ended] = await ctx.db.batch<BonusRow>([
      ctx.db.prepare(`${BONUS_SELECT} WHERE b.uid = ?1 AND b.status IN ('active', 'available') ORDER BY b.created_at DESC, t.position`).bind(ctx.uid),
      ctx.db
        .prepare(`${BONUS_SELECT} WHERE b.uid = ?1 AND b.status NOT IN ('active', 'available') ORDER BY b.finished_at DESC, b.created_at DESC LIMIT ?2`)
        .bind(ctx.uid, HISTORY_LIMIT),
    ]);
    const rows = open!.results;
    return {
      active: rows.filter((r) => r.status === "active").map((r) => view(ctx, r)),
      available: rows.filter((r) => r.status === "available").map((r) => view(ctx, r)),
      history: ended!.results.map((r) => view(ctx, r)),
    };
  },

  async "bonuses.activate"({ bonus_id }, ctx) {
    const now = Date.now();
    await expireAvailable(ctx.db, now, ctx.uid);
    const bonus = await loadBonus(ctx, bonus_id);
    if (!bonus || bonus.status !== "available") throw noSuchBonus();
    // A bonus granted before the player changed currency (account.setCurrency, allowed until real
    // money moves) is in the old one: crediting its amount would pay dollars as reais.
    const currency = await ctx.db.prepare("SELECT currency FROM users WHERE uid = ?1").bind(ctx.uid).first<string>("currency");
    if (currency !== bonus.currency) {
      const message = `This bonus is in ${bonus.currency} and your account is in ${currency}`;
      throw new PlatformError("InvalidParameter", message, { fields: { bonus_id: [message] }, params: { currency: bonus.currency } });
    }
    const token = randomHex(16);
    const activate = ctx.db
      .prepare(
        `UPDATE player_bonuses SET status = 'active', activated_at = ?3, expires_at = ?3 + ?4, change_token = ?5
         WHERE id = ?1 AND uid = ?2 AND status = 'available' AND available_until > ?3
           AND currency = (SELECT currency FROM users WHERE uid = ?2)`,
      )
      .bind(bonus.id, ctx.uid, now, bonus.wagering_days * DAY_MS, token);
    const plan = planOperation(
      ctx.db,
      { uid: ctx.uid, key: `bonus-activate:${bonus.id}`, type: "bonus", reference: bonus.id, changes: [{ kind: bonusBalanceKind(bonus.type), delta: bonus.amount }] },
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
    const after = (await loadBonus(ctx, bonus.id))!;
    if (after.status !== "active" || after.change_token !== token) throw noSuchBonus();
    return view(ctx, after);
  },

  async "bonuses.deactivate"({ bonus_id }, ctx) {
    const bonus = await loadBonus(ctx, bonus_id);
    if (!bonus || bonus.status !== "active") throw noSuchBonus();
    // What the bonus balance holds is removed with it; a round in between: read again, once.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await endActiveBonus(ctx, bonus, "cancelled")) return view(ctx, (await loadBonus(ctx, bonus.id))!);
      if ((await loadBonus(ctx, bonus.id))?.status !== "active") throw noSuchBonus();
    }
    throw new PlatformError("InvalidRequest", "The bonus balance is changing: try again", { status: 409 });
  },

  async "bonuses.remove"({ bonus_id }, ctx) {
    const now = Date.now();
    const [removed] = await ctx.db.batch([
      ctx.db
        .prepare("UPDATE player_bonuses SET status = 'cancelled', finished_at = ?3 WHERE id = ?1 AND uid = ?2 AND status = 'available' RETURNING id")
        .bind(bonus_id, ctx.uid, now),
      ctx.db
        .prepare(
          `INSERT INTO bonus_events (bonus_id, uid, event, created_at)
           SELECT ?1, ?2, 'removed', ?3 WHERE EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?1 AND uid = ?2 AND status = 'cancelled' AND finished_at = ?3)
             AND NOT EXISTS (SELECT 1 FROM bonus_events WHERE bonus_id = ?1 AND event = 'removed')`,
        )
        .bind(bonus_id, ctx.uid, now),
    ]);
    if (!removed!.results.length) throw noSuchBonus();
    return 1 as const;
  },
};

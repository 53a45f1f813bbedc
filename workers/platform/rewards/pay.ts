import { templateGrant } from "../bonuses/grants";
import { accountsOf, grantMarket, type GrantMarket } from "../bonuses/market";
import { publishBonusChange } from "../bonuses/notify";
import { ensureAccount, settleStatements } from "../loyalty/ledger";
import { settleSpinCredits } from "../wheel/ledger";
import { moveMoneyWith, type MoneyDeps } from "../wallet/move-money";
import { guardAfter, planOperation, type Guard, type OperationType } from "../wallet/wallet";

/**
 * The one way to pay a reward (DESIGN §7). The wheel's sectors, the loyalty shop's products and the
 * tournaments' prizes each resolve what they pay into a `Reward` and hand it here with the batch that
 * records what earned it; this module adds the reward's statements to that batch and runs it, so the
 * reward exists exactly when its cause does:
 * - money: a wallet operation (nothing but the wallet writes balances);
 * - a bonus or a free-spin pack: the bonus engine's grant (nothing but it creates bonuses);
 * - loyalty points: a loyalty ledger row and the ledger's settling tail;
 * - wheel spins: a spin ledger row and its settling tail.
 * Every statement applies only under the source's guard (the batch wrote what earned it), and once
 * per player and key: a replay pays nothing twice. A new reward kind is a case here, in
 * configured.ts `configuredReward` and in core/api/rewards.ts.
 */

/** A reward resolved for one player: how much of what, in the player's currency or units. */
export type Reward =
  | { type: "money"; amount: number }
  | { type: "bonus"; templateId: number }
  | { type: "freespins"; templateId: number }
  | { type: "points"; points: number }
  | { type: "spins"; campaignId: number; spins: number }
  | { type: "nothing" };

export interface RewardSource {
  uid: number;
  /** Names what is paid for, once per player: the wallet operation's key, the grant key, the ledger row's key (`wheel:<spin id>`). */
  key: string;
  /** The wallet operation's type and reference, for money. */
  wallet: { type: OperationType; reference: string };
  /** The points or spins ledger row's reason and reference. */
  ledger: { reason: string; ref: string };
  /** True only in the batch that wrote what earned the reward; parameters of its own (?1, ?2…). */
  guard: Guard;
  now: number;
}

/**
 * The reward's statements, for the caller's batch, but money (the wallet's operation plans its own:
 * `payReward`). Points and spins are settled by their ledgers' tails, in a batch id of their own.
 */
export function rewardStatements(db: D1Database, reward: Reward, source: RewardSource, market: GrantMarket | null = null): D1PreparedStatement[] {
  const { uid, key, now } = source;
  const grant = (template: { bonus: number } | { freespins: number }) => {
    if (!market) throw new Error("rewardStatements: a bonus or free spins need the player's market (payReward reads it)");
    return templateGrant(db, { uid, key, template, guard: source.guard, now, market });
  };
  // Points and spins: one row, the source's, through the ledgers' one path (?1 key, ?2 ref, ?3 amount, ?4 campaign; the guard's after them).
  const row = (amount: number, campaignId: number | null = null): Guard => ({
    sql: `SELECT ?1 AS key, ?2 AS ref, ?3 AS amount, ?4 AS campaign_id WHERE (${guardAfter(source.guard, 4)})`,
    params: [key, source.ledger.ref, amount, campaignId, ...source.guard.params],
  });
  switch (reward.type) {
    case "bonus":
      return grant({ bonus: reward.templateId });
    case "freespins":
      return grant({ freespins: reward.templateId });
    case "points":
      // Experience is not earned by luck or purchase: points only.
      return rewardRowsStatements(db, { type: "points", uid, reason: source.ledger.reason, now, select: row(reward.points) });
    case "spins":
      return rewardRowsStatements(db, { type: "spins", uid, reason: source.ledger.reason, now, select: row(reward.spins, reward.campaignId) });
    case "money":
    case "nothing":
      return [];
  }
}

/**
 * Points or spins for the rows `select` finds (columns `key`, `ref`, `amount`, and `campaign_id`
 * for spins; its parameters are ?4 onwards), in the caller's batch, each once per player and key,
 * settled by the ledger's tail: one reward (rewardStatements) or the quests completed in a batch.
 * Points go only to a player with a loyalty account (in an active programme, ensured first).
 * `experience`: points that also count as experience (earned by play, not by luck or purchase);
 * `accountExists`: the rows are found only for a player whose loyalty account exists.
 */
export function rewardRowsStatements(
  db: D1Database,
  r: { type: "points" | "spins"; uid: number; reason: string; now: number; select: Guard; experience?: boolean; accountExists?: boolean },
): D1PreparedStatement[] {
  const batch = crypto.randomUUID();
  // ?1 the player, ?2 the reason, ?3 the time, then the select's own, then the batch.
  const select = guardAfter(r.select, 3);
  const batchParam = `?${r.select.params.length + 4}`;
  const binds = [r.uid, r.reason, r.now, ...r.select.params, batch];
  if (r.type === "points") {
    return [
      ...(r.accountExists ? [] : [ensureAccount(db, "?1", [r.uid], r.now)]),
      db
        .prepare(
          `INSERT INTO loyalty_ledger (uid, key, reason, ref, delta, exp_delta, created_at, batch_id)
           SELECT a.uid, x.key, ?2, x.ref, x.amount, ${r.experience ? "x.amount" : "0"}, ?3, ${batchParam}
           FROM (${select}) x JOIN loyalty_accounts a ON a.uid = ?1 WHERE x.amount > 0
           ON CONFLICT (uid, key) DO NOTHING`,
        )
        .bind(...binds),
      ...settleStatements(db, r.uid, batch, r.now),
    ];
  }
  return [
    db
      .prepare(
        `INSERT INTO wheel_spin_ledger (uid, campaign_id, key, reason, ref, delta, created_at, batch_id)
         SELECT ?1, x.campaign_id, x.key, ?2, x.ref, x.amount, ?3, ${batchParam} FROM (${select}) x WHERE x.amount > 0
         ON CONFLICT (uid, key) DO NOTHING`,
      )
      .bind(...binds),
    settleSpinCredits(db, r.uid, batch, r.now),
  ];
}

/**
 * Runs the caller's batch — `statements` first (what earned the reward, and whatever else it
 * moves), then the reward's, then `after` (what records the reward, e.g. the granted bonus's id) —
 * money through the wallet's operation under the source's guard. A bonus this batch granted is
 * announced on the player's channel. Answers the results of the caller's `statements`.
 */
export async function payReward(
  deps: MoneyDeps,
  statements: D1PreparedStatement[],
  reward: Reward,
  source: RewardSource,
  after: D1PreparedStatement[] = [],
): Promise<D1Result[]> {
  if (reward.type === "money" && reward.amount > 0) {
    const plan = planOperation(
      deps.db,
      { uid: source.uid, key: source.key, type: source.wallet.type, reference: source.wallet.reference, changes: [{ kind: "main", delta: reward.amount }] },
      source.guard,
    );
    return (await moveMoneyWith(deps, [...statements, ...after], plan)).results.slice(0, statements.length);
  }
  const market = reward.type === "bonus" || reward.type === "freespins" ? await grantMarket(accountsOf(deps), source.uid, source.now) : null;
  const results = await deps.db.batch([...statements, ...rewardStatements(deps.db, reward, source, market), ...after]);
  if (reward.type === "bonus") await announceBonus(deps, source);
  return results.slice(0, statements.length);
}

/** A bonus granted by this payment (its key, created now): `bonus.updated` on the player's channel. */
async function announceBonus(deps: MoneyDeps, source: RewardSource): Promise<void> {
  const bonus = await deps.db
    .prepare("SELECT id, type FROM player_bonuses WHERE uid = ?1 AND grant_key = ?2 AND created_at = ?3")
    .bind(source.uid, source.key, source.now)
    .first<{ id: string; type: "casino" | "betting" }>();
  if (bonus) publishBonusChange(deps, source.uid, { id: bonus.id, type: bonus.type, status: "available" });
}

import { grantMarket } from "../bonuses/market";
import { promoCodeGrants, registrationGrants, registrationPackGrants, type PromoGrant } from "../bonuses/grants";
import { payReward, type Reward, type RewardSource } from "../rewards/pay";
import { playerTablesWithPackGames, routedD1 } from "./routed-d1";
import { owedPush, type OwedPush } from "../push/send";

/**
 * The receivers of the player inbox (inbox.ts), by kind: each writes to player `uid`'s own tables
 * (`routedD1`) and is idempotent by what it writes, since a row may be delivered more than once.
 */
export const INBOX_KINDS = ["grants.registration", "grants.promo", "rewards.pay", "tournaments.joined", "push.owe"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

type Receiver = (env: Env, uid: number, body: unknown) => Promise<void>;

export const INBOX_RECEIVERS: Record<InboxKind, Receiver> = {
  // A new account's welcome bonuses and free-spin packs (decisions 0039, 0041), once per template
  // (ON CONFLICT (uid, grant_key) DO NOTHING). The packs' games are the catalogue's: they travel
  // with the call as facts (the object holds only the games its player's statements need).
  "grants.registration": async (env, uid, body) => {
    const now = (body as { now?: unknown } | null)?.now;
    if (typeof now !== "number") throw new TypeError("grants.registration: the body has no time (now)");
    const db = await playerTablesWithPackGames(env, uid, "t.trigger = 'registration' AND t.is_enabled = 1");
    const market = await grantMarket({ db: env.DB }, uid);
    const grants = [...registrationGrants(db, uid, market, now), ...registrationPackGrants(db, uid, market, now)];
    if (grants.length) await db.batch(grants);
  },
  // What a promo code's reserved use grants (decision 0044; promocodes/redeem.ts wrote the
  // reservation and this debt in one D1 batch): its bonus and pack, once per player and code
  // (grant key `promo:<code>`). A code entered with a deposit waits for the deposit: granted once it
  // is `success`, retried while it is still open, and its use given back if it failed or was cancelled.
  "grants.promo": async (env, uid, body) => {
    const b = body as Partial<PromoGrant> | null;
    if (typeof b?.code !== "string" || typeof b.now !== "number") throw new TypeError("grants.promo: the body has no code or time");
    const g: PromoGrant = {
      code: b.code,
      now: b.now,
      deposit_id: b.deposit_id ?? null,
      bonus_template_id: b.bonus_template_id ?? null,
      freespin_template_id: b.freespin_template_id ?? null,
    };
    const db = g.freespin_template_id ? await playerTablesWithPackGames(env, uid, "t.id = ?1", g.freespin_template_id) : routedD1(env, uid);
    if (g.deposit_id !== null) {
      const status = await db
        .prepare("SELECT status FROM cashier_transactions WHERE id = ?1 AND uid = ?2 AND type = 'deposit'")
        .bind(g.deposit_id, uid)
        .first<string>("status");
      if (status === null || status === "fail" || status === "cancel") {
        await env.DB.prepare("DELETE FROM promo_redemptions WHERE code = ?1 AND uid = ?2 AND deposit_id = ?3").bind(g.code, uid, g.deposit_id).run();
        return;
      }
      if (status !== "success") throw new Error(`grants.promo: deposit ${g.deposit_id} is not settled yet`);
    }
    const grants = promoCodeGrants(db, uid, g, await grantMarket({ db: env.DB }, uid));
    if (grants.length) await db.batch(grants);
  },
  // A reward D1's side owes the player (a tournament place marked paid in D1: tournaments/end.ts),
  // paid through the one reward path on their tables, once by its key (the wallet's operation, the
  // grant's key, the ledgers' row key). The body names the reward as it was fixed when owed.
  "rewards.pay": async (env, uid, body) => {
    const b = body as Partial<RewardDebt> | null;
    if (!b?.reward || typeof b.key !== "string" || typeof b.now !== "number" || !b.wallet || !b.ledger)
      throw new TypeError("rewards.pay: the body has no reward, key or time");
    const { reward } = b;
    const db = reward.type === "freespins" ? await playerTablesWithPackGames(env, uid, "t.id = ?1", reward.templateId) : routedD1(env, uid);
    const told: Promise<unknown>[] = [];
    const source: RewardSource = { uid, key: b.key, wallet: b.wallet, ledger: b.ledger, guard: { sql: "1", params: [] }, now: b.now };
    await payReward({ db, env, waitUntil: (p) => void told.push(p) }, [], reward, source);
    await Promise.allSettled(told);
  },
  // An opt-in tournament the player joined (tournaments.participate wrote its entry in D1 and this
  // debt in one batch): the player's rounds score in it by their own copy of the join.
  "tournaments.joined": async (env, uid, body) => {
    const b = body as { tournament_id?: unknown; joined_at?: unknown } | null;
    if (!Number.isSafeInteger(b?.tournament_id) || !Number.isSafeInteger(b?.joined_at))
      throw new TypeError("tournaments.joined: the body has no tournament or time");
    await routedD1(env, uid)
      .prepare("INSERT INTO tournament_joins (uid, tournament_id, joined_at) VALUES (?1, ?2, ?3) ON CONFLICT (uid, tournament_id) DO NOTHING")
      .bind(uid, b!.tournament_id, b!.joined_at)
      .run();
  },
  // A push D1's side owes the player (a joined tournament started or ended: tournaments/end.ts):
  // written into their outbox (by its key, once), whose alarm sends it (push/send.ts, decision 0114).
  "push.owe": async (env, uid, body) => {
    const b = body as (OwedPush & { uid?: unknown; now?: unknown }) | null;
    if (b?.uid !== uid || typeof b.key !== "string" || !b.title || !b.body) throw new TypeError("push.owe: not this player's push");
    await owedPush(routedD1(env, uid), uid, { key: b.key, topic: b.topic, title: b.title, body: b.body, url: b.url }).run();
  },
};

/** The body of `rewards.pay`: a reward fixed when it was owed, and what names it (RewardSource without the player and guard). */
export type RewardDebt = { reward: Reward } & Pick<RewardSource, "key" | "wallet" | "ledger" | "now">;

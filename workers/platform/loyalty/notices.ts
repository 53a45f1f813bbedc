import { LOYALTY_NOTIFICATION_EVENT, type LoyaltyNotice } from "../../../core/api/contract-loyalty";
import { publish } from "../../realtime/publish";
import type { MoneyDeps } from "../wallet/move-money";
import { textsOf } from "../core/texts";
import { namedTitle, PRODUCT_JOINS, productNumbersJson } from "./view";

/**
 * Loyalty notices (SPEC §3; decision 0046): queued in the batches that earn them (ledger.ts),
 * published on the player's realtime channel once that batch committed, and answered — then
 * marked read — by loyalty.getnotifications. Titles and messages are the programme's templates
 * in the reader's locale, naming the level, quest or product the notice is about.
 */

interface NoticeRow {
  id: number;
  trigger: LoyaltyNotice["trigger"];
  type: LoyaltyNotice["type"];
  amount: number;
  created_at: number;
  program_texts: string;
  program_image: string | null;
  ref_texts: string | null;
  ref_image: string | null;
  /** The numbers the named quest's or product's texts claim, as JSON, in the player's `currency`. */
  ref_numbers: string | null;
  currency: string;
}

const NOTICE_SELECT = `SELECT n.id, n.trigger, n.type, n.amount, n.created_at, p.texts AS program_texts, p.image AS program_image,
    COALESCE(lv.texts, q.texts, pr.texts) AS ref_texts, COALESCE(lv.image, q.image, pr.image) AS ref_image, u.currency,
    CASE n.trigger WHEN 'quest' THEN json_object('kind', q.kind, 'target', q.target, 'owner', q.owner, 'reward', q.reward)
                   WHEN 'purchase' THEN ${productNumbersJson("u.currency")} END AS ref_numbers
  FROM loyalty_notices n JOIN loyalty_accounts a ON a.uid = n.uid JOIN loyalty_programs p ON p.id = a.program_id JOIN users u ON u.uid = n.uid
    LEFT JOIN loyalty_levels lv ON n.trigger = 'level' AND lv.id = n.ref
    LEFT JOIN quests q ON n.trigger = 'quest' AND q.id = n.ref
    LEFT JOIN loyalty_products pr ON n.trigger = 'purchase' AND pr.id = n.ref ${PRODUCT_JOINS("u.currency")}`;

const fill = (template: unknown, values: Record<string, string>) => String(template ?? "").replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

export function noticeView(r: NoticeRow, locale: string, fallback: string): LoyaltyNotice {
  const templates = (textsOf(r.program_texts, locale, fallback).notices ?? {}) as Record<string, { title?: string; message?: string } | undefined>;
  const t = templates[r.trigger] ?? {};
  const kind = r.trigger === "quest" ? "quest" : r.trigger === "purchase" ? "product" : "programme";
  const named = { ...JSON.parse(r.ref_numbers ?? "{}"), texts: r.ref_texts };
  const values = { amount: String(r.amount), name: namedTitle(kind, named, { locale, defaultLocale: fallback, currency: r.currency }) };
  return {
    id: r.id,
    trigger: r.trigger,
    type: r.type,
    amount: r.amount,
    amountType: r.amount > 0 ? "points" : "none",
    title: fill(t.title, values),
    message: fill(t.message, values),
    image: r.ref_image ?? r.program_image,
    created_at: r.created_at,
  };
}

/** The player's unread notices, oldest first, marked read in the same transaction. */
export async function takeUnread(db: D1Database, uid: number, locale: string, fallback: string, now = Date.now()): Promise<LoyaltyNotice[]> {
  const [unread] = await db.batch([
    db.prepare(`${NOTICE_SELECT} WHERE n.uid = ?1 AND n.read_at IS NULL ORDER BY n.id`).bind(uid),
    db.prepare("UPDATE loyalty_notices SET read_at = ?2 WHERE uid = ?1 AND read_at IS NULL").bind(uid, now),
  ]);
  return (unread!.results as unknown as NoticeRow[]).map((r) => noticeView(r, locale, fallback));
}

/**
 * After a batch that may have queued notices (at `now`) committed: each one the batch wrote or
 * added to, published to the player's channel in their locale. Best effort and after the answer.
 */
export function announceNotices(deps: MoneyDeps, uid: number, now: number): void {
  deps.waitUntil(
    (async () => {
      // Both from the player's tables (deps.db): the locale is a mirrored users column (decision 0075), read only when there is news.
      const { results: notices } = await deps.db
        .prepare(`${NOTICE_SELECT} WHERE n.uid = ?1 AND n.updated_at = ?2 AND n.read_at IS NULL ORDER BY n.id`)
        .bind(uid, now)
        .all<NoticeRow>();
      if (!notices.length) return;
      const who = await deps.db
        .prepare("SELECT u.locale, (SELECT code FROM locales WHERE is_default = 1) AS fallback FROM users u WHERE u.uid = ?1")
        .bind(uid)
        .first<{ locale: string; fallback: string | null }>();
      const { locale, fallback } = who ?? { locale: "en", fallback: "en" };
      for (const n of notices) await publish(deps.env, uid, LOYALTY_NOTIFICATION_EVENT, noticeView(n, locale, fallback ?? "en"));
    })().catch((e) => console.error("loyalty: announcing notices failed", e)),
  );
}

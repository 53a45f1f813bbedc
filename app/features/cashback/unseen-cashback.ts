import type { Cashback } from "../../../core/api/contract-cashback";

/** The player's stored value (platform storage, per player: every device, with or without JavaScript). */
export const SEEN_CASHBACK_KEY = "already_seen_cashback_id";

/** SPEC §9 "cashback listing count 1": the latest cashback, as the popup asks for it (SPEC §4). */
export const LATEST_CASHBACK_QUERY = { count: 1, sort: "end_date", order: "desc", statuses: "paid_out,active" } as const;

/**
 * SPEC §4's unseen-cashback rule (decision 0040). `latest`: the newest cashback by end_date among
 * paid_out and active; `seen`: the stored already_seen_cashback_id — null when the player has none
 * stored yet (a new player: nothing seen, so their first cashback shows), undefined when no
 * stored value could be read (a visitor, the storage call failed): then nothing is shown.
 * Shown: an active one whose id differs from the stored one, or a paid_out one without a
 * receiving_expired_at (one paid without being claimed). An active one whose claim window is over
 * is not shown: its payout would only be refused.
 */
export function unseenCashback(latest: Cashback | null | undefined, seen: string | null | undefined): Cashback | null {
  if (seen === undefined || !latest) return null;
  if (latest.status === "active") return latest.id !== seen && !latest.is_expired ? latest : null;
  return latest.receiving_expired_at === null ? latest : null;
}

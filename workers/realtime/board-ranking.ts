import type { LeaderboardRow } from "../../core/api/contract-tournaments";

/** A participant's absolute total as the platform posts it (the record is D1 tournament_entries). */
export interface BoardEntry {
  uid: number;
  /** maskedName(fakename, login), as every public list shows a player. */
  player: string;
  points: number;
  /** When the player reached these points (Unix ms): the earlier first among equal points. */
  reached_at: number;
}

/** The one ranking order (decision 0048): points DESC, reached_at ASC, uid ASC. */
export function compareEntries(a: BoardEntry, b: BoardEntry): number {
  return b.points - a.points || a.reached_at - b.reached_at || a.uid - b.uid;
}

export function isBoardEntry(e: unknown): e is BoardEntry {
  const v = e as BoardEntry;
  return (
    typeof v === "object" &&
    v !== null &&
    Number.isSafeInteger(v.uid) &&
    v.uid > 0 &&
    typeof v.player === "string" &&
    Number.isSafeInteger(v.points) &&
    v.points >= 0 &&
    Number.isSafeInteger(v.reached_at) &&
    v.reached_at >= 0
  );
}

/**
 * The board's participants in memory, ranked lazily: posts only mark the order stale, and the
 * sort runs once per read or broadcast, so a burst of rounds costs a Map write each.
 */
export class Ranking {
  private readonly byUid = new Map<number, BoardEntry>();
  private order: BoardEntry[] | null = null;
  private readonly rankOf = new Map<number, number>();

  /**
   * Takes an absolute total unless it is older than the one held (posts may arrive out of order:
   * an older reached_at never overwrites a newer one; at the same instant the higher total wins).
   * Answers whether anything changed, so a repeated post is a no-op.
   */
  apply(e: BoardEntry): boolean {
    const old = this.byUid.get(e.uid);
    if (old) {
      if (e.reached_at < old.reached_at) return false;
      if (e.reached_at === old.reached_at && e.points <= old.points && (e.points < old.points || e.player === old.player)) return false;
    }
    this.byUid.set(e.uid, { uid: e.uid, player: e.player, points: e.points, reached_at: e.reached_at });
    this.order = null;
    return true;
  }

  /**
   * Takes a total as the record holds it (D1, versioned: never an older one), even below the one
   * held at the same instant (a reset on cashout keeps reached_at). Answers whether anything changed.
   */
  set(e: BoardEntry): boolean {
    const old = this.byUid.get(e.uid);
    if (old && old.points === e.points && old.reached_at === e.reached_at && old.player === e.player) return false;
    this.byUid.set(e.uid, { uid: e.uid, player: e.player, points: e.points, reached_at: e.reached_at });
    this.order = null;
    return true;
  }

  get(uid: number): BoardEntry | undefined {
    return this.byUid.get(uid);
  }

  get size(): number {
    return this.byUid.size;
  }

  /** Participants with points, best first (0 points: no rank). */
  ranked(): BoardEntry[] {
    if (!this.order) {
      this.order = [...this.byUid.values()].filter((e) => e.points > 0).sort(compareEntries);
      this.rankOf.clear();
      this.order.forEach((e, i) => {
        this.rankOf.set(e.uid, i + 1);
      });
    }
    return this.order;
  }

  rank(uid: number): number | null {
    this.ranked();
    return this.rankOf.get(uid) ?? null;
  }

  /** The first `count` rows, is_me marking the reader's. */
  top(count: number, readerUid = 0): LeaderboardRow[] {
    return this.ranked()
      .slice(0, count)
      .map((e, i) => toRow(e, i + 1, e.uid === readerUid));
  }

  /** The player's own row (null: no points, or not a participant). */
  row(uid: number): LeaderboardRow | null {
    const rank = uid > 0 ? this.rank(uid) : null;
    return rank === null ? null : toRow(this.byUid.get(uid)!, rank, true);
  }

  /**
   * Points the player still needs to reach the last prized place: 0 inside it; null with no
   * prizes, for a visitor, or while nobody holds the last prized place (every point scored is then
   * inside), as the record answers it (tournaments/ranks.ts `pointsToPrize`, the contract's "null
   * when nobody is prized yet"). Equal points rank later (reached later), so it is one more than
   * the last prized total.
   */
  pointsToPrize(uid: number, prizedPlaces: number | null): number | null {
    if (!prizedPlaces || prizedPlaces < 1 || uid <= 0) return null;
    const rank = this.rank(uid);
    if (rank !== null && rank <= prizedPlaces) return 0;
    const order = this.ranked();
    const mine = this.byUid.get(uid)?.points ?? 0;
    if (order.length < prizedPlaces) return null;
    return order[prizedPlaces - 1]!.points - mine + 1;
  }
}

function toRow(e: BoardEntry, rank: number, isMe: boolean): LeaderboardRow {
  return { rank, player: e.player, points: e.points, reached_at: e.reached_at, is_me: isMe };
}

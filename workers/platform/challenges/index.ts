import type { Challenge, ChallengeStatus } from "../../../core/api/contract-challenges";
import type { Handlers, PlatformContext } from "../core/context";
import { maskedName } from "../core/names";
import { textsOf } from "../core/texts";
import { moneyIn } from "../rewards/configured";
import { prizeView } from "../tournaments/view";
import { readerCurrency } from "../wallet/currency";

/** challenges.get (issue 43, decision 0117): the configuration and the places taken (D1), the reader's progress (their own tables). */

/** How long a challenge stays listed after it ended, and how far ahead one about to start is. */
export const LISTED_MS = 7 * 24 * 60 * 60_000;
/** The places a listing shows per challenge. */
export const CLAIMS_SHOWN = 50;

interface ChallengeRow {
  id: number;
  sysname: string;
  game_id: number;
  game_sysname: string;
  game_title: string;
  multiplier: number;
  min_bet: string;
  winners: number;
  type: "money" | "bonus" | "freespins";
  money: string | null;
  bonus_template_id: number | null;
  freespin_template_id: number | null;
  starts_at: number;
  ends_at: number;
  texts: string;
  template_texts: string | null;
  bonus_amount: number | null;
  pack_count: number | null;
  claimed: number;
}

interface ClaimRow {
  challenge_id: number;
  rank: number;
  uid: number;
  bet: number;
  win: number;
  claimed_at: number;
  fakename: string;
  login: string;
}

const statusOf = (c: ChallengeRow, now: number): ChallengeStatus =>
  now < c.starts_at ? "future" : now >= c.ends_at ? "finished" : c.claimed >= c.winners ? "full" : "active";

/** A hit's multiplier in hundredths, as the round's check computes it (win × 100 ≥ multiplier × bet). */
export const hitMultiplier = (bet: number, win: number) => Math.floor((win * 100) / bet);

/**
 * The reader's best real-money round on each challenge's game since it started, at its least bet, not
 * under a bonus nor a free spin (what counts toward it), in hundredths; from the player's own rounds.
 */
async function bestOf(ctx: PlatformContext, rows: ChallengeRow[], currency: string, now: number): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  const running = rows.filter((c) => c.starts_at <= now);
  if (!running.length) return out;
  const db = ctx.player();
  const answers = await db.batch(
    running.map((c) =>
      db
        .prepare(
          `SELECT MAX(win * 100 / bet) AS best FROM game_rounds
           WHERE uid = ?1 AND game_id = ?2 AND mode = 'real' AND bonus_id IS NULL AND freespin_id IS NULL AND operation_id IS NOT NULL
             AND created_at >= ?3 AND created_at < ?4 AND bet >= ?5`,
        )
        .bind(ctx.uid, c.game_id, c.starts_at, c.ends_at, moneyIn(c.min_bet, currency) ?? Number.MAX_SAFE_INTEGER),
    ),
  );
  for (const [i, c] of running.entries()) out.set(c.id, (answers[i]!.results[0] as { best: number | null } | undefined)?.best ?? null);
  return out;
}

export const challengeHandlers: Handlers<"challenges.get"> = {
  "challenges.get": async (_params, ctx) => {
    const now = Date.now();
    const currency = await readerCurrency(ctx);
    const { results: rows } = await ctx.db
      .prepare(
        `SELECT c.*, g.sysname AS game_sysname, g.title AS game_title, COALESCE(b.texts, f.texts) AS template_texts, a.amount AS bonus_amount,
                f.count AS pack_count, (SELECT COUNT(*) FROM challenge_claims WHERE challenge_id = c.id) AS claimed
         FROM challenges c JOIN games g ON g.id = c.game_id
           LEFT JOIN bonus_templates b ON b.id = c.bonus_template_id
           LEFT JOIN bonus_template_amounts a ON a.template_id = b.id AND a.currency = ?1
           LEFT JOIN freespin_templates f ON f.id = c.freespin_template_id
         WHERE c.ends_at > ?2 - ?3 AND c.starts_at < ?2 + ?3
         ORDER BY c.ends_at <= ?2, c.position, c.id`,
      )
      .bind(currency, now, LISTED_MS)
      .all<ChallengeRow>();
    if (!rows.length) return { items: [] };
    const ids = rows.map((c) => c.id).join(",");
    const [claims, best, mine] = await Promise.all([
      ctx.db
        .prepare(
          `SELECT k.challenge_id, k.rank, k.uid, k.bet, k.win, k.claimed_at, u.fakename, u.login
           FROM challenge_claims k JOIN users u ON u.uid = k.uid
           WHERE k.challenge_id IN (${ids}) AND k.rank <= ?1 ORDER BY k.challenge_id, k.rank`,
        )
        .bind(CLAIMS_SHOWN)
        .all<ClaimRow>(),
      ctx.uid > 0 ? bestOf(ctx, rows, currency, now) : Promise.resolve(new Map<number, number | null>()),
      ctx.uid > 0 ? myRanks(ctx, ids) : Promise.resolve(new Map<number, number>()),
    ]);
    const items = rows.map((c): Challenge => {
      const texts = textsOf(c.texts, ctx.locale, ctx.defaultLocale);
      const minBet = moneyIn(c.min_bet, currency);
      const prize = prizeView({ ...c, tournament_id: c.id, place_from: 1, place_to: c.winners, texts: "{}" }, currency, ctx.locale, ctx.defaultLocale);
      return {
        id: c.id,
        sysname: c.sysname,
        title: typeof texts.title === "string" ? texts.title : c.sysname,
        description: typeof texts.description === "string" ? texts.description : "",
        game: { sysname: c.game_sysname, title: c.game_title },
        multiplier: c.multiplier,
        min_bet: minBet === null ? null : { amount: minBet, currency },
        winners: c.winners,
        claimed: c.claimed,
        prize: { type: prize.type, amount: prize.amount, units: prize.units, title: prize.title },
        starts_at: c.starts_at,
        ends_at: c.ends_at,
        status: statusOf(c, now),
        claims: claims.results
          .filter((k) => k.challenge_id === c.id)
          .map((k) => ({
            rank: k.rank,
            player: maskedName(k.fakename, k.login),
            multiplier: hitMultiplier(k.bet, k.win),
            claimed_at: k.claimed_at,
            is_me: k.uid === ctx.uid,
          })),
        me: ctx.uid > 0 ? { rank: mine.get(c.id) ?? null, best: best.get(c.id) ?? null } : null,
      };
    });
    return { items };
  },
};

/** The reader's places (past the shown ones too). */
async function myRanks(ctx: PlatformContext, ids: string): Promise<Map<number, number>> {
  const { results } = await ctx.db
    .prepare(`SELECT challenge_id, rank FROM challenge_claims WHERE uid = ?1 AND challenge_id IN (${ids})`)
    .bind(ctx.uid)
    .all<{ challenge_id: number; rank: number }>();
  return new Map(results.map((r) => [r.challenge_id, r.rank]));
}

import type { ParticipateError, Tournament, TournamentField, TournamentPrize, TournamentWinner } from "../../../core/api/contract-tournaments";
import { PlatformError } from "../../../core/api/errors";
import type { Handlers, PlatformContext } from "../core/context";
import { readerCurrency } from "../wallet/currency";
import { boardRank, boardRead, pointsToPrize, type RankOf, standings, standingsFrom, standingsStatement } from "./ranks";
import { ALLOWED } from "./scoring";
import { lastPrized, prizeOf, PRIZES_SQL, prizeView, TOURNAMENT_COLUMNS, TOURNAMENT_FROM, tournamentView, type PrizeRow, type TournamentRow } from "./view";
import { maskedName } from "../core/names";
import { flushBoard } from "../../realtime/tournament-board";
import { deliverInbox, inboxEntry } from "../player/inbox";
import { PLAYER_COUNTS, playerCountSql } from "../player/tables";

/** tournaments.get, participate, receipts and leaderboard.get: the record in D1 (issue 22, decision 0048). */

type TournamentMethods = "tournaments.get" | "tournaments.participate" | "tournaments.receipts" | "leaderboard.get";

/** A refusal: the HTTP status, and `params.code` one of the contract's PARTICIPATE_ERRORS. */
export function tournamentError(code: ParticipateError, message: string, status: number): PlatformError {
  return new PlatformError("InvalidParameter", message, { status, params: { code }, fields: { tournament_id: [message] } });
}

const unknown = () => tournamentError("unknown_tournament", "No such tournament", 404);

async function readTournament(db: D1Database, id: number): Promise<TournamentRow> {
  const row = await db.prepare(`SELECT ${TOURNAMENT_COLUMNS} FROM ${TOURNAMENT_FROM} WHERE t.id = ?1`).bind(id).first<TournamentRow>();
  if (!row) throw unknown();
  return row;
}

async function readPrizes(ctx: PlatformContext, ids: number[], currency: string): Promise<Map<number, TournamentPrize[]>> {
  const by = new Map<number, TournamentPrize[]>(ids.map((id) => [id, []]));
  if (!ids.length) return by;
  const { results } = await ctx.db
    .prepare(PRIZES_SQL(ids.join(",")))
    .bind(currency)
    .all<PrizeRow>();
  for (const p of results) by.get(p.tournament_id)?.push(prizeView(p, currency, ctx.locale, ctx.defaultLocale));
  return by;
}

/** The recorded places; a prize shows its title in the reader's locale (the snapshot keeps the amount paid). */
async function readWinners(db: D1Database, id: number, prizes: TournamentPrize[]): Promise<TournamentWinner[]> {
  const { results } = await db
    .prepare(
      `SELECT w.rank, w.points, w.prize, u.fakename, u.login FROM tournament_winners w JOIN users u ON u.uid = w.uid
       WHERE w.tournament_id = ?1 ORDER BY w.rank`,
    )
    .bind(id)
    .all<{ rank: number; points: number; prize: string | null; fakename: string; login: string }>();
  return results.map((w) => {
    const prize = w.prize ? (JSON.parse(w.prize) as TournamentPrize | null) : null;
    const title = prizeOf(prizes, w.rank)?.title;
    return { rank: w.rank, player: maskedName(w.fakename, w.login), points: w.points, prize: prize && title ? { ...prize, title } : prize };
  });
}

async function readGames(db: D1Database, id: number): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT g.sysname FROM tournament_games tg JOIN games g ON g.id = tg.game_id WHERE tg.tournament_id = ?1 ORDER BY g.popularity DESC, g.id")
    .bind(id)
    .all<{ sysname: string }>();
  return results.map((g) => g.sysname);
}

/**
 * The reader's row on a tournament's board, asked once for the render's calls (a tournament's page
 * shows it on its card and pinned to its leaderboard): one call to the board, which flushes it.
 */
const readerRank =
  (ctx: PlatformContext): RankOf =>
  (id) =>
    ctx.shared(`board-rank:${id}:${ctx.uid}`, () => boardRank(ctx.env, ctx.uid)(id));

/**
 * The reader's place on each tournament (one statement for them all: ranks.ts `standings`, or its
 * answer `read` with the tournaments); none for a visitor.
 */
async function userInfos(ctx: PlatformContext, rows: TournamentRow[], prizes: Map<number, TournamentPrize[]>, read: D1Result | null) {
  const out = new Map<number, Tournament["user_info"]>();
  if (!(ctx.uid > 0) || !rows.length) return out;
  const lasts = new Map(rows.map((r) => [r.id, lastPrized(prizes.get(r.id) ?? [])]));
  const asked = rows.map((r) => ({ id: r.id, lastPlace: lasts.get(r.id)! }));
  const all = read ? await standingsFrom(readerRank(ctx), read, asked) : await standings(readerRank(ctx), ctx.db, asked, ctx.uid);
  for (const r of rows) {
    const s = all.get(r.id)!;
    const last = lasts.get(r.id)!;
    out.set(r.id, {
      participating: s.participating,
      rank: s.row?.rank ?? null,
      points: s.points,
      points_to_prize: pointsToPrize(s, last, r.status === "finished"),
    });
  }
  return out;
}

async function get(
  ctx: PlatformContext,
  p: { status?: Tournament["status"]; ids?: number[]; fields: readonly TournamentField[]; offset: number; count: number },
) {
  const where = p.ids ? `t.id IN (${p.ids.join(",")})` : "t.status = ?1";
  const bind = p.ids ? [] : [p.status ?? "active"];
  const want = (f: TournamentField) => p.fields.includes(f);
  const select = ctx.db
    .prepare(`SELECT ${TOURNAMENT_COLUMNS} FROM ${TOURNAMENT_FROM} WHERE ${where} ORDER BY t.position, t.starts_at, t.id LIMIT ${p.count} OFFSET ${p.offset}`)
    .bind(...bind);
  // Tournaments asked by id (a tournament's page): the reader's standing in them is read in the
  // same round trip as the tournaments.
  const mine = p.ids && want("user_info") && ctx.uid > 0 ? standingsStatement(ctx.db, p.ids, ctx.uid) : null;
  const [read, standing] = mine ? await ctx.db.batch([select, mine]) : [await select.all(), null];
  const rows = read!.results as TournamentRow[];
  // A first page that is not full is the whole list: its length is the total, no count needed.
  const total =
    p.offset === 0 && rows.length < p.count
      ? rows.length
      : ((await ctx.db
          .prepare(`SELECT COUNT(*) AS n FROM tournaments t WHERE ${where}`)
          .bind(...bind)
          .first<number>("n")) ?? 0);
  const currency = await readerCurrency(ctx);
  const prizes = await readPrizes(
    ctx,
    rows.map((r) => r.id),
    currency,
  );
  const places = want("user_info") ? await userInfos(ctx, rows, prizes, standing ?? null) : null;
  const items = await Promise.all(
    rows.map(async (r) => {
      const own = prizes.get(r.id) ?? [];
      return tournamentView(
        r,
        {
          prizes: own,
          winners: want("winners") && r.status === "finished" ? await readWinners(ctx.db, r.id, own) : want("winners") ? [] : null,
          userInfo: places ? (places.get(r.id) ?? null) : null,
          games: want("games") ? await readGames(ctx.db, r.id) : null,
        },
        p.fields,
        { currency, locale: ctx.locale, defaultLocale: ctx.defaultLocale },
      );
    }),
  );
  return { items, count: total };
}

async function participate(ctx: PlatformContext, id: number): Promise<1> {
  const t = await readTournament(ctx.db, id);
  if (t.status === "finished" || t.ends_at <= Date.now()) throw tournamentError("finished", "This tournament is over", 409);
  if (t.opt_in === 0) throw tournamentError("automatic", "Every eligible player takes part in this tournament: there is nothing to join", 409);
  const now = Date.now();
  const { results } = await ctx.db
    .prepare(
      `SELECT (t.currencies = '[]' OR EXISTS (SELECT 1 FROM json_each(t.currencies) WHERE value = u.currency)) AS currency_ok,
              (t.countries = '[]' OR EXISTS (SELECT 1 FROM json_each(t.countries) WHERE value = u.country_code)) AS country_ok
       FROM tournaments t JOIN users u ON u.uid = ?2 WHERE t.id = ?1`,
    )
    .bind(id, ctx.uid)
    .all<{ currency_ok: number; country_ok: number }>();
  const ok = results[0];
  if (!ok?.currency_ok) throw tournamentError("restricted_currency", "This tournament is not open to your account's currency", 403);
  if (!ok.country_ok) throw tournamentError("restricted_country", "This tournament is not open in your country", 403);
  // The entry (the record every player shares) and the join the player's object's rounds score by:
  // owed to it in the same batch (the player inbox), delivered now.
  const entry = ctx.db
    .prepare(
      `INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at)
       SELECT t.id, u.uid, 0, ?3, ?3 FROM tournaments t JOIN users u ON u.uid = ?2 WHERE t.id = ?1 AND ${ALLOWED("t", "u")}
       ON CONFLICT (tournament_id, uid) DO NOTHING`,
    )
    .bind(id, ctx.uid, now);
  const join = { key: `tournament-join:${id}:${ctx.uid}`, kind: "tournaments.joined" as const, body: { tournament_id: id, joined_at: now } };
  await ctx.db.batch([entry, inboxEntry(ctx.db, { uid: ctx.uid }, join, now)]);
  await deliverInbox(ctx.env, join.key);
  return 1;
}

/** The tournament's status, or the unknown tournament's refusal: the statement a render's reads answer once (core/render-reads.ts). */
async function readStatus(db: D1Database, id: number): Promise<Tournament["status"]> {
  const t = await db.prepare("SELECT status FROM tournaments WHERE id = ?1").bind(id).first<{ status: Tournament["status"] }>();
  if (!t) throw unknown();
  return t.status;
}

/**
 * The player's scoring rounds (and settled sports bets: decision 0111) in a tournament: their own
 * tables alone (the round keeps its game's sysname); the total is the count their object keeps
 * (player/tables.ts PLAYER_COUNTS).
 */
async function receipts(ctx: PlatformContext, id: number, offset: number, count: number) {
  const own = ctx.player();
  // The tournament's check beside the rounds' read, not before it: a render's reads of the
  // player's object then go in one call (player/coalesce.ts), and an unknown one has no rounds.
  const [, [page, total]] = await Promise.all([
    readStatus(ctx.db, id),
    own.batch([
      own
        .prepare(
          `SELECT p.reason AS kind, p.round_id, p.bet, p.win, p.delta, p.created_at,
                  COALESCE(r.currency, b.currency) AS currency, COALESCE(r.sysname, 'sportsbook') AS sysname
           FROM tournament_points p
           LEFT JOIN game_rounds r ON p.reason = 'round' AND r.id = p.round_id
           LEFT JOIN sport_bets b ON p.reason = 'bet' AND b.id = p.round_id
         WHERE p.uid = ?1 AND p.tournament_id = ?2 AND p.reason IN ('round', 'bet') AND COALESCE(r.id, b.id) IS NOT NULL
         ORDER BY p.created_at DESC, p.id DESC LIMIT ?3 OFFSET ?4`,
        )
        .bind(ctx.uid, id, count, offset),
      own.prepare(playerCountSql(PLAYER_COUNTS.tournamentRounds, "?2")).bind(ctx.uid, id),
    ]),
  ]);
  type Receipt = { kind: "round" | "bet"; round_id: string; bet: number; win: number; delta: number; created_at: number; currency: string; sysname: string };
  return {
    items: (page!.results as Receipt[]).map((r) => ({
      kind: r.kind,
      round_id: r.round_id,
      game: r.sysname,
      bet: { amount: r.bet, currency: r.currency },
      win: { amount: r.win, currency: r.currency },
      points: r.delta,
      created_at: r.created_at,
    })),
    count: (total!.results[0] as { n: number }).n,
  };
}

async function leaderboard(ctx: PlatformContext, id: number, offset: number, count: number) {
  const status = await readStatus(ctx.db, id);
  // Every committed round in the record first: the players' objects deliver their totals to the
  // board, which writes them (decision 0075). For a player the call that flushes is the one that
  // ranks them (shared with the tournament's card in the same render).
  const myRow = ctx.uid > 0 ? await readerRank(ctx)(id) : (await flushBoard(ctx.env, id), null);
  // The last prized place, the ranked entries, the record's version (the two counts kept by
  // migration 0066's triggers; the version grows with every change of the board's points: the
  // entries' delivered versions, each only growing, add up to it), the page and the reader's
  // standing: one statement (ranks.ts boardRead).
  const board = await boardRead(ctx.db, id, offset, count, ctx.uid, myRow);
  return {
    tournament_id: id,
    items: board.items,
    total: board.ranked,
    me: board.mine?.row ?? null,
    points_to_prize: board.mine ? pointsToPrize(board.mine, board.last, status === "finished") : null,
    version: board.version,
  };
}

export const tournamentHandlers: Handlers<TournamentMethods> = {
  "tournaments.get": (p, ctx) => get(ctx, p),
  "tournaments.participate": (p, ctx) => participate(ctx, p.tournament_id),
  "tournaments.receipts": (p, ctx) => receipts(ctx, p.tournament_id, p.offset, p.count),
  "leaderboard.get": (p, ctx) => leaderboard(ctx, p.tournament_id, p.offset, p.count),
};

import type { Game, GameQuery } from "../../../core/api/entities-games";
import { PlatformError } from "../../../core/api/errors";
import type { PlatformContext } from "../core/context";
import { readGeneralInfo } from "../core/settings";
import { coverPath } from "./covers";
import { buildGameQuery, type ResolvedQuery, type Sql } from "./game-query";
import { keyedPage, keyedQuery, type KeyedRow } from "./keyed-page";
import { rankedAnswerStands, rankedQuery, rankedSections, searchCards, type CardRow, type MatchRow, type MetaRow } from "./ranked-query";
import { mergedPage, type ListRow } from "./provider-merge";
import { rebuildRanks } from "./ranks";
import { ftsQuery } from "./search";
import { tournamentPage, tournamentQuery, type TournamentPageRow } from "./tournament-page";

interface GameRow {
  id: number;
  sysname: string;
  title: string;
  description: string;
  rtp_bp: number;
  volatility: Game["volatility"];
  min_bet: number;
  max_bet: number;
  has_demo: number;
  is_sportsbook: number;
  tags: string;
  provider: string;
  provider_name: string;
  categories: string | null;
}

const badOption = (message: string) => new PlatformError("InvalidParameter", `Invalid parameters: options: ${message}`, { fields: { options: [message] } });

/** Category and provider sysnames to ids; an unknown one is the caller's mistake (400). */
async function resolve(db: D1Database, q: GameQuery): Promise<ResolvedQuery> {
  const out: ResolvedQuery = { ...q };
  if (q.category !== undefined) {
    const row = await db.prepare("SELECT id FROM game_categories WHERE sysname = ?1").bind(q.category).first<{ id: number }>();
    if (!row) throw badOption(`unknown category '${q.category}'`);
    out.categoryId = row.id;
  }
  if (q.providers?.length) {
    const { results } = await db
      .prepare("SELECT id, sysname FROM game_providers WHERE sysname IN (SELECT value FROM json_each(?1))")
      .bind(JSON.stringify(q.providers))
      .all<{ id: number; sysname: string }>();
    const unknown = q.providers.filter((s) => !results.some((r) => r.sysname === s));
    if (unknown.length) throw badOption(`unknown provider ${unknown.map((s) => `'${s}'`).join(", ")}`);
    out.providerIds = results.map((r) => r.id);
  }
  if (q.tournament !== undefined) {
    const row = await db.prepare("SELECT 1 AS known FROM tournaments WHERE id = ?1").bind(q.tournament).first<{ known: number }>();
    if (!row) throw badOption(`unknown tournament ${q.tournament}`);
  }
  return out;
}

const splitList = (v: string | null) => (v ? v.split(",").filter(Boolean) : []);

function toGame(r: GameRow, currency: string): Game {
  const categories = splitList(r.categories);
  return {
    id: r.id,
    sysname: r.sysname,
    title: r.title,
    description: r.description,
    provider: r.provider,
    provider_name: r.provider_name,
    categories,
    image: coverPath(r.sysname),
    rtp: r.rtp_bp / 100,
    volatility: r.volatility,
    min_bet: { amount: r.min_bet, currency },
    max_bet: { amount: r.max_bet, currency },
    has_demo: r.has_demo === 1,
    is_new: categories.includes("new"),
    is_sportsbook: r.is_sportsbook === 1,
    tags: splitList(r.tags),
  };
}

/**
 * games.get: one page of the catalogue and the total. Bets are stored in the site's default
 * currency and answered in it (decision 0015: no conversion until providers send per-currency
 * limits). One statement over the catalogue's ranks and cards (decision 0025) when they are
 * current; else the tables themselves answer, and the ranks are rebuilt in the background.
 */
export async function getGames(q: GameQuery, ctx: PlatformContext): Promise<{ items: Game[]; count: number }> {
  // Empty ids or sysnames (an empty favourites list) match nothing; empty providers filter nothing.
  if (q.ids?.length === 0 || q.sysnames?.length === 0) {
    await resolve(ctx.db, q);
    return { items: [], count: 0 };
  }
  // A tournament's games in popularity order: a range of its ordered copy and the cards (tournament-page.ts).
  const ofTournament = tournamentQuery(q, ctx.locale, ctx.defaultLocale);
  const tournamentGames = ofTournament && (await cardsPage(ctx, ofTournament, (rows: TournamentPageRow[]) => tournamentPage(rows)));
  if (tournamentGames) return tournamentGames;
  // A list of games by id or sysname: their keys and cards in one statement (keyed-page.ts).
  const keyed = keyedQuery(q, ctx.locale, ctx.defaultLocale);
  const listed = keyed && (await cardsPage(ctx, keyed, (rows: KeyedRow[]) => keyedPage(rows, q)));
  if (listed) return listed;
  const ranked = rankedQuery(q, ctx.locale, ctx.defaultLocale);
  if (ranked) {
    const { results } = await ctx.db
      .prepare(ranked.sql)
      .bind(...ranked.binds)
      .all<MetaRow | CardRow | MatchRow | ListRow>();
    const meta = results.find((r): r is MetaRow => r.kind === 0)!;
    if (meta.fresh !== 1) ctx.waitUntil(rebuildRanks(ctx.db).catch((e) => console.error("games: rebuilding the ranks failed", e)));
    if (rankedAnswerStands(meta, q) && meta.site !== null) {
      const currency = (JSON.parse(meta.site) as { default_currency: string }).default_currency;
      const matches = results.filter((r): r is MatchRow => r.kind === 2);
      if (matches.length || ftsQuery(q.search)) return searchPage(matches, q, ctx, currency);
      const lists = results.filter((r): r is ListRow => r.kind === 3);
      if (new Set(q.providers).size > 1) return { items: await cardsOf(mergedPage(lists, q), ctx, currency), count: meta.total };
      const cards = results.filter((r): r is CardRow => r.kind === 1).sort((a, b) => a.pos - b.pos);
      return { items: cards.map((c) => toGame(JSON.parse(c.card) as GameRow, currency)), count: meta.total };
    }
  }
  return getGamesFromTables(q, ctx);
}

/**
 * A page of cards read in one statement (`sql`) beside the site's currency; null when `page` finds
 * the rows cannot answer (the cards not current): the caller goes on to the next source.
 */
async function cardsPage<R>(ctx: PlatformContext, sql: Sql, page: (rows: R[]) => { cards: string[]; count: number } | null) {
  const [{ results }, site] = await Promise.all([
    ctx.db
      .prepare(sql.sql)
      .bind(...sql.binds)
      .all<R>(),
    readGeneralInfo<{ default_currency: string }>(ctx),
  ]);
  const answer = page(results);
  return answer && { items: answer.cards.map((c) => toGame(JSON.parse(c) as GameRow, site.default_currency)), count: answer.count };
}

const SORT_COLUMN = { popular: -1, new: 1, name: 2, rtp: 3 } as const;

/** A search: its capped matches ordered as asked, then the cards of the page alone. */
async function searchPage(matches: MatchRow[], q: GameQuery, ctx: PlatformContext, currency: string) {
  const column = SORT_COLUMN[q.sort ?? "popular"];
  const keyed = matches.map((m) => {
    const [id, ...positions] = JSON.parse(m.card) as [number, number, number, number];
    return { id, key: column < 0 ? m.pos : positions[column - 1]! };
  });
  const page = keyed.sort((a, b) => a.key - b.key).slice(q.offset, q.offset + q.count);
  return {
    items: await cardsOf(
      page.map((p) => p.id),
      ctx,
      currency,
    ),
    count: matches.length,
  };
}

/** The games of the given ids as cards, in that order (one statement; none for no ids). */
async function cardsOf(gameIds: number[], ctx: PlatformContext, currency: string): Promise<Game[]> {
  if (gameIds.length === 0) return [];
  const cards = searchCards(gameIds, ctx.locale, ctx.defaultLocale);
  const { results } = await ctx.db
    .prepare(cards.sql)
    .bind(...cards.binds)
    .all<{ pos: number; card: string }>();
  return results.sort((a, b) => a.pos - b.pos).map((c) => toGame(JSON.parse(c.card) as GameRow, currency));
}

/** games.get from the catalogue's own tables: ids and sysnames, and whatever the ranks cannot answer. */
async function getGamesFromTables(q: GameQuery, ctx: PlatformContext): Promise<{ items: Game[]; count: number }> {
  const resolved = await resolve(ctx.db, q);
  const { page, total } = buildGameQuery(resolved, ctx.locale, ctx.defaultLocale);
  const [site, rows, counted] = await Promise.all([
    readGeneralInfo<{ default_currency: string }>(ctx),
    ctx.db
      .prepare(page.sql)
      .bind(...page.binds)
      .all<GameRow>(),
    ctx.db
      .prepare(total.sql)
      .bind(...total.binds)
      .first<{ n: number }>(),
  ]);
  return { items: rows.results.map((r) => toGame(r, site.default_currency)), count: counted?.n ?? 0 };
}

/**
 * games.getSections: several category pages at once (the home page's rows), from the ranks in ONE
 * statement. A section whose category the catalogue does not have answers empty; while the ranks
 * are stale each section is answered by getGames.
 */
export async function getSections(sections: GameQuery[], ctx: PlatformContext): Promise<Array<{ items: Game[]; count: number }>> {
  if (sections.length === 0) return [];
  const { sql, binds } = rankedSections(sections, ctx.locale, ctx.defaultLocale);
  const { results } = await ctx.db
    .prepare(sql)
    .bind(...binds)
    .all<MetaRow | CardRow>();
  const metas = results.filter((r): r is MetaRow => r.kind === 0);
  if (metas.some((m) => m.fresh !== 1) || metas[0]?.site == null) {
    return Promise.all(sections.map((q) => getGames(q, ctx).catch(() => ({ items: [], count: 0 }))));
  }
  const currency = (JSON.parse(metas[0].site) as { default_currency: string }).default_currency;
  return sections.map((q, i) => {
    const meta = metas.find((m) => m.sec === i)!;
    if (!rankedAnswerStands(meta, q)) return { items: [], count: 0 };
    const cards = results.filter((r): r is CardRow => r.kind === 1 && r.sec === i).sort((a, b) => a.pos - b.pos);
    return { items: cards.map((c) => toGame(JSON.parse(c.card) as GameRow, currency)), count: meta.total };
  });
}

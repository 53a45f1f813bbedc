import type { GameQuery } from "../../../core/api/entities-games";
import { RANK_BLOCK, type Sort } from "./ranks";

/**
 * games.get for two or more providers without a search (decision 0025): the page of the union of
 * the providers' own rank lists, merged, so it reads about the rows it shows at any offset and in
 * any sort, however many providers are ticked.
 *
 * Each provider has its ranks in its scope (`p:<provider>`, or `c:<category>|p:<provider>`), and
 * every entry carries its position in the whole catalogue (`gpos`), which orders entries of
 * different providers against each other. The union's position O falls in some block of the
 * parent scope (the whole catalogue or the category, RANK_BLOCK positions each): game_rank_blocks
 * says, per block, how many of each provider's games come before it, so a binary search over the
 * blocks (one row per step, whatever the number of providers) finds the last block starting at or
 * before union position O and the first one starting at or after O + count. Between those two
 * blocks each provider's entries are one range of its ranks, fewer than count + 2 * RANK_BLOCK in
 * all: read by position, ordered by gpos in the Worker (mergedPage), and the page's cards read by
 * their ids (searchCards). Rows read: about 2 log2(blocks) + count + 2 * RANK_BLOCK + count cards,
 * in two statements, for any number of providers (the API takes at most 50).
 */

/**
 * Kind 3, one row (none when the offset is past the end): `pos` the number of the union's games
 * before the start block, `card` each provider's entries between the blocks, JSON
 * `[[[gpos, game_id], …], …]`.
 */
export interface ListRow {
  sec: number;
  kind: 3;
  pos: number;
  card: string;
}

/** The parent scope whose blocks a provider filter narrows: the category's, or the catalogue's. */
const parentScope = (q: GameQuery) => (q.category === undefined ? "" : `c:${q.category}`);

/**
 * The page's lists as a SELECT of (pos, card) rows. `names` are the placeholders of the providers'
 * sysnames, each bound once; `blockSum(col)` adds up their counts in one block's JSON.
 */
export function mergedPageSelect(q: GameQuery, names: string[], bind: (v: unknown) => string): string {
  const sort: Sort = q.sort ?? "popular";
  const parent = bind(parentScope(q));
  const sortKey = bind(sort);
  const offset = bind(q.offset);
  const end = bind(q.offset + q.count);
  const block = (n: string) => `(SELECT counts FROM game_rank_blocks WHERE scope = ${parent} AND sort = ${sortKey} AND block = ${n})`;
  const probe = (n: string) => `(SELECT ${blockSum("counts", names)} FROM game_rank_blocks WHERE scope = ${parent} AND sort = ${sortKey} AND block = ${n})`;
  const listScope = `${bind(q.category === undefined ? "" : `c:${q.category}|`)} || 'p:' || v.column1`;
  // Each provider's entries between the blocks, one position at a time: an equality lookup reads
  // exactly its row, where a range would read one more (the row that ends it) per provider. Only
  // the one edges row is scanned; the providers and the steps are VALUES in nested subqueries
  // (a VALUES list read as the first table of its query reads no rows, one joined to it would).
  const steps = Array.from({ length: q.count + 2 * RANK_BLOCK }, (_, i) => `(${i})`).join(", ");
  const at = (col: string) => `COALESCE(json_extract(${col}, '$."' || v.column1 || '"'), 0)`;
  // Binary lifting, both searches at once: lo1 is the last block with at most O games of the union
  // before it, lo2 the last with fewer than O + count; each step tries lo + step, halving the
  // step, from the largest power of two up to the last block (a try past it reads nothing). While
  // lo1 = lo2 (most steps: the page's two ends are close) one block read serves both, so they
  // travel packed in one column, lo1 * PACK + lo2, and a step adds both increments at once.
  const firstStep = `CASE ${POWERS.map((p) => `WHEN last >= ${p} THEN ${p}`).join(" ")} ELSE 0 END`;
  const [lo1, lo2] = [`(lo / ${PACK})`, `(lo % ${PACK})`];
  const tryStep = (lo: string, test: string, inc: string) => `CASE WHEN ${lo} + step <= last AND ${probe(`${lo} + step`)} ${test} THEN ${inc} ELSE 0 END`;
  const both = `(SELECT CASE WHEN s <= ${offset} THEN step * ${PACK} ELSE 0 END + CASE WHEN s < ${end} THEN step ELSE 0 END
    FROM (SELECT ${blockSum("counts", names)} AS s FROM game_rank_blocks WHERE scope = ${parent} AND sort = ${sortKey} AND block = ${lo1} + step))`;
  const increment = `CASE WHEN ${lo1} = ${lo2} THEN CASE WHEN ${lo1} + step <= last THEN ${both} ELSE 0 END
    ELSE ${tryStep(lo1, `<= ${offset}`, `step * ${PACK}`)} + ${tryStep(lo2, `< ${end}`, "step")} END`;
  return `WITH RECURSIVE
    top (last, total) AS (
      SELECT block, ${blockSum("counts", names)} FROM game_rank_blocks WHERE scope = ${parent} AND sort = ${sortKey} ORDER BY block DESC LIMIT 1),
    bs (step, last, lo) AS (
      SELECT ${firstStep}, last, 0 FROM top WHERE total > ${offset}
      UNION ALL
      SELECT step / 2, last, lo + ${increment} FROM bs WHERE step > 0),
    edges (a, b) AS MATERIALIZED (SELECT ${block(lo1)}, ${block(`min(${lo2} + 1, last)`)} FROM bs WHERE step = 0)
  SELECT ${blockSum("e.a", names)} AS pos, (
    SELECT json_group_array(json((
      SELECT json_group_array(json_array(r.gpos, r.game_id))
      FROM (VALUES ${steps}) o CROSS JOIN game_ranks r ON r.scope = ${listScope} AND r.sort = ${sortKey} AND r.pos = ${at("e.a")} + o.column1
      WHERE o.column1 < ${at("e.b")} - ${at("e.a")})))
    FROM (VALUES ${names.map((n) => `(${n})`).join(", ")}) v) AS card
  FROM edges e`;
}

/** lo1 and lo2 packed in one integer: more than any block number (POWERS). */
const PACK = 2 ** 21;

/** Powers of two down to 1, from one past any block count a catalogue reaches (2^20 blocks: 16M games). */
const POWERS = Array.from({ length: 21 }, (_, i) => 2 ** (20 - i));

/** The sum of the named providers' counts in a block's JSON (a provider it lacks counts 0). */
export function blockSum(col: string, names: string[]): string {
  return names.map((n) => `COALESCE(json_extract(${col}, '$."' || ${n} || '"'), 0)`).join(" + ");
}

/** The union's total: each provider's total in the parent scope's last block. */
export function mergedTotal(q: GameQuery, names: string[], bind: (v: unknown) => string): string {
  return `COALESCE((SELECT ${blockSum("counts", names)} FROM game_rank_blocks WHERE scope = ${bind(parentScope(q))} AND sort = 'popular'
    ORDER BY block DESC LIMIT 1), 0)`;
}

/**
 * How many of the named providers exist: the whole catalogue's last block names every provider
 * (decision 0025), so this reads one row, however many are named.
 */
export function providersKnown(names: string[]): string {
  if (names.length === 0) return "0";
  const known = names.map((n) => `(json_type(counts, '$."' || ${n} || '"') IS NOT NULL)`).join(" + ");
  return `COALESCE((SELECT ${known} FROM game_rank_blocks WHERE scope = '' AND sort = 'popular' ORDER BY block DESC LIMIT 1), 0)`;
}

/** The page's game ids, in order: the lists merged by catalogue position, those before O skipped. */
export function mergedPage(rows: ListRow[], q: GameQuery): number[] {
  const row = rows[0];
  if (!row) return [];
  const entries = (JSON.parse(row.card) as Array<Array<[number, number]>>).flat();
  entries.sort((a, b) => a[0] - b[0]);
  const skip = q.offset - row.pos;
  return entries.slice(skip, skip + q.count).map(([, id]) => id);
}

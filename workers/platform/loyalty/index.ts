import type { LoyaltyInfo, LoyaltyProduct } from "../../../core/api/contract-loyalty";
import { PlatformError } from "../../../core/api/errors";
import type { Handlers, PlatformContext } from "../core/context";
import { readerCurrency } from "../wallet/currency";
import { ensureAccount } from "./ledger";
import { takeUnread } from "./notices";
import { buyProduct } from "./shop";
import {
  characterView,
  levelOf,
  levelView,
  PRODUCT_JOINS,
  type ProductNumbers,
  productNumberColumns,
  productValues,
  programView,
  ratesOf,
  readLevels,
  type CharacterRow,
  type ProgramRow,
} from "./view";
import { claimReader } from "../claims/values";
import { ownHeadingOf, textsOf } from "../core/texts";

/** The loyalty.* methods (issue 20, decision 0046). */

type LoyaltyMethods =
  | "loyalty.getinfo"
  | "loyalty.getcharacters"
  | "loyalty.setcharacter"
  | "loyalty.getproducts"
  | "loyalty.buyproduct"
  | "loyalty.getnotifications"
  | "loyalty.getPrograms"
  | "loyalty.getProgram";

const notFound = (field: string, message: string) => new PlatformError("InvalidParameter", message, { status: 404, fields: { [field]: [message] } });

/** The programme characters and products belong to: the first active one. */
async function activeProgram(db: D1Database): Promise<ProgramRow> {
  const p = await db.prepare("SELECT * FROM loyalty_programs WHERE is_active = 1 ORDER BY position, id LIMIT 1").first<ProgramRow>();
  if (!p) throw notFound("id", "There is no loyalty programme");
  return p;
}

interface AccountRow {
  uid: number;
  program_id: number;
  points: number;
  experience: number;
  wagered: number;
  character_id: number | null;
  currency: string;
}

async function info(ctx: PlatformContext): Promise<LoyaltyInfo> {
  const db = ctx.player();
  const read = () =>
    db.prepare("SELECT a.*, u.currency FROM loyalty_accounts a JOIN users u ON u.uid = a.uid WHERE a.uid = ?1").bind(ctx.uid).first<AccountRow>();
  // A read writes only the first time: the account is created then (or at the first counted event).
  let account = await read();
  if (!account) {
    await ensureAccount(db, "?1", [ctx.uid], Date.now()).run();
    account = await read();
  }
  if (!account) throw notFound("id", "There is no loyalty programme");
  const [program, levelRows, character] = await Promise.all([
    ctx.db.prepare("SELECT * FROM loyalty_programs WHERE id = ?1").bind(account.program_id).first<ProgramRow>(),
    readLevels(ctx.db, account.program_id),
    account.character_id ? ctx.db.prepare("SELECT * FROM loyalty_characters WHERE id = ?1").bind(account.character_id).first<CharacterRow>() : null,
  ]);
  const levels = levelRows.map((l) => levelView(l, ctx.locale, ctx.defaultLocale));
  const level = levelOf(levels, account.experience)!;
  const span = level.maxValue === null ? null : level.maxValue - level.minValue;
  const value = ratesOf(program!, account.currency).value_per_1000 ?? 0;
  return {
    id: program!.id,
    is_active: program!.is_active === 1,
    points: account.points,
    character: character ? characterView(character, ctx.locale, ctx.defaultLocale) : null,
    levels,
    pointsAlias: String(textsOf(program!.texts, ctx.locale, ctx.defaultLocale).points_alias ?? "points"),
    uid: ctx.uid,
    experience: account.experience,
    level,
    progress: {
      minValue: level.minValue,
      maxValue: level.maxValue,
      expCount: account.experience,
      percent: span === null ? 100 : Math.min(100, Math.floor(((account.experience - level.minValue) * 100) / span)),
    },
    points_value: { amount: Math.floor((account.points * value) / 1000), currency: account.currency },
    wagered: { amount: account.wagered, currency: account.currency },
    // value of experience (all points earned) ÷ wagered, in basis points: exp × value/1000 × 10000 / wagered.
    return_rate_bp: account.wagered > 0 ? Math.floor((account.experience * value * 10) / account.wagered) : null,
  };
}

interface ProductRow extends ProductNumbers {
  id: number;
  sysname: string;
  stock: number | null;
  per_player_limit: number | null;
  image: string | null;
  texts: string;
  reward_sysname: string | null;
  purchased: number;
}

async function products(ctx: PlatformContext, offset: number, limit: number) {
  // The reader's market too: a product's bonus is described with the wagering it would be held to (decision 0083).
  const [program, reader] = await Promise.all([activeProgram(ctx.db), claimReader(ctx)]);
  const { currency } = reader;
  // A player's purchases are in their tables (decision 0075); a visitor has none.
  const purchased = ctx.uid > 0 ? "(SELECT COUNT(*) FROM loyalty_purchases lp WHERE lp.uid = ?2 AND lp.product_id = pr.id)" : "0";
  const { results } = await (ctx.uid > 0 ? ctx.player() : ctx.db)
    .prepare(
      `SELECT pr.id, pr.sysname, pr.stock, pr.per_player_limit, pr.image, pr.texts, COALESCE(pt.sysname, pf.sysname) AS reward_sysname,
         ${productNumberColumns("?3")}, ${purchased} AS purchased
       FROM loyalty_products pr ${PRODUCT_JOINS("?3")}
       WHERE pr.program_id = ?1 AND pr.is_enabled = 1 ORDER BY pr.position, pr.id`,
    )
    .bind(program.id, ctx.uid, currency)
    .all<ProductRow>();
  // Stock is what every player uses up: the site's count (D1), not the copy in the player's object
  // (which the read above used for a signed-in player).
  const stock =
    ctx.uid > 0
      ? new Map(
          (
            await ctx.db.prepare("SELECT id, stock FROM loyalty_products WHERE program_id = ?1").bind(program.id).all<{ id: number; stock: number | null }>()
          ).results.map((r) => [r.id, r.stock]),
        )
      : null;
  const items = results.slice(offset, offset + limit).map((r): LoyaltyProduct => {
    const amount = r.reward_type === "money" ? r.money_amount : r.reward_type === "bonus" ? r.bonus_amount : null;
    return {
      ...ownHeadingOf(r, ctx.locale, ctx.defaultLocale, "product", productValues(r, currency, reader.rules)),
      price: r.price,
      stock: stock?.has(r.id) ? stock.get(r.id)! : r.stock,
      per_player_limit: r.per_player_limit,
      purchased: r.purchased,
      reward: { type: r.reward_type, sysname: r.reward_sysname, amount: amount != null ? { amount, currency } : null },
    };
  });
  return { items, total: results.length };
}

async function characters(ctx: PlatformContext, offset: number, limit: number) {
  const program = await activeProgram(ctx.db);
  // Two reads of the configuration, not one batch: the isolate answers each (core/config-reads.ts).
  const [page, total] = await Promise.all([
    ctx.db
      .prepare("SELECT * FROM loyalty_characters WHERE program_id = ?1 ORDER BY position, id LIMIT ?2 OFFSET ?3")
      .bind(program.id, limit, offset)
      .all<CharacterRow>(),
    ctx.db.prepare("SELECT COUNT(*) AS n FROM loyalty_characters WHERE program_id = ?1").bind(program.id).first<number>("n"),
  ]);
  const items = page.results.map((c) => characterView(c, ctx.locale, ctx.defaultLocale));
  return { items, offset, limit, total: total ?? 0 };
}

async function setCharacter(ctx: PlatformContext, id: number) {
  const now = Date.now();
  const db = ctx.player();
  const [, updated] = await db.batch([
    ensureAccount(db, "?1", [ctx.uid], now),
    db
      .prepare(
        `UPDATE loyalty_accounts SET character_id = ?2, updated_at = ?3 WHERE uid = ?1
           AND EXISTS (SELECT 1 FROM loyalty_characters c WHERE c.id = ?2 AND c.program_id = loyalty_accounts.program_id)`,
      )
      .bind(ctx.uid, id, now),
  ]);
  if ((updated!.meta.changes ?? 0) === 0) throw notFound("id", "No such character");
  const row = await ctx.db.prepare("SELECT * FROM loyalty_characters WHERE id = ?1").bind(id).first<CharacterRow>();
  return characterView(row!, ctx.locale, ctx.defaultLocale);
}

async function programs(ctx: PlatformContext, where: string, binds: unknown[], offset = 0, limit = 1) {
  const currency = await readerCurrency(ctx);
  const [page, total] = await ctx.db.batch([
    ctx.db
      .prepare(`SELECT * FROM loyalty_programs WHERE ${where} ORDER BY position, id LIMIT ?${binds.length + 1} OFFSET ?${binds.length + 2}`)
      .bind(...binds, limit, offset),
    ctx.db.prepare(`SELECT COUNT(*) AS n FROM loyalty_programs WHERE ${where}`).bind(...binds),
  ]);
  const rows = page!.results as unknown as ProgramRow[];
  const items = await Promise.all(rows.map(async (p) => programView(p, await readLevels(ctx.db, p.id), currency, ctx.locale, ctx.defaultLocale)));
  return { items, offset, limit, total: (total!.results[0] as { n: number }).n };
}

export const loyaltyHandlers: Handlers<LoyaltyMethods> = {
  "loyalty.getinfo": (_, ctx) => info(ctx),
  "loyalty.getcharacters": ({ offset, limit }, ctx) => characters(ctx, offset, limit),
  "loyalty.setcharacter": ({ id }, ctx) => setCharacter(ctx, id),
  "loyalty.getproducts": ({ offset, limit }, ctx) => products(ctx, offset, limit),
  "loyalty.buyproduct": ({ product_id, key }, ctx) => buyProduct(ctx, product_id, key),
  async "loyalty.getnotifications"(_, ctx) {
    return { items: await takeUnread(ctx.player(), ctx.uid, ctx.locale, ctx.defaultLocale) };
  },
  "loyalty.getPrograms": ({ offset, limit }, ctx) => programs(ctx, "1", [], offset, limit),
  async "loyalty.getProgram"({ id, sysname }, ctx) {
    const { items } = id !== undefined ? await programs(ctx, "id = ?1", [id]) : await programs(ctx, "sysname = ?1", [sysname]);
    if (!items[0]) throw notFound(id !== undefined ? "id" : "sysname", "No such loyalty programme");
    return items[0];
  },
};

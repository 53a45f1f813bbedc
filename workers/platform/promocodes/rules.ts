import { claimReader, filledTexts } from "../claims/values";
import type { PlatformContext } from "../core/context";
import type { PromoCodeError, PromoCodeInfo } from "../../../core/api/contract-promocodes";
import { PlatformError } from "../../../core/api/errors";

/**
 * Whether a promo code applies (decision 0044): read before the batch that redeems it, so a
 * refusal names its reason. The batch itself re-checks what can change in between (the window,
 * the total uses, once per player) and grants nothing if that no longer holds.
 */

export interface PromoCodeRow {
  code: string;
  starts_at: number;
  ends_at: number | null;
  max_uses: number | null;
  segment: "all" | "new" | "depositor";
  country_code: string | null;
  requires_deposit: number;
  is_enabled: number;
  grants: "bonus" | "freespins";
  texts: string;
  /** The sysname of the bonus or free-spin template it grants, whose numbers its title may claim (decision 0084). */
  template: string | null;
  uses: number;
  /** The smallest deposit the bonus template takes in the player's currency (0: any). */
  min_deposit: number;
}

/** Who redeems: a player (uid), or a visitor about to register (uid 0). */
export interface Redeemer {
  uid: number;
  currency: string | null;
  country: string | null;
  deposits: number;
}

/** How the code is being used: directly, with a registration, or with a deposit of `amount`. */
export type PromoContext = { kind: "activate" } | { kind: "registration" } | { kind: "deposit"; amount?: number };

export async function loadPromoCode(db: D1Database, code: string, currency: string | null): Promise<PromoCodeRow | null> {
  return db
    .prepare(
      `SELECT c.*, CASE WHEN c.bonus_template_id IS NULL THEN 'freespins' ELSE 'bonus' END AS grants,
         COALESCE(bt.texts, ft.texts, '{}') AS texts, COALESCE(bt.sysname, ft.sysname) AS template,
         (SELECT COUNT(*) FROM promo_redemptions r WHERE r.code = c.code) AS uses,
         COALESCE((SELECT a.min_deposit FROM bonus_template_amounts a WHERE a.template_id = c.bonus_template_id AND a.currency = ?2), 0) AS min_deposit
       FROM promo_codes c LEFT JOIN bonus_templates bt ON bt.id = c.bonus_template_id
         LEFT JOIN freespin_templates ft ON ft.id = c.freespin_template_id
       WHERE c.code = ?1`,
    )
    .bind(code, currency)
    .first<PromoCodeRow>();
}

/**
 * The player's currency, country and successful deposits; a visitor's country as they gave it.
 * `db`: player `uid`'s own tables (ctx.player(), playerTables): the deposits are theirs, and the
 * currency and country are in the `users` row their object mirrors.
 */
export async function loadRedeemer(db: D1Database, uid: number, visitor: Partial<Redeemer> = {}): Promise<Redeemer> {
  if (uid <= 0) return { uid: 0, currency: visitor.currency ?? null, country: visitor.country ?? null, deposits: 0 };
  const row = await db
    .prepare(
      `SELECT currency, country_code,
         (SELECT COUNT(*) FROM cashier_transactions d WHERE d.uid = u.uid AND d.type = 'deposit' AND d.status = 'success') AS deposits
       FROM users u WHERE uid = ?1`,
    )
    .bind(uid)
    .first<{ currency: string; country_code: string; deposits: number }>();
  return { uid, currency: row?.currency ?? null, country: row?.country_code ?? "", deposits: row?.deposits ?? 0 };
}

/** Why this code does not apply, or null when it does. */
export async function promoCodeProblem(
  db: D1Database,
  row: PromoCodeRow | null,
  who: Redeemer,
  context: PromoContext,
  now = Date.now(),
): Promise<PromoCodeError | null> {
  if (row?.is_enabled !== 1 || now < row.starts_at) return "INVALID";
  if (row.ends_at !== null && now >= row.ends_at) return "EXPIRED";
  if (row.segment === "new" && who.deposits > 0) return "NOT_ELIGIBLE";
  if (row.segment === "depositor" && who.deposits === 0) return "NOT_ELIGIBLE";
  // country null: a visitor not yet asked (registration asks); "" : known to have none.
  if (row.country_code && who.country !== null && row.country_code !== who.country) return "NOT_ELIGIBLE";
  if (who.uid > 0) {
    const mine = await db.prepare("SELECT 1 FROM promo_redemptions WHERE code = ?1 AND uid = ?2").bind(row.code, who.uid).first();
    if (mine) return "USED";
  }
  if (row.max_uses !== null && row.uses >= row.max_uses) return "USED";
  if (row.requires_deposit === 1 && context.kind !== "deposit") return "DEPOSIT_REQUIRED";
  if (context.kind === "deposit" && context.amount !== undefined && context.amount < row.min_deposit) return "DEPOSIT_TOO_SMALL";
  return null;
}

/** The refusal the API answers: a field error on promo_code carrying the reason's code. */
export const promoCodeError = (problem: PromoCodeError) =>
  new PlatformError("InvalidParameter", `Promo code refused: ${problem}`, { fields: { promo_code: [problem] } });

/**
 * What a valid code grants, titled by its template in the reader's locale, the numbers the title
 * claims filled from the template for the reader (decision 0084); the code itself when none can be.
 */
export async function promoCodeInfo(ctx: PlatformContext, row: PromoCodeRow): Promise<PromoCodeInfo> {
  const texts = JSON.parse(row.texts) as Record<string, { title?: string }>;
  const title = texts[ctx.locale]?.title ?? texts[ctx.defaultLocale]?.title ?? texts.en?.title;
  const filled =
    title && row.template
      ? await filledTexts(ctx.db, { title }, JSON.stringify({ [row.grants]: `${row.grants}:${row.template}` }), await claimReader(ctx))
      : null;
  return { code: row.code, grants: row.grants, title: filled?.texts.title || row.code, requires_deposit: row.requires_deposit === 1 };
}

import type { WheelCampaign, WheelError, WheelReward, WheelSector } from "../../../core/api/contract-wheel";
import { PlatformError } from "../../../core/api/errors";
import type { PlatformContext } from "../core/context";
import { formatMoney } from "../../../core/money";
import { countValue, moneyValue, type OwnValues, ownHeadingOf, ownText, textsOf } from "../core/texts";
import { moneyIn } from "../rewards/configured";

/** Wheel rows as read from D1 and how the contract shows them (texts per locale; decision 0047). */

/** A refusal of the wheel: the HTTP status, and `params.code` one of the contract's WHEEL_ERRORS. */
export function wheelError(code: WheelError, message: string, status: number, field = "campaign_id"): PlatformError {
  return new PlatformError("InvalidParameter", message, { status, params: { code }, fields: { [field]: [message] } });
}

export const unknownCampaign = () => wheelError("unknown_campaign", "No such wheel campaign", 404);

/** A campaign is open (spins and purchases) while enabled and between its start and end. ?N is now. */
export const OPEN = (alias: string, now: string) =>
  `${alias}.is_enabled = 1 AND ${alias}.starts_at <= ${now} AND (${alias}.ends_at IS NULL OR ${alias}.ends_at > ${now})`;

export interface CampaignRow {
  id: number;
  sysname: string;
  image: string | null;
  is_spin_cost: number;
  spin_price: string | null;
  spin_price_points: number | null;
  starts_at: number;
  ends_at: number | null;
  texts: string;
  is_enabled: number;
  /** The biggest money its sectors pay in the reader's currency (`wheelTopSql`), where read. */
  top?: number | null;
}

/**
 * The biggest money campaign `campaign`'s sectors pay (cash, or a bonus's amount) in currency
 * `currency` (SQL parameters or columns): what "win up to" claims (decision 0084).
 */
export const wheelTopSql = (currency: string, campaign = "c.id") =>
  `(SELECT MAX(CASE s.reward_type WHEN 'money' THEN json_extract(s.money, '$.' || ${currency}) WHEN 'bonus' THEN a.amount END)
    FROM wheel_sectors s LEFT JOIN bonus_template_amounts a ON a.template_id = s.bonus_template_id AND a.currency = ${currency}
    WHERE s.campaign_id = ${campaign})`;

/** A campaign's own numbers for its texts ("Buy spins for {{wheel.price}} … win up to {{wheel.top}}"). */
export function wheelValues(r: Pick<CampaignRow, "spin_price" | "spin_price_points" | "top">, currency: string): OwnValues {
  const price = moneyIn(r.spin_price, currency);
  return { top: moneyValue(r.top, currency), price: moneyValue(price, currency), points_price: countValue(r.spin_price_points) };
}

export interface SectorRow {
  id: number;
  campaign_id: number;
  position: number;
  weight: number;
  color: string;
  reward_type: WheelReward["type"];
  points: number | null;
  money: string | null;
  spins: number | null;
  stock: number | null;
  bonus_template_id: number | null;
  freespin_template_id: number | null;
  fallback: "nothing" | "points";
  fallback_points: number | null;
  texts: string;
  /** The bonus or free-spin template's sysname. */
  template_sysname: string | null;
  /** The bonus template's amount in the reader's currency. */
  bonus_amount: number | null;
  /** Free spins in the free-spin template's pack. */
  pack_count: number | null;
  /** The bonus template's wagering multiplier (valuing the prize, decision 0058). */
  bonus_wager: number | null;
  /** The free-spin pack's bet in the reader's currency (valuing the prize). */
  pack_bet: number | null;
}

export function campaignView(r: CampaignRow, balance: number, currency: string, ctx: PlatformContext): WheelCampaign {
  const price = moneyIn(r.spin_price, currency);
  return {
    ...ownHeadingOf(r, ctx.locale, ctx.defaultLocale, "wheel", wheelValues(r, currency)),
    is_spin_cost: r.is_spin_cost === 1,
    spin_balance: balance,
    spin_price: price === null ? null : { amount: price, currency },
    spin_price_points: r.spin_price_points,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
  };
}

/** The sectors of a campaign in wheel order, with their templates' names and sizes in `currency`. */
export async function readSectors(db: D1Database, campaignId: number, currency: string): Promise<SectorRow[]> {
  const { results } = await db
    .prepare(
      `SELECT s.*, COALESCE(t.sysname, f.sysname) AS template_sysname, a.amount AS bonus_amount, f.count AS pack_count,
         t.wager_multiplier AS bonus_wager, fb.bet AS pack_bet
       FROM wheel_sectors s LEFT JOIN bonus_templates t ON t.id = s.bonus_template_id
         LEFT JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = ?2
         LEFT JOIN freespin_templates f ON f.id = s.freespin_template_id
         LEFT JOIN freespin_template_bets fb ON fb.template_id = f.id AND fb.currency = ?2
       WHERE s.campaign_id = ?1 ORDER BY s.position, s.id`,
    )
    .bind(campaignId, currency)
    .all<SectorRow>();
  return results;
}

const NO_LUCK: Record<string, string> = { en: "No luck", es: "Sin suerte", pt: "Sem sorte", ar: "لا حظ" };
const POINTS: Record<string, string> = { en: "points", es: "puntos", pt: "pontos", ar: "نقطة" };
const word = (words: Record<string, string>, locale: string, fallback: string) => words[locale] ?? words[fallback] ?? words.en!;

/**
 * A sector's title in `locale` with its prize's own numbers (decision 0084: "{{prize.amount}} cash"
 * reads "$1" to a dollar player and "R$5" to a real one); `otherwise` (the prize's type) when it cannot be derived.
 */
export function prizeTitle(texts: string, prize: Omit<WheelReward, "title">, locale: string, fallback: string, otherwise: string = prize.type): string {
  const values = {
    amount: prize.amount ? formatMoney(prize.amount) : null,
    points: prize.type === "points" ? countValue(prize.units) : null,
    spins: prize.type === "spins" || prize.type === "freespins" ? countValue(prize.units) : null,
  };
  return ownText(textsOf(texts, locale, fallback).title, "prize", values) || otherwise;
}

/** What a sector pays when it has stock. */
export function prizeOf(s: SectorRow, currency: string, locale: string, fallback: string): WheelReward {
  const money = s.reward_type === "money" ? moneyIn(s.money, currency) : s.reward_type === "bonus" ? s.bonus_amount : null;
  const units = s.reward_type === "points" ? s.points : s.reward_type === "spins" ? s.spins : s.reward_type === "freespins" ? s.pack_count : null;
  const prize = { type: s.reward_type, sysname: s.template_sysname, amount: money === null ? null : { amount: money, currency }, units };
  return { ...prize, title: prizeTitle(s.texts, prize, locale, fallback) };
}

/** What a stock-limited sector pays once its stock is gone (null for unlimited stock). */
/** What a sector pays instead of its prize: when out of stock, or `withheld` (a bonus the player's market gives them no more of). */
export function fallbackOf(s: SectorRow, locale: string, fallback: string, withheld = false): WheelReward | null {
  if (s.stock === null && !withheld) return null;
  if (s.fallback === "points")
    return { type: "points", sysname: null, amount: null, units: s.fallback_points, title: `${s.fallback_points} ${word(POINTS, locale, fallback)}` };
  return { type: "nothing", sysname: null, amount: null, units: null, title: word(NO_LUCK, locale, fallback) };
}

export function sectorViews(sectors: SectorRow[], currency: string, ctx: PlatformContext): { sectors: WheelSector[]; total: number } {
  const total = sectors.reduce((a, s) => a + s.weight, 0);
  return {
    total,
    sectors: sectors.map((s) => ({
      id: s.id,
      position: s.position,
      weight: s.weight,
      chance_ppm: total > 0 ? Math.floor((s.weight * 1_000_000) / total) : 0,
      color: s.color,
      reward: prizeOf(s, currency, ctx.locale, ctx.defaultLocale),
      stock: s.stock,
      fallback: fallbackOf(s, ctx.locale, ctx.defaultLocale),
    })),
  };
}

/** A campaign by id (enabled ones only; closed ones too, for reads and refusals); with `currency`, its top prize in it. */
export async function readCampaign(db: D1Database, id: number, currency?: string): Promise<CampaignRow> {
  const row = await (currency === undefined
    ? db.prepare("SELECT * FROM wheel_campaigns WHERE id = ?1 AND is_enabled = 1").bind(id)
    : db.prepare(`SELECT c.*, ${wheelTopSql("?2")} AS top FROM wheel_campaigns c WHERE c.id = ?1 AND c.is_enabled = 1`).bind(id, currency)
  ).first<CampaignRow>();
  if (!row) throw unknownCampaign();
  return row;
}

export const isOpen = (c: CampaignRow, now: number) => c.is_enabled === 1 && c.starts_at <= now && (c.ends_at === null || c.ends_at > now);

export async function spinBalance(db: D1Database, uid: number, campaignId: number): Promise<number> {
  if (uid <= 0) return 0;
  return (await db.prepare("SELECT spins FROM wheel_spin_balances WHERE uid = ?1 AND campaign_id = ?2").bind(uid, campaignId).first<number>("spins")) ?? 0;
}

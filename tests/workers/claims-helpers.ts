import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { parseClaimRef } from "../../core/claims.mjs";

/**
 * Shared by the marketing-claims tests (decision 0084): the numbers of a text, and the numbers a
 * configured object has — computed here from the configuration's rows, not by the platform's code.
 */

/** The one number a notice may type: the age of "18+ only". */
const AGE = 18;

/** Every number in a text ("$1,000.50" → 1000.5; "50%" → 50), Arabic-Indic digits read too. */
export function numbersIn(text: string): number[] {
  const latin = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/<[^>]*>/g, " ");
  return (latin.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, "")));
}

/** The numbers object `ref` has in `currency` (money in whole units), read from its rows; `cap`: the reader's market's wagering cap. */
export async function numbersOf(ref: string, currency: string, cap: number | null = null): Promise<number[]> {
  const { kind, sysname } = parseClaimRef(ref)!;
  const units = (minor: unknown) => (typeof minor === "number" ? [minor / 100] : []);
  const wager = (m: unknown) => (typeof m === "number" ? [cap === null ? m : Math.min(m, cap)] : []);
  const bonus = async (templateId: unknown) => {
    const t = await env.DB.prepare(
      "SELECT t.*, a.amount, a.cap, a.min_deposit, a.max_bet, a.max_cashout FROM bonus_templates t LEFT JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = ?2 WHERE t.id = ?1",
    )
      .bind(templateId, currency)
      .first<Record<string, number>>();
    if (!t) return [];
    return [
      t.percent!,
      ...units(t.amount),
      ...units(t.cap),
      ...units(t.min_deposit),
      ...wager(t.wager_multiplier),
      t.wagering_days!,
      ...units(t.max_bet),
      ...units(t.max_cashout),
    ];
  };
  switch (kind) {
    case "bonus":
      return bonus((await env.DB.prepare("SELECT id FROM bonus_templates WHERE sysname = ?1").bind(sysname).first<number>("id")) ?? 0);
    case "offer": {
      const o = await env.DB.prepare(
        "SELECT o.bonus_template_id, f.sysname AS spins FROM campaign_offers o LEFT JOIN freespin_templates f ON f.id = o.freespin_template_id WHERE o.sysname = ?1",
      )
        .bind(sysname)
        .first<{ bonus_template_id: number | null; spins: string | null }>();
      return [...(await bonus(o?.bonus_template_id)), ...(o?.spins ? await numbersOf(`freespins:${o.spins}`, currency, cap) : [])];
    }
    case "freespins": {
      const f = await env.DB.prepare(
        "SELECT f.count, f.expiry_days, b.bet, b.min_deposit, bt.wager_multiplier FROM freespin_templates f LEFT JOIN freespin_template_bets b ON b.template_id = f.id AND b.currency = ?2 LEFT JOIN bonus_templates bt ON bt.id = f.bonus_template_id WHERE f.sysname = ?1",
      )
        .bind(sysname, currency)
        .first<Record<string, number>>();
      return [f!.count!, f!.expiry_days!, ...units(f!.bet), ...units(f!.min_deposit), ...wager(f!.wager_multiplier)];
    }
    case "tournament": {
      const { results } = await env.DB.prepare(
        "SELECT p.place_from, p.place_to, json_extract(p.money, '$.' || ?2) AS money FROM tournament_prizes p JOIN tournaments t ON t.id = p.tournament_id WHERE t.sysname = ?1",
      )
        .bind(sysname, currency)
        .all<{ place_from: number; place_to: number; money: number | null }>();
      const pool = results.reduce((s, p) => s + (p.place_to - p.place_from + 1) * (p.money ?? 0), 0);
      const minBet = await env.DB.prepare("SELECT json_extract(min_bet, '$.' || ?2) AS m FROM tournaments WHERE sysname = ?1")
        .bind(sysname, currency)
        .first<number>("m");
      return [pool / 100, Math.max(...results.map((p) => p.place_to)), ...results.flatMap((p) => units(p.money)), ...units(minBet)];
    }
    case "wheel": {
      const { results } = await env.DB.prepare(
        `SELECT json_extract(s.money, '$.' || ?2) AS money, a.amount FROM wheel_sectors s JOIN wheel_campaigns c ON c.id = s.campaign_id
           LEFT JOIN bonus_template_amounts a ON a.template_id = s.bonus_template_id AND a.currency = ?2 WHERE c.sysname = ?1`,
      )
        .bind(sysname, currency)
        .all<{ money: number | null; amount: number | null }>();
      const c = await env.DB.prepare("SELECT json_extract(spin_price, '$.' || ?2) AS price, spin_price_points FROM wheel_campaigns WHERE sysname = ?1")
        .bind(sysname, currency)
        .first<{ price: number | null; spin_price_points: number | null }>();
      return [...results.flatMap((r) => [...units(r.money), ...units(r.amount)]), ...units(c?.price), ...(c?.spin_price_points ? [c.spin_price_points] : [])];
    }
    case "cashback": {
      const c = await env.DB.prepare(
        "SELECT c.percent, c.claim_days, m.min_loss, m.max_payout FROM cashback_programmes c LEFT JOIN cashback_programme_terms m ON m.programme_id = c.id AND m.currency = ?2 WHERE c.sysname = ?1",
      )
        .bind(sysname, currency)
        .first<Record<string, number>>();
      return [c!.percent!, c!.claim_days!, ...units(c!.min_loss), ...units(c!.max_payout)];
    }
  }
}

/** Checks every number of `texts` against the objects `claims` names. */
export async function expectDerived(
  what: string,
  texts: string[],
  claims: Record<string, string>,
  currency: string,
  cap: number | null = null,
  more: number[] = [],
) {
  const allowed = new Set([AGE, ...more, ...(await Promise.all(Object.values(claims).map((ref) => numbersOf(ref, currency, cap)))).flat()]);
  for (const text of texts) {
    for (const n of numbersIn(text))
      expect.soft(allowed.has(n), `${what}: ${n} in "${text}" is none of its objects' numbers (${[...allowed].join(", ")})`).toBe(true);
  }
}

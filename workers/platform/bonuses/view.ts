import type { PlayerBonus } from "../../../core/api/contract-bonuses";
import { type BonusTermRules, bonusTerms } from "../../../core/jurisdiction-rules";
import { bonusFields } from "../claims/values";
import { ownTexts } from "../core/texts";
import { expectedCost } from "./xray";

/** A player bonus as stored, with its template's terms and texts. */
export interface BonusRow {
  id: string;
  uid: number;
  type: "casino" | "betting";
  status: PlayerBonus["status"];
  currency: string;
  amount: number;
  deposit_amount: number;
  deposit_id: string | null;
  wager_required: number;
  wagered: number;
  max_bet: number | null;
  max_cashout: number | null;
  created_at: number;
  available_until: number;
  activated_at: number | null;
  expires_at: number | null;
  finished_at: number | null;
  change_token: string | null;
  /** Why it ended, when not for its status alone: 'deposit_withdrawn' (decision 0059). */
  end_reason: "deposit_withdrawn" | null;
  sysname: string;
  /** 1 when a betting bonus's win pays the stake back too (bonus_templates.stake_returned). */
  stake_returned: number;
  wager_multiplier: number;
  wager_base: "bonus" | "deposit_bonus";
  wagering_days: number;
  contributions: string;
  texts: string;
  /** The template's numbers in the bonus's currency, which its texts may claim (decision 0084). */
  t_percent: number | null;
  t_cap: number | null;
  t_min_deposit: number | null;
}

export const BONUS_SELECT = `SELECT b.*, t.sysname, t.stake_returned, t.wager_multiplier, t.wager_base, t.wagering_days, t.contributions, t.texts,
    t.percent AS t_percent, ta.cap AS t_cap, ta.min_deposit AS t_min_deposit
  FROM player_bonuses b JOIN bonus_templates t ON t.id = b.template_id
    LEFT JOIN bonus_template_amounts ta ON ta.template_id = t.id AND ta.currency = b.currency`;

/**
 * The texts of a locale, else the default locale's, else English, else the sysname, with the
 * numbers they claim filled from the bonus as granted (its amount, maximum bet and cash-out) and
 * its template (percentage, cap, minimum deposit), the wagering as the player's market holds it.
 */
function textsOf(row: BonusRow, locale: string, fallback: string, rules: BonusTermRules): { title: string; description: string } {
  const numbers = bonusFields(
    {
      percent: row.t_percent,
      amount: row.amount,
      cap: row.t_cap,
      min_deposit: row.t_min_deposit,
      wager_multiplier: row.wager_multiplier,
      wager_base: row.wager_base,
      wagering_days: row.wagering_days,
      max_bet: row.max_bet,
      max_cashout: row.max_cashout,
    },
    { currency: row.currency, rules },
  );
  return ownTexts(row.texts, locale, fallback, "bonus", numbers, row.sysname);
}

/**
 * A bonus as the player sees it; `rtpBp`: the average slot RTP the X-ray's estimate uses (see
 * xray.ts); `rules`: the player's market's bonus rules, which held its terms when it was granted
 * and hold them when it is activated (core/jurisdiction-rules.ts `bonusTerms`).
 */
export function bonusView(row: BonusRow, locale: string, defaultLocale: string, rtpBp: number, rules: BonusTermRules): PlayerBonus {
  const money = (amount: number) => ({ amount, currency: row.currency });
  const terms = bonusTerms(row, rules);
  const left = row.wager_required - row.wagered;
  const contributions = JSON.parse(row.contributions) as Record<string, unknown>;
  return {
    id: row.id,
    type: row.type,
    sysname: row.sysname,
    ...textsOf(row, locale, defaultLocale, rules),
    status: row.status,
    stake_returned: row.type === "betting" && row.stake_returned === 1,
    amount: money(row.amount),
    deposit: row.deposit_id ? money(row.deposit_amount) : null,
    deposit_id: row.deposit_id,
    wager_required: money(row.wager_required),
    wagered: money(row.wagered),
    wager_multiplier: terms.wager_multiplier,
    wager_base: terms.wager_base,
    progress: { minValue: 0, maxValue: row.wager_required, expCount: row.wagered },
    contributions: Object.fromEntries(Object.entries(contributions).filter((e): e is [string, number] => Number.isInteger(e[1]))),
    max_bet: row.max_bet === null ? null : money(row.max_bet),
    max_cashout: row.max_cashout === null ? null : money(row.max_cashout),
    xray: { rtp_bp: rtpBp, left_to_wager: money(left), expected_cost: money(expectedCost(left, rtpBp)), wagering_days: terms.wagering_days },
    created_at: row.created_at,
    available_until: row.available_until,
    activated_at: row.activated_at,
    expires_at: row.expires_at,
    finished_at: row.finished_at,
    end_reason: row.end_reason,
  };
}

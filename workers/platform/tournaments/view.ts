import type { Tournament, TournamentField, TournamentPrize, TournamentWinner } from "../../../core/api/contract-tournaments";
import { countValue, moneyValue, type OwnValues, ownText, textsOf } from "../core/texts";
import { moneyIn } from "../rewards/configured";

/** Tournament rows as read from D1 and how the contract shows them (decision 0048). */

export interface TournamentRow {
  id: number;
  sysname: string;
  status: Tournament["status"];
  starts_at: number;
  ends_at: number;
  scoring: Tournament["scoring"]["mode"];
  cap: number | null;
  min_bet: string | null;
  currencies: string;
  countries: string;
  opt_in: number;
  reset_on_cashout: number;
  provider: string | null;
  tags: string;
  extra: string;
  image: string | null;
  texts: string;
  finished_at: number | null;
  games_count: number;
  /** 1: settled sports bets score too (decision 0111). */
  sportsbook: number;
  /** A repeating race's window (decision 0116); null for a one-off. */
  repeat_hours: number | null;
  total_participants: number;
  total_points: number;
}

/**
 * The per-tournament counts ride the tournament's SELECT (alias t, over `TOURNAMENT_FROM`): kept as
 * numbers in `tournament_totals` (migration 0066), one row a tournament, not counted from its games
 * and entries on every read (issue 39: a page grew with the participants).
 */
export const TOURNAMENT_COLUMNS = `t.*, COALESCE(x.games, 0) AS games_count, COALESCE(x.participants, 0) AS total_participants,
  COALESCE(x.points, 0) AS total_points`;
export const TOURNAMENT_FROM = "tournaments t LEFT JOIN tournament_totals x ON x.tournament_id = t.id";

export interface PrizeRow {
  tournament_id: number;
  place_from: number;
  place_to: number;
  type: TournamentPrize["type"];
  money: string | null;
  bonus_template_id: number | null;
  freespin_template_id: number | null;
  texts: string;
  template_texts: string | null;
  /** The bonus template's amount in the currency asked. */
  bonus_amount: number | null;
  /** Free spins in the free-spin template's pack. */
  pack_count: number | null;
}

/** The prizes of some tournaments with their templates' amounts in `currency` (?1). */
export const PRIZES_SQL = (ids: string) =>
  `SELECT p.*, COALESCE(b.texts, f.texts) AS template_texts, a.amount AS bonus_amount, f.count AS pack_count
   FROM tournament_prizes p LEFT JOIN bonus_templates b ON b.id = p.bonus_template_id
     LEFT JOIN bonus_template_amounts a ON a.template_id = b.id AND a.currency = ?1
     LEFT JOIN freespin_templates f ON f.id = p.freespin_template_id
   WHERE p.tournament_id IN (${ids}) ORDER BY p.tournament_id, p.place_from`;

export function prizeView(p: PrizeRow, currency: string, locale: string, fallback: string): TournamentPrize {
  const amount = p.type === "money" ? moneyIn(p.money, currency) : p.type === "bonus" ? p.bonus_amount : null;
  const units = p.type === "freespins" ? p.pack_count : null;
  // The prize's own title, else its template's (a bonus's or a pack's, with their numbers: decision 0084), else its amount.
  const money = moneyValue(amount, currency);
  const own = ownText(textsOf(p.texts, locale, fallback).title, "prize", { amount: money, spins: countValue(units) });
  const templateTitle = textsOf(p.template_texts, locale, fallback).title;
  const template =
    p.type === "bonus"
      ? ownText(templateTitle, "bonus", { amount: money })
      : p.type === "freespins"
        ? ownText(templateTitle, "freespins", { count: countValue(units) })
        : undefined;
  return {
    place_from: p.place_from,
    place_to: p.place_to,
    type: p.type,
    amount: amount === null ? null : { amount, currency },
    units,
    title: own || template || (amount === null ? "" : `${(amount / 100).toFixed(2)} ${currency}`),
  };
}

/** Σ of the money prizes and bonus amounts over their places, in the currency the prizes were read in. */
export function totalPrize(prizes: TournamentPrize[], currency: string) {
  const amount = prizes.reduce((sum, p) => sum + (p.amount?.amount ?? 0) * (p.place_to - p.place_from + 1), 0);
  return { amount, currency };
}

/** The prize of a place, if any. */
export const prizeOf = <P extends { place_from: number; place_to: number }>(prizes: readonly P[], rank: number): P | null =>
  prizes.find((p) => p.place_from <= rank && rank <= p.place_to) ?? null;

/** The last place a prize is paid for (0: no prizes). */
export const lastPrized = (prizes: readonly { place_to: number }[]) => prizes.reduce((m, p) => Math.max(m, p.place_to), 0);

/**
 * A tournament's own numbers for its texts (decision 0084): the money its table pays in all, the
 * last place paid, the first and second places' money, the least bet that scores. `prizes` in
 * `currency`, their `amount` in minor units (a bonus's counts for no money here: it is not cash).
 */
export function tournamentValues(
  prizes: readonly { place_from: number; place_to: number; type: string; amount: number | null }[],
  minBet: number | null,
  currency: string,
): OwnValues {
  const money = (amount: number | null | undefined) => moneyValue(amount, currency);
  const paid = prizes.filter((p) => p.type === "money" && typeof p.amount === "number");
  const cash = (rank: number) => prizeOf(paid, rank)?.amount;
  return {
    pool: paid.length ? money(paid.reduce((sum, p) => sum + (p.place_to - p.place_from + 1) * p.amount!, 0)) : null,
    places: prizes.length ? String(lastPrized(prizes)) : null,
    top: money(cash(1)),
    second: money(cash(2)),
    min_bet: money(minBet),
  };
}

const list = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

export function tournamentView(
  r: TournamentRow,
  parts: { prizes: TournamentPrize[]; winners: TournamentWinner[] | null; userInfo: Tournament["user_info"]; games: string[] | null },
  fields: readonly TournamentField[],
  reader: { currency: string; locale: string; defaultLocale: string },
): Tournament {
  const t = textsOf(r.texts, reader.locale, reader.defaultLocale);
  const minBet = moneyIn(r.min_bet, reader.currency);
  const want = (f: TournamentField) => fields.includes(f);
  const own = tournamentValues(
    parts.prizes.map((p) => ({ ...p, amount: p.amount?.amount ?? null })),
    minBet,
    reader.currency,
  );
  return {
    id: r.id,
    sysname: r.sysname,
    title: ownText(t.title, "tournament", own) || r.sysname,
    image: r.image,
    status: r.status,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    scoring: { mode: r.scoring, cap: r.scoring === "multiplier" ? r.cap : null },
    games_count: r.games_count,
    total_prize: totalPrize(parts.prizes, reader.currency),
    restrictions: {
      currencies: list(r.currencies),
      countries: list(r.countries),
      min_bet: minBet === null ? null : { amount: minBet, currency: reader.currency },
      opt_in: r.opt_in === 1,
    },
    total_participants: r.total_participants,
    total_points: r.total_points,
    reset_on_cashout: r.reset_on_cashout === 1,
    provider: r.provider,
    tags: list(r.tags),
    extra: JSON.parse(r.extra || "{}") as Record<string, unknown>,
    description: want("description") ? (ownText(t.description, "tournament", own) ?? "") : null,
    prizes: want("prizes") ? parts.prizes : null,
    winners: want("winners") ? parts.winners : null,
    user_info: want("user_info") ? parts.userInfo : null,
    sportsbook: r.sportsbook === 1,
    repeat_hours: r.repeat_hours,
    games: want("games") ? parts.games : null,
  };
}

/**
 * The tournament's title per locale (its texts' `title`s), with its sysname as `"*"` for a locale
 * without one: a push's placeholder in every subscription's locale (push/send.ts PushParam).
 */
export const TITLES_BY_LOCALE_SQL = `json((SELECT json_set(json_group_object(j.key, json_extract(j.value, '$.title')), '$."*"', t.sysname)
  FROM json_each(t.texts) j WHERE json_extract(j.value, '$.title') IS NOT NULL))`;

import { env } from "cloudflare:workers";
import type { PlatformContext } from "../../workers/platform/core/context";
import { routedD1 } from "../../workers/platform/player/routed-d1";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { data } from "./helpers";
import { playerDb } from "./player-db";

/**
 * The sportsbook tests' own events (decision 0049): small inserts, so no test depends on the
 * seed's times or on the feed. Ids come from SQLite (max + 1), above the seed's fixed ids.
 */

export type Kind = "match_result" | "total" | "handicap";
export interface MarketSpec {
  kind?: Kind;
  line?: number | null;
  status?: "open" | "suspended" | "settled" | "void";
  /** Odds per outcome, in order: match result home/draw/away (draw left out for 2 odds), total over/under, handicap home/away. */
  odds: number[];
  is_main?: boolean;
}
export interface MadeEvent {
  id: number;
  markets: { id: number; selections: number[] }[];
}

let made = 0;
const teams = () => {
  made++;
  return { home: `Home ${made}`, away: `Away ${made}` };
};

const outcomes = (kind: Kind, n: number) =>
  kind === "match_result" ? (n === 3 ? ["home", "draw", "away"] : ["home", "away"]) : kind === "total" ? ["over", "under"] : ["home", "away"];

/** An event of the seeded football league (1) or `league`, with markets (default: one open match result). */
export async function makeEvent(
  opts: {
    status?: "prematch" | "live" | "finished" | "cancelled";
    league?: number;
    startsIn?: number;
    markets?: MarketSpec[];
    home?: string;
    away?: string;
  } = {},
): Promise<MadeEvent> {
  const t = teams();
  const event = await env.DB.prepare(
    `INSERT INTO sport_events (league_id, home, away, starts_at, status, score_home, score_away, minute, script, autoplay, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8, 0, ?9) RETURNING id`,
  )
    .bind(
      opts.league ?? 1,
      opts.home ?? t.home,
      opts.away ?? t.away,
      Date.now() + (opts.startsIn ?? 3_600_000),
      opts.status ?? "prematch",
      opts.status === "live" ? 0 : null,
      opts.status === "live" ? 10 : null,
      900_000 + made,
      Date.now(),
    )
    .first<number>("id");
  const specs = opts.markets ?? [{ odds: [200, 340, 380] }];
  const markets: MadeEvent["markets"] = [];
  for (const [i, m] of specs.entries()) {
    const kind = m.kind ?? "match_result";
    const line = kind === "match_result" ? null : (m.line ?? (kind === "total" ? 250 : -150));
    const marketId = (await env.DB.prepare(
      "INSERT INTO sport_markets (event_id, kind, line, is_main, status, position) VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id",
    )
      .bind(event, kind, line, (m.is_main ?? i === 0) ? 1 : 0, m.status ?? "open", i)
      .first<number>("id"))!;
    const selections: number[] = [];
    for (const [j, outcome] of outcomes(kind, m.odds.length).entries()) {
      selections.push(
        (await env.DB.prepare("INSERT INTO sport_selections (market_id, outcome, odds, position) VALUES (?1, ?2, ?3, ?4) RETURNING id")
          .bind(marketId, outcome, m.odds[j], j)
          .first<number>("id"))!,
      );
    }
    markets.push({ id: marketId, selections });
  }
  return { id: event!, markets };
}

export const setOdds = (selection: number, odds: number) => env.DB.prepare("UPDATE sport_selections SET odds = ?2 WHERE id = ?1").bind(selection, odds).run();
export const setMarket = (market: number, status: string) => env.DB.prepare("UPDATE sport_markets SET status = ?2 WHERE id = ?1").bind(market, status).run();
export const setEvent = (event: number, status: string) => env.DB.prepare("UPDATE sport_events SET status = ?2 WHERE id = ?1").bind(event, status).run();

/** Results as the feed writes them: each selection of the market its result, the market settled (or void). */
export async function settleMarket(market: MadeEvent["markets"][number], results: ("win" | "lose" | "void")[], status: "settled" | "void" = "settled") {
  await env.DB.batch([
    ...market.selections.map((s, i) => env.DB.prepare("UPDATE sport_selections SET result = ?2 WHERE id = ?1").bind(s, results[i])),
    env.DB.prepare("UPDATE sport_markets SET status = ?2 WHERE id = ?1").bind(market.id, status),
  ]);
}

let keys = 0;
export const betKey = () => `sb-test-${Date.now().toString(36)}-${++keys}`;

export async function fund(uid: number, amount: number): Promise<void> {
  await applyOperation(playerDb(uid), { uid, key: `sb-fund-${uid}-${++keys}`, type: "adjustment", changes: [{ kind: "main", delta: amount }] });
}

/** A registered player with `main` on the main balance (USD). */
export async function bettor(main = 0): Promise<Player> {
  const p = await registerPlayer();
  if (main) await fund(p.uid, main);
  return p;
}

export const balances = async (p: Player) => {
  const b = await data(p.browser.get("account/getBalance"));
  return { main: b.balance_main.amount as number, betting: b.balance_betting_bonus.amount as number };
};
export const ledgerSum = async (uid: number, kind: string) =>
  (await playerDb(uid).prepare("SELECT COALESCE(SUM(delta), 0) AS s FROM ledger WHERE uid = ?1 AND kind = ?2").bind(uid, kind).first<number>("s")) ?? 0;

/** Places a bet through the API; `odds` defaults to the current odds of the selections. */
export async function place(
  p: Player,
  fields: { selections: number[]; stake: number; kind?: string; odds?: number[]; funding?: string; key?: string; system?: [number, number] },
) {
  const odds =
    fields.odds ??
    (await Promise.all(
      fields.selections.map(async (s) => (await env.DB.prepare("SELECT odds FROM sport_selections WHERE id = ?1").bind(s).first<number>("odds"))!),
    ));
  return p.browser.post("sportsbook/placeBet", {
    kind: fields.kind ?? (fields.selections.length > 1 ? "accumulator" : "single"),
    selections: fields.selections.join(","),
    odds: odds.join(","),
    stake: fields.stake,
    funding: fields.funding,
    key: fields.key ?? betKey(),
    ...(fields.system ? { system_from: fields.system[0], system_to: fields.system[1] } : {}),
  });
}

/**
 * An active betting bonus of template `sysname` (5.00 USD): granted as the engine's grants shape
 * the row (the seed's 'free-bet-sr' has no trigger a test can pull), then activated through the API.
 */
export async function activeFreeBet(p: Player, sysname: "free-bet" | "free-bet-sr"): Promise<string> {
  if (sysname === "free-bet-sr") {
    await playerDb(p.uid)
      .prepare(
        `INSERT INTO player_bonuses (id, uid, template_id, type, status, currency, amount, deposit_amount, wager_required, max_bet, max_cashout, grant_key, created_at, available_until)
       SELECT lower(hex(randomblob(16))), ?1, t.id, 'betting', 'available', 'USD', a.amount, 0, a.amount, a.max_bet, a.max_cashout, 'test:' || t.sysname, ?2, ?2 + 86400000
       FROM bonus_templates t JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = 'USD' WHERE t.sysname = ?3`,
      )
      .bind(p.uid, Date.now(), sysname)
      .run();
  }
  const list = await data(p.browser.get("BettingBonuses/get"));
  const bonus = list.available.find((b: { sysname: string }) => b.sysname === sysname);
  await data(p.browser.post("BettingBonuses/activate", { bonus_id: bonus.id }));
  return bonus.id;
}

/** A context for calling platform code directly (as a handler would be called for this player). */
export function contextFor(uid: number, db: D1Database = env.DB): PlatformContext {
  return { env, db, player: () => routedD1(env, uid), uid, locale: "en", defaultLocale: "en", waitUntil: () => {} } as unknown as PlatformContext;
}

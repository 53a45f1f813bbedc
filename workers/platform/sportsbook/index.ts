import type { OddsChange } from "../../../core/api/contract-sportsbook";
import type { Handlers, PlatformContext } from "../core/context";
import { readBets } from "./bets";
import { placePlayerBet } from "./place";
import { readEvent, readEvents, readSlip, readSports, slipView } from "./read";
import { quoteBuilder } from "./builder";
import { cashOutBet, quoteCashOut, setAutoCashOut } from "./cashout";

/** The sportsbook.* methods (issue 23, decision 0049): reads, placement, the player's bets and settings. */

type SportsbookMethods =
  | "sportsbook.getSports"
  | "sportsbook.getEvents"
  | "sportsbook.getEvent"
  | "sportsbook.getSelections"
  | "sportsbook.priceBuilder"
  | "sportsbook.placeBet"
  | "sportsbook.getCashOut"
  | "sportsbook.cashOut"
  | "sportsbook.setAutoCashOut"
  | "sportsbook.getBets"
  | "sportsbook.getSettings"
  | "sportsbook.setSettings";

const reader = (ctx: PlatformContext) => ({ db: ctx.db, locale: ctx.locale, defaultLocale: ctx.defaultLocale, shared: ctx.shared });

async function readSetting(ctx: PlatformContext): Promise<OddsChange> {
  return (await ctx.player().prepare("SELECT odds_change FROM sport_settings WHERE uid = ?1").bind(ctx.uid).first<OddsChange>("odds_change")) ?? "higher";
}

export const sportsbookHandlers: Handlers<SportsbookMethods> = {
  "sportsbook.getSports": (_p, ctx) => readSports(reader(ctx)),
  "sportsbook.getEvents": (p, ctx) => readEvents(reader(ctx), p),
  "sportsbook.getEvent": (p, ctx) => readEvent(reader(ctx), p.event_id),
  "sportsbook.getSelections": async (p, ctx) => ({ items: (await readSlip(ctx.db, p.ids)).map((r) => slipView(r, reader(ctx))) }),
  "sportsbook.priceBuilder": (p, ctx) => quoteBuilder(ctx, p.event_id, p.legs),
  "sportsbook.placeBet": (p, ctx) => placePlayerBet(ctx, p),
  "sportsbook.getCashOut": (p, ctx) => quoteCashOut(ctx, p.bet_id),
  "sportsbook.cashOut": (p, ctx) => cashOutBet(ctx, p.token, p.amount),
  "sportsbook.setAutoCashOut": (p, ctx) => setAutoCashOut(ctx, p.bet_id, p.value),
  "sportsbook.getBets": (p, ctx) => readBets(ctx.player(), ctx.db, ctx.uid, p, reader(ctx)),
  "sportsbook.getSettings": async (_p, ctx) => ({ odds_change: await readSetting(ctx) }),
  "sportsbook.setSettings": async (p, ctx) => {
    await ctx
      .player()
      .prepare("INSERT INTO sport_settings (uid, odds_change) VALUES (?1, ?2) ON CONFLICT (uid) DO UPDATE SET odds_change = excluded.odds_change")
      .bind(ctx.uid, p.odds_change)
      .run();
    return { odds_change: p.odds_change };
  },
};

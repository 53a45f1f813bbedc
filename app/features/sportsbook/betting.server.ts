import { redirect, type RouterContextProvider } from "react-router";
import type { BuilderQuote, SlipSelection, Sport, SportBet, SportEvent, SportEventDetail } from "../../../core/api/contract-sportsbook";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { documentPath, loginRedirect } from "../../lib/access";
import { readCookie } from "../../../core/cookies";
import { formatDateTime } from "../../../core/dates";
import { createT } from "../../lib/i18n/translate";
import { getPlatform } from "../../middleware/platform.server";
import { seoMeta } from "../content/seo.server";
import { notFound } from "../errors/not-found.server";
import { getSite, indexPath } from "../site/site.server";
import { parseBettingQuery } from "./betting-query";
import { BUILDER_MAX_LEGS, SLIP_COOKIE, parseSlip, parseSlipLegs, serializeSlip, slipCookie, type SlipEntry, type SlipLeg } from "./slip-cookie";
import { workerContext } from "../../lib/context.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** A slip line: what the player picked (the odds they accepted) and what the selection is now (null: gone). */
export type SlipLine = { entry: SlipEntry; now: SlipSelection | null };

/** A bet builder's own leg on the slip, with its event's name ("" when the event is gone). */
export type SlipLegLine = { leg: SlipLeg; event: string };

/**
 * The slip as a bet builder (decision 0104): offered when everything on it is of one event, 2 to 8
 * legs that a builder takes; its quote from sportsbook.priceBuilder (fair and offered price side by
 * side), or the code of the reason it is refused. `only`: the slip has a builder's own leg, so it
 * can be nothing else.
 */
export type SlipBuilder = { event: number; legs: string[]; quote: BuilderQuote | null; refusal: string | null; only: boolean };

/** The active free bet the slip may use, and whether its win pays the stake back. */
export type FreeBet = { amount: SportBet["stake"]; title: string; stakeReturned: boolean };

/** A player's read the page can live without (settings, free bet, receipt): a refusal leaves it out. */
const optional = <T>(promise: Promise<T>): Promise<T | null> =>
  promise.catch((e: unknown) => {
    if (e instanceof PlatformError && e.status < 500) return null;
    throw e;
  });

/**
 * `/betting` (public; issue 23, decision 0073-sportsbook-page): sports → leagues (`?sport=`,
 * `?league=`), events live first with their main markets' odds, one event with all its markets
 * (`?event=`), and the bet slip from its cookie — all server-rendered, so the page works without
 * JavaScript. A malformed or unknown filter is the fatal 404, as in the lobby.
 */
export async function loadBetting({ request, context }: Args) {
  const site = getSite(context);
  const t = createT(site.messages);
  const platform = getPlatform(context).withLocale(site.locale);
  const url = new URL(request.url);
  const query = parseBettingQuery(url.searchParams);
  if (!query) throw notFound(request);
  const rawSlip = readCookie(request.headers.get("cookie"), SLIP_COOKIE);
  if (query.share !== null) throw openShared(url, rawSlip, query.share, context.get(workerContext).env.APP_ENV !== "local");
  const slip = parseSlip(rawSlip);
  const slipLegs = parseSlipLegs(rawSlip);
  // One step: the events of the asked sport and league are asked for alongside the list that
  // says whether they exist (an unknown one is the 404 below, before its answer is awaited), and
  // a player's own reads follow the (memoised) account read instead of waiting for the rest.
  const account = orErrorPage(site.account());
  // Asked for with the account when the request brings a session, not after it: the reads of the
  // player's object then go with the shell's as one call (decision 0081); a visitor's are dropped.
  const ifPlayer = <T>(read: () => Promise<T>): Promise<T | null> => site.playerRead(() => optional(read()));
  const eventsRead = orErrorPage(
    platform.call("sportsbook.getEvents", {
      ...(query.sport ? { sport: query.sport } : {}),
      ...(query.league ? { league_id: query.league } : {}),
      status: "all",
    }),
  );
  const detailRead = query.event ? eventOr404(platform.call("sportsbook.getEvent", { event_id: query.event }), request) : Promise.resolve(null);
  const settingsRead = ifPlayer(() => platform.call("sportsbook.getSettings", {}));
  // The free bet is the betting bonus balance's: without one there is nothing to read.
  const bettingRead = account.then((a) => (a.uid > 0 && a.balance_betting_bonus.amount > 0 ? optional(platform.call("BettingBonuses.get")) : null));
  const betsRead = query.placed.length ? ifPlayer(() => platform.call("sportsbook.getBets", { status: "all", count: 20 })) : Promise.resolve(null);
  // Nothing is left unhandled when the page answers 404 before awaiting them.
  for (const p of [eventsRead, detailRead, settingsRead, bettingRead, betsRead]) p.catch(() => {});
  const [sportsList, selections] = await Promise.all([
    orErrorPage(platform.call("sportsbook.getSports", {})),
    slip.length ? orErrorPage(platform.call("sportsbook.getSelections", { ids: slip.map((e) => e.id).join(",") })) : { items: [] },
  ]);
  const sports: Sport[] = sportsList.items;
  const sport = query.sport ? sports.find((s) => s.sysname === query.sport) : undefined;
  if (query.sport && !sport) throw notFound(request);
  const league = query.league ? sport?.leagues.find((l) => l.id === query.league) : undefined;
  if (query.league && !league) throw notFound(request);
  const [events, detail, settings, betting, bets, accountInfo] = await Promise.all([eventsRead, detailRead, settingsRead, bettingRead, betsRead, account]);
  const player = accountInfo.uid > 0;
  const byId = new Map(selections.items.map((s) => [s.id, s]));
  const lines = slip.map((entry): SlipLine => ({ entry, now: byId.get(entry.id) ?? null }));
  const builder = await slipBuilder(platform, lines, slipLegs);
  const legNames = await legEvents(platform, slipLegs, lines);
  const bonus = betting?.active[0];
  const freeBet: FreeBet | null =
    bonus && accountInfo.balance_betting_bonus.amount > 0
      ? { amount: accountInfo.balance_betting_bonus, title: bonus.title, stakeReturned: bonus.stake_returned }
      : null;
  const shown = [...(detail ? [detail] : []), ...events.items];
  const title = detail ? `${detail.home} – ${detail.away}` : (league?.title ?? sport?.title ?? t("betting.title"));
  return {
    sports,
    sport: sport?.sysname ?? null,
    league: league?.id ?? null,
    events: (events.items as SportEvent[]).filter((e) => e.id !== detail?.id),
    detail: detail as SportEventDetail | null,
    /** Start times as SPEC §9 shows them (UTC), formatted here so the page's code carries no date formatting. */
    startTimes: Object.fromEntries(shown.map((e) => [e.id, formatDateTime(e.starts_at)])) as Record<number, string>,
    slip: lines,
    slipLegs: slipLegs.map((leg): SlipLegLine => ({ leg, event: legNames.get(leg.event) ?? "" })),
    builder,
    slipKey: crypto.randomUUID(),
    player,
    signIn: loginRedirect(indexPath(site), url.pathname + url.search),
    balance: accountInfo.balance_main,
    oddsChange: settings?.odds_change ?? "higher",
    freeBet,
    receipt: (bets?.items ?? []).filter((b) => query.placed.includes(b.id)),
    /** The slip's own link, to send (decision 0108); null while it is empty. */
    // The page's own path: a client navigation's request is its data's (`/betting.data`).
    shareUrl: slip.length || slipLegs.length ? `${url.origin}${documentPath(url.pathname)}?slip=${serializeSlip(slip, slipLegs)}` : null,
    /** A shared slip just opened: how many of its prices moved since (the slip marks which), or that its link was unreadable. */
    shared: query.shared === "bad" ? ("bad" as const) : query.shared ? { moved: lines.filter((l) => l.now && l.now.odds !== l.entry.odds).length } : null,
    betError: query.betError,
    notice: site.cms.switches.bettingNotice,
    meta: seoMeta({ title: title === t("betting.title") ? t("betting.metaTitle") : title, description: t("betting.metaDescription") }, site.metadata.siteName),
  };
}

type Platform = ReturnType<ReturnType<typeof getPlatform>["withLocale"]>;

/**
 * A shared slip's link (`?slip=`, decision 0108): its picks join the visitor's slip — the shared ones
 * first, with the odds they were shared at, so the slip marks each price that moved since — and the
 * page comes back without the parameter (`?shared=1`). A link it cannot read changes nothing and
 * says so (`?shared=bad`): the visitor's own picks are never lost.
 */
function openShared(url: URL, own: string | null | undefined, share: string, secure: boolean): Response {
  const entries = parseSlip(share);
  const legs = parseSlipLegs(share);
  const next = new URL(url);
  next.searchParams.delete("slip");
  next.searchParams.set("shared", entries.length || legs.length ? "1" : "bad");
  const back = documentPath(next.pathname + next.search);
  if (!entries.length && !legs.length) return redirect(back);
  // Through the cookie's own reading: repeated picks are dropped (the shared one kept), the slip's caps held.
  const slip = parseSlip(serializeSlip([...entries, ...parseSlip(own)]));
  const slipLegs = parseSlipLegs(serializeSlip([], [...legs, ...parseSlipLegs(own)]));
  return redirect(back, { headers: { "set-cookie": slipCookie(slip, secure, slipLegs) } });
}

/** The slip as a bet builder, when it can be one (SlipBuilder), priced now. */
async function slipBuilder(platform: Platform, lines: SlipLine[], legs: SlipLeg[]): Promise<SlipBuilder | null> {
  const events = new Set([...lines.map((l) => l.now?.event_id ?? 0), ...legs.map((l) => l.event)]);
  const count = lines.length + legs.length;
  const only = legs.length > 0;
  if (events.size !== 1 || events.has(0) || count > BUILDER_MAX_LEGS || (count < 2 && !only)) return null;
  const [event] = events as Set<number>;
  const asLegs = lines.map((l) => l.now?.builder_leg ?? null);
  const text = [...asLegs, ...legs.map((l) => l.leg)];
  const out = { event: event!, legs: text.filter((t): t is string => t !== null), only };
  if (asLegs.includes(null)) return { ...out, quote: null, refusal: "line_can_push" };
  if (count < 2) return { ...out, quote: null, refusal: "leg_count" };
  try {
    return { ...out, quote: await platform.call("sportsbook.priceBuilder", { event_id: event!, legs: out.legs.join(",") }), refusal: null };
  } catch (e) {
    if (e instanceof PlatformError && e.status < 500) return { ...out, quote: null, refusal: String(e.params?.code ?? "failed") };
    throw e;
  }
}

/** The names of the events of the slip's builder legs ("Arsenal – Chelsea"): from its selections, else read. */
async function legEvents(platform: Platform, legs: SlipLeg[], lines: SlipLine[]): Promise<Map<number, string>> {
  const names = new Map(lines.flatMap((l) => (l.now ? [[l.now.event_id, l.now.event] as const] : [])));
  const missing = [...new Set(legs.map((l) => l.event))].filter((id) => !names.has(id));
  const read = await Promise.all(missing.map((id) => optional(platform.call("sportsbook.getEvent", { event_id: id }))));
  for (const e of read) if (e) names.set(e.id, `${e.home} – ${e.away}`);
  return names;
}

async function eventOr404<T>(promise: Promise<T>, request: Request): Promise<T> {
  try {
    return await promise;
  } catch (e) {
    if (e instanceof PlatformError && (e.status === 404 || e.status === 400)) throw notFound(request);
    return orErrorPage(Promise.reject(e));
  }
}

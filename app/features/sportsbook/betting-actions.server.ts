import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { BET_ERRORS, BET_MIN_STAKE, type BetError, type SportBet } from "../../../core/api/contract-sportsbook";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { documentPath, loginRedirect } from "../../lib/access";
import { readCookie } from "../../../core/cookies";
import { workerContext } from "../../lib/context.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, indexPath } from "../site/site.server";
import {
  SLIP_COOKIE,
  acceptOdds,
  legValue,
  parseSlip,
  parseSlipLegs,
  slipCookie,
  toggleLeg,
  toggleSelection,
  type SlipEntry,
  type SlipLeg,
} from "./slip-cookie";
import { parseStake } from "./slip-math";
import { parseSystemSizes, systemLines, systemSizesProblem } from "../../../core/system-bets";
import { bettingSchema, type PlaceForm, REFUSALS } from "./betting.schema";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** A refusal the slip explains: a BET_ERRORS code (or the stake field's own), with the new odds when they moved. */
export type SlipError = BetError | "stake_invalid" | "failed" | "limit_required" | "builder_unavailable";
export type BettingActionData = { error: SlipError; odds: Record<number, number> | null; selection: number | null } | undefined;

/**
 * The forms of /betting, each a plain post (so all work without JavaScript):
 * `pick` (an odds button: add or take off), `remove`, `clear`, `accept` (take the odds now
 * offered), `settings` (the odds-change rule) and `place` (singles, one bet per staked line with
 * keys derived from the slip key; one accumulator; or one system bet). A visitor placing is sent to sign in.
 */
export async function bettingAction({ request, context }: Args) {
  const site = getSite(context);
  const submission = parseWithZod(await request.formData(), { schema: bettingSchema });
  if (submission.status !== "success") {
    const field = Object.keys(REFUSALS).find((k) => submission.error?.[k]);
    throw data(field ? REFUSALS[field] : "Unknown form", { status: 400 });
  }
  const form = submission.value;
  const url = new URL(request.url);
  // Back to the page as it was, less a shared slip's notice (decision 0108): said once, on opening it.
  url.searchParams.delete("shared");
  const here = documentPath(url.pathname + url.search);
  const secure = context.get(workerContext).env.APP_ENV !== "local";
  const raw = readCookie(request.headers.get("cookie"), SLIP_COOKIE);
  const slip = parseSlip(raw);
  const legs = parseSlipLegs(raw);
  const back = (entries: readonly SlipEntry[], keep: readonly SlipLeg[] = legs) =>
    redirect(here, { headers: { "set-cookie": slipCookie(entries, secure, keep) } });
  const platform = getPlatform(context).withLocale(site.locale);
  switch (form.intent) {
    case "pick": {
      const [entry] = parseSlip(form.pick);
      const [leg] = parseSlipLegs(form.pick);
      if (leg) return back(slip, toggleLeg(legs, leg));
      if (!entry) throw data(REFUSALS.pick, { status: 400 });
      return back(toggleSelection(slip, entry));
    }
    case "score":
      return back(slip, toggleLeg(legs, { event: form.event, leg: `score:${form.home}-${form.away}` }));
    case "remove":
      return back(
        slip.filter((e) => String(e.id) !== form.selection),
        legs.filter((l) => legValue(l) !== form.leg),
      );
    case "clear":
      return back([], []);
    case "accept": {
      if (!slip.length) return back([]);
      const now = await orErrorPage(platform.call("sportsbook.getSelections", { ids: slip.map((e) => e.id).join(",") }));
      return back(acceptOdds(slip, new Map(now.items.map((s) => [s.id, s.odds]))));
    }
    case "settings": {
      if (!(await isPlayer(site))) throw redirect(loginRedirect(indexPath(site), here));
      await orErrorPage(platform.call("sportsbook.setSettings", { odds_change: form.odds_change }));
      return redirect(here);
    }
    case "place":
      if (!(await isPlayer(site))) throw redirect(loginRedirect(indexPath(site), here));
      return place(form, slip, legs, platform, here, secure);
  }
}

async function isPlayer(site: ReturnType<typeof getSite>) {
  return (await orErrorPage(site.account())).uid > 0;
}

type Platform = ReturnType<ReturnType<typeof getPlatform>["withLocale"]>;

async function place(form: PlaceForm, slip: SlipEntry[], legs: SlipLeg[], platform: Platform, here: string, secure: boolean) {
  const { kind, key, funding } = form;
  const fail = (error: SlipError, status: number, odds: Record<number, number> | null = null, selection: number | null = null) =>
    data({ error, odds, selection } satisfies BettingActionData, { status });
  const stakeOf = (name: string): number | null | "bad" => {
    const value = form[name];
    const raw = typeof value === "string" ? value.trim() : "";
    if (raw === "") return null;
    return parseStake(raw) ?? "bad";
  };
  const one: OneBet = { form, slip, legs, platform, here, secure, fail };
  if (kind === "builder") return placeBuilder(one, stakeOf("stake"));
  if (kind === "system") return placeSystem(one, stakeOf("stake_line"));
  // What to place: one accumulator of every line, or one single per line with a stake.
  const bets: Array<{ legs: SlipEntry[]; stake: number; key: string }> = [];
  if (kind === "accumulator") {
    const stake = stakeOf("stake");
    if (stake === null || stake === "bad") return fail("stake_invalid", 400);
    if (slip.length < 2) return fail("accumulator_needs_two", 400);
    bets.push({ legs: slip, stake, key });
  } else {
    for (const e of slip) {
      const stake = stakeOf(`stake_${e.id}`);
      if (stake === "bad") return fail("stake_invalid", 400, null, e.id);
      if (stake !== null) bets.push({ legs: [e], stake, key: `${key}-${e.id}` });
    }
    if (!bets.length) return fail("stake_invalid", 400);
  }
  const low = bets.find((b) => b.stake < BET_MIN_STAKE);
  if (low) return fail("below_min_stake", 400, null, low.legs.length === 1 ? low.legs[0]!.id : null);
  const placed: SportBet[] = [];
  for (const b of bets) {
    try {
      const { bet } = await platform.call("sportsbook.placeBet", {
        kind,
        selections: b.legs.map((l) => l.id).join(","),
        odds: b.legs.map((l) => l.odds).join(","),
        stake: b.stake,
        funding,
        key: b.key,
      });
      placed.push(bet);
    } catch (e) {
      if (!(e instanceof PlatformError) || e.status >= 500) throw e;
      const error = slipErrorOf(e, "failed");
      const newOdds = Array.isArray(e.params?.odds) ? (e.params.odds as number[]) : null;
      const odds = newOdds ? Object.fromEntries(b.legs.map((l, i) => [l.id, newOdds[i] ?? l.odds])) : null;
      if (!placed.length) return fail(error, e.status, odds, b.legs.length === 1 ? b.legs[0]!.id : null);
      // Some singles went through: the receipt shows them, the slip keeps the rest with the reason.
      return receipt(here, placed, slip, legs, error, secure);
    }
  }
  return receipt(here, placed, slip, legs, null, secure);
}

/** What the slip says of placeBet's refusal: its code, or `other` for one the slip has no words for. */
function slipErrorOf(e: PlatformError, other: SlipError): SlipError {
  const code = String(e.params?.code ?? "");
  // A market's deposit limit before any play (Sweden, decision 0090) holds a bet too.
  if (e.params?.limit_required === true) return "limit_required";
  return (BET_ERRORS as readonly string[]).includes(code) ? (code as BetError) : other;
}

type Fail = (error: SlipError, status: number, odds?: Record<number, number> | null, selection?: number | null) => ReturnType<typeof data>;

/** What placing the slip as one bet (a builder, a system) works with. */
type OneBet = { form: PlaceForm; slip: SlipEntry[]; legs: SlipLeg[]; platform: Platform; here: string; secure: boolean; fail: Fail };

/**
 * The slip as one bet builder (decision 0104): every selection and builder leg on it, of one event,
 * at the builder price the slip showed (`builder_odds`); a price that moved is taken or refused by
 * the player's odds rule, as a selection's is.
 */
async function placeBuilder({ form, slip, legs, platform, here, secure, fail }: OneBet, stake: number | null | "bad") {
  if (stake === null || stake === "bad") return fail("stake_invalid", 400);
  if (stake < BET_MIN_STAKE) return fail("below_min_stake", 400);
  const seen = typeof form.builder_odds === "string" && /^\d{3,7}$/.test(form.builder_odds) ? form.builder_odds : null;
  const now = slip.length ? (await platform.call("sportsbook.getSelections", { ids: slip.map((e) => e.id).join(",") })).items : [];
  const events = new Set([...now.map((s) => s.event_id), ...legs.map((l) => l.event)]);
  const asLegs = now.map((s) => s.builder_leg);
  if (!seen || events.size !== 1 || now.length !== slip.length || asLegs.includes(null)) return fail("builder_unavailable", 400);
  try {
    const { bet } = await platform.call("sportsbook.placeBet", {
      kind: "builder",
      event_id: [...events][0]!,
      legs: [...(asLegs as string[]), ...legs.map((l) => l.leg)].join(","),
      odds: seen,
      stake,
      funding: form.funding,
      key: form.key,
    });
    return receipt(here, [bet], slip, legs, null, secure, true);
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    return fail(slipErrorOf(e, "builder_unavailable"), e.status);
  }
}

/**
 * The slip as one system bet (decision 0106): every selection on it, the sizes chosen (`system`:
 * "2-3") and a stake per line; the platform takes the whole stake, lines × the stake per line.
 */
async function placeSystem({ form, slip, legs, platform, here, secure, fail }: OneBet, lineStake: number | null | "bad") {
  if (lineStake === null || lineStake === "bad") return fail("stake_invalid", 400);
  if (lineStake < BET_MIN_STAKE) return fail("below_min_stake", 400);
  const sizes = typeof form.system === "string" ? parseSystemSizes(form.system) : null;
  if (!sizes || systemSizesProblem(slip.length, sizes[0], sizes[1])) return fail("system_sizes", 400);
  try {
    const { bet } = await platform.call("sportsbook.placeBet", {
      kind: "system",
      selections: slip.map((l) => l.id).join(","),
      odds: slip.map((l) => l.odds).join(","),
      system_from: sizes[0],
      system_to: sizes[1],
      stake: lineStake * systemLines(slip.length, sizes[0], sizes[1]),
      funding: "main",
      key: form.key,
    });
    return receipt(here, [bet], slip, legs, null, secure);
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    const newOdds = Array.isArray(e.params?.odds) ? (e.params.odds as number[]) : null;
    return fail(slipErrorOf(e, "failed"), e.status, newOdds ? Object.fromEntries(slip.map((l, i) => [l.id, newOdds[i] ?? l.odds])) : null);
  }
}

/** After placing: the placed selections (a builder: all it took) leave the slip and the page shows the receipt (`?placed=`). */
function receipt(here: string, placed: SportBet[], slip: SlipEntry[], legs: SlipLeg[], error: SlipError | null, secure: boolean, builder = false) {
  const url = new URL(here, "http://x.invalid");
  url.searchParams.set("placed", placed.map((b) => b.id).join(","));
  if (error) url.searchParams.set("bet_error", error);
  else url.searchParams.delete("bet_error");
  const taken = new Set(placed.flatMap((b) => b.legs.map((l) => l.selection_id)));
  const rest = builder ? [] : slip.filter((e) => !taken.has(e.id));
  return redirect(url.pathname + url.search, { headers: { "set-cookie": slipCookie(rest, secure, builder ? [] : legs) } });
}

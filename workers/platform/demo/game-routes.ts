import { Hono, type Context } from "hono";
import { PlatformError } from "../../../core/api/errors";
import { errorPage } from "../auth/oauth-html";
import { pageSession, type SessionPlayer } from "../auth/oauth-session";
import { launchParameters, type PlayRules, playRulesOf } from "../responsible/play-rules";
import { siteJurisdiction } from "../responsible/jurisdiction";
import { dataResponse, errorResponse, toPlatformError } from "../core/respond";
import { BLANK, SYMBOLS } from "../games/rounds-math";
import { ROUND_MODES, type RoundMode, type StudioGame } from "../games/round-types";
import { findStudioGame } from "../games/rounds";
import { playPlayerRound } from "../player/round-call";
import { localesAndMaintenance, settingsKeepMs } from "../core/render-scope";
import { activePackFor, PACK_ID, readPack } from "../bonuses/freespins";
import { readSiteCurrencies } from "../wallet/currency";
import { readBalances } from "../wallet/wallet";
import { gamePage, requestNonce, studioOdds } from "./game-page";
import { playSince } from "../responsible/session-stats";
import { playerTables, routedD1 } from "../player/routed-d1";
import {
  hundredths,
  isPlinkoRisk,
  isPlinkoRows,
  type Original,
  type OriginalChoice,
  originalOf,
  type PlinkoRisk,
  plinkoRefusal,
} from "../../../core/originals";
import { readDraw } from "../games/original-rounds";
import type { OriginalDraw } from "../games/round-types";
import { currentSeed, rotateSeed } from "../wheel/seeds";
import { originalPage } from "./original-page";

/**
 * The demo game studio (decision 0016): `/platform/game/{sysname}` and `/platform/game/custom/{name}`
 * (each also with `/play`) launch the slot; `POST …/round` settles one round on the server. The
 * round answers JSON to the page's script (`Accept: application/json` or a JSON body) and a 303
 * back to the launch page, with the result in the query, to the plain form.
 */
export const gameRoutes = new Hono<{ Bindings: Env }>();

type Ctx = Context<{ Bindings: Env }>;

/**
 * MoneyDeps for player `uid`'s round: their own tables (decision 0075), with the game's row as a
 * fact (the round's loyalty and quest statements join it); a visitor's demo round touches none.
 */
const deps = (c: Ctx, uid: number, game: StudioGame) => ({
  env: c.env,
  db: uid ? routedD1(c.env, uid, null, [{ table: "games", rows: [game as unknown as Record<string, unknown>] }]) : c.env.DB,
  waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p),
});
const SYMBOL_NAMES = new Set([...SYMBOLS.map((s) => s.name), BLANK]);

const ERRORS: Record<string, string> = {
  funds: "Not enough money on the balance for this bet.",
  bet: "Choose a bet within the game's range.",
  freespins: "These free spins cannot be played any more.",
  signin: "Sign in to play for real.",
  limit: "This bet would take you past a loss or wager limit you set. Responsible gaming shows what is left.",
  stake: "This stake is above what your market's rules allow for one round.",
  cycle: "Your market's rules set a least time for each round: wait a moment and spin again.",
  limitRequired: "Your market's rules ask for a deposit limit before you play: set one under Responsible gaming.",
  target: "Choose a target within the game's range.",
  plinko: "Choose 8, 12 or 16 rows and a low, medium or high risk.",
  failed: "The round could not be played. Please try again.",
};

/** The signed-in player (0: a visitor); a banned player's session plays nothing. */
async function player(c: Ctx): Promise<SessionPlayer> {
  const session = await pageSession(c.req.raw, c.env);
  return session.player ?? { uid: 0, banned: false, country: "", birthDate: null, currency: "", startedAt: 0 };
}

/** The player's market's stake cap and cycle time (decision 0088); none for a visitor. */
async function rulesOf(c: Ctx, p: SessionPlayer, generalInfo?: string | null): Promise<PlayRules | undefined> {
  if (!p.uid) return undefined;
  return (await playRulesOf(c.env.DB, p, await siteJurisdiction({ db: c.env.DB, generalInfo }))) ?? undefined;
}

/** The launch URL of the studio that plays game `gameId` (its provider's `game_params.studio_url`, https only); null: the demo studio's. */
async function studioUrl(db: D1Database, gameId: number): Promise<string | null> {
  const url = await db
    .prepare("SELECT json_extract(p.game_params, '$.studio_url') AS url FROM games g JOIN game_providers p ON p.id = g.provider_id WHERE g.id = ?1")
    .bind(gameId)
    .first<string | null>("url");
  if (typeof url !== "string") return null;
  if (URL.canParse(url) && new URL(url).protocol === "https:") return url;
  // An operator's mistake is said in the log, and the game stays playable in the demo studio.
  console.warn(`game ${gameId}: its provider's studio_url is not an https URL; the demo studio plays it`);
  return null;
}

const notFound = () => errorPage(404, "Game not found", "This game does not exist or is not available.");

async function launch(c: Ctx, base: string): Promise<Response> {
  const game = await findStudioGame(c.env.DB, c.req.param("name") ?? "", settingsKeepMs(c.env));
  if (!game) return notFound();
  const who = await player(c);
  const { uid, banned } = who;
  if (banned) return errorPage(403, "Account blocked", "This account cannot play.");
  const q = (name: string) => c.req.query(name) ?? "";
  const mode: RoundMode = (ROUND_MODES as readonly string[]).includes(q("mode")) ? (q("mode") as RoundMode) : uid ? "real" : "demo";
  // The market's play rules as a real studio would take them at launch: bets above the cap are not offered.
  const rules = mode === "real" ? await rulesOf(c, who) : undefined;
  const own = uid ? playerTables(c.env, uid) : null;
  const balances = own ? await readBalances(own, uid) : null;
  const balance = balances ? balances[mode === "demo" ? "fun" : "main"] : null;
  const currency = balance?.currency ?? (await readSiteCurrencies(c.env.DB)).default_currency;
  // A game of a studio the operator connected (its provider's `studio_url`) opens there, with the
  // market's play rules as launch parameters (decision 0095); the demo studio plays the rest.
  const studio = await studioUrl(c.env.DB, game.id);
  if (studio) {
    const url = new URL(studio);
    const params = { game: game.sysname, mode, currency, ...launchParameters(rules) };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return new Response(null, { status: 302, headers: { location: url.href, "cache-control": "no-store" } });
  }

  const original = originalOf(game.sysname);
  if (original) return launchOriginal(c, base, { game, original, who, mode, rules, own, balance, currency });

  let symbols: string[][] | null = null;
  let win: number | null = null;
  const roundId = q("round");
  if (own && roundId) {
    const row = await own
      .prepare("SELECT symbols, win FROM game_rounds WHERE id = ?1 AND uid = ?2 AND (operation_id IS NOT NULL OR freespin_id IS NOT NULL)")
      .bind(roundId, uid)
      .first<{ symbols: string; win: number }>();
    if (row) ({ symbols, win } = { symbols: JSON.parse(row.symbols), win: row.win });
  } else if (!uid && q("s")) {
    // A visitor's demo round is not stored: its grid comes back in the query (it moves no money).
    const cells = q("s").split("-");
    if (cells.length === 9 && cells.every((s) => SYMBOL_NAMES.has(s)) && /^\d{1,12}$/.test(q("win"))) {
      symbols = [cells.slice(0, 3), cells.slice(3, 6), cells.slice(6, 9)];
      win = Number(q("win"));
    }
  }
  const bet = Number(q("bet")) || game.min_bet;
  // Free spins (decision 0041): the player's active pack for this game, and one the last round ended.
  const pack = own && mode === "real" ? await activePackFor(own, uid, game.sysname) : null;
  const ended = own && PACK_ID.test(q("freespin")) ? await readPack(own, uid, q("freespin")) : null;
  // The session's time and net position inside the game (UKGC RTS 14: shown while playing; here for every player).
  const session = own && mode === "real" ? { startedAt: who.startedAt, net: (await playSince(own, uid, who.startedAt, currency)).net.amount } : null;
  return gamePage({
    game,
    mode,
    action: `${base}/round`,
    balance,
    currency,
    signedIn: uid > 0,
    bet,
    symbols,
    win,
    error: ERRORS[q("error")] ?? null,
    rules: rules ?? null,
    session,
    odds: rules?.showOdds ? studioOdds(game) : null,
    nonce: requestNonce(c.req.raw.headers),
    freespins: pack && { id: pack.id, remaining: pack.remaining_count, count: pack.count, bet: pack.bet, currency: pack.currency },
    freespinsEnded: ended && ended.status !== "active" ? { won: ended.won, currency: ended.currency } : null,
  });
}

/**
 * An original's page (decision 0115): the round just played (`?round=`, the player's; a visitor's comes
 * back in the query, drawn from a seed revealed with it), the choice to show, the player's fairness
 * state and, after the rotate form, the seed it revealed.
 */
async function launchOriginal(
  c: Ctx,
  base: string,
  p: {
    game: StudioGame;
    original: Original;
    who: SessionPlayer;
    mode: RoundMode;
    rules: PlayRules | undefined;
    own: D1Database | null;
    balance: { amount: number; currency: string } | null;
    currency: string;
  },
): Promise<Response> {
  const q = (name: string) => c.req.query(name) ?? "";
  const { game, own, who } = p;
  let draw: OriginalDraw | null = null;
  let win: number | null = null;
  if (own && q("round")) {
    const row = await own
      .prepare("SELECT win FROM game_rounds WHERE id = ?1 AND uid = ?2 AND operation_id IS NOT NULL")
      .bind(q("round"), who.uid)
      .first<{ win: number }>();
    draw = row ? await readDraw(own, q("round")) : null;
    if (draw) win = row!.win;
  } else if (!own && q("o")) {
    draw = visitorDrawFromQuery(q("o"));
    if (draw && /^\d{1,12}$/.test(q("win"))) win = Number(q("win"));
    else draw = null;
  }
  const asked = hundredths(q("target"));
  const rows = Number(q("rows"));
  const risk = q("risk");
  const target =
    draw?.outcome.target ?? (p.original === "plinko" ? (isPlinkoRows(rows) ? rows : 12) : Number.isNaN(asked) ? (p.original === "dice" ? 5000 : 200) : asked);
  const over = draw?.outcome.over ?? q("side") !== "under";
  const seed = own ? await currentSeed(own, who.uid) : null;
  const revealedId = Number(q("revealed"));
  const revealed =
    own && Number.isSafeInteger(revealedId) && revealedId > 0
      ? await own
          .prepare("SELECT server_seed, server_seed_hash FROM wheel_seeds WHERE id = ?1 AND uid = ?2 AND revealed_at IS NOT NULL")
          .bind(revealedId, who.uid)
          .first<{ server_seed: string; server_seed_hash: string }>()
      : null;
  const session = own && p.mode === "real" ? { startedAt: who.startedAt, net: (await playSince(own, who.uid, who.startedAt, p.currency)).net.amount } : null;
  return originalPage({
    game,
    original: p.original,
    mode: p.mode,
    action: `${base}/round`,
    rotate: `${base}/rotate`,
    balance: p.balance,
    currency: p.currency,
    signedIn: who.uid > 0,
    bet: Number(q("bet")) || game.min_bet,
    win,
    draw,
    target,
    over,
    risk: draw?.outcome.risk ?? (isPlinkoRisk(risk) ? risk : "medium"),
    error: ERRORS[q("error")] ?? null,
    rules: p.rules ?? null,
    session,
    nonce: requestNonce(c.req.raw.headers),
    fairness: seed && { server_seed_hash: seed.server_seed_hash, client_seed: seed.client_seed, nonce: seed.next_nonce },
    revealed,
  });
}

/** A visitor's original round as the round's redirect wrote it (`o`: the draw as JSON); null if it is not one. */
function visitorDrawFromQuery(text: string): OriginalDraw | null {
  try {
    const d = JSON.parse(text) as OriginalDraw;
    const o = d?.outcome;
    const ok =
      o &&
      (o.game === "dice" ||
        o.game === "limbo" ||
        (o.game === "plinko" && plinkoRefusal(o.target, o.risk ?? "") === null && o.result >= 0 && o.result <= o.target)) &&
      [o.result, o.target, o.payout_bp].every(Number.isSafeInteger) &&
      typeof o.won === "boolean" &&
      /^[0-9a-f]{64}$/.test(d.server_seed ?? "") &&
      /^[0-9a-f]{64}$/.test(d.server_seed_hash) &&
      /^[0-9a-f]{16}$/.test(d.client_seed) &&
      d.nonce === 0;
    return ok ? d : null;
  } catch {
    return null;
  }
}

/** The choice a round's fields make for an original: the target (a decimal text) and, for dice, the side; null for another game. */
function choiceOf(game: StudioGame, fields: Record<string, unknown>): OriginalChoice | undefined {
  const original = originalOf(game.sysname);
  if (!original) return undefined;
  if (original === "plinko") {
    const rows = text(fields.rows) || "12";
    return { game: "plinko", rows: /^\d{1,2}$/.test(rows) ? Number(rows) : Number.NaN, risk: (text(fields.risk) || "medium") as PlinkoRisk };
  }
  const target = hundredths(text(fields.target));
  if (original === "limbo") return { game: "limbo", target };
  const side = text(fields.side) || "over";
  if (side !== "over" && side !== "under")
    throw new PlatformError("InvalidParameter", "side is over or under", { fields: { side: ["side is over or under"] } });
  return { game: "dice", target, over: side === "over" };
}

async function readFields(c: Ctx): Promise<{ fields: Record<string, unknown>; json: boolean }> {
  const type = c.req.header("content-type") ?? "";
  const json = type.startsWith("application/json");
  const fields = json ? await c.req.json().catch(() => null) : await c.req.parseBody().catch(() => null);
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) {
    throw new PlatformError("InvalidRequest", "The round needs bet, mode and round_id as a form or a JSON object");
  }
  return { fields: fields as Record<string, unknown>, json: json || (c.req.header("accept") ?? "").includes("application/json") };
}

const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

async function round(c: Ctx, base: string): Promise<Response> {
  let wantsJson = (c.req.header("accept") ?? "").includes("application/json");
  const back = new URLSearchParams();
  try {
    const keepMs = settingsKeepMs(c.env);
    const game = await findStudioGame(c.env.DB, c.req.param("name") ?? "", keepMs);
    if (!game) throw new PlatformError("InvalidRequest", "No such game", { status: 404 });
    const { fields, json } = await readFields(c);
    wantsJson = json;
    const who = await player(c);
    const { uid, banned } = who;
    if (banned) throw new PlatformError("UserBanned", "This account cannot play");
    const betText = text(fields.bet);
    const mode = (text(fields.mode) || (uid ? "real" : "demo")) as RoundMode;
    back.set("mode", mode);
    back.set("bet", betText);
    const bet = /^\d{1,16}$/.test(betText) ? Number(betText) : Number.NaN;
    const freespinId = text(fields.freespin_id) || undefined;
    if (freespinId) back.set("freespin", freespinId);
    // The configuration's version and the site's general info as the API reads them (kept
    // SETTINGS_CACHE_MS): the player's object need not ask D1 for them.
    const { replica, generalInfo } = await localesAndMaintenance(c.env.DB, undefined, keepMs);
    const rules = mode === "real" ? await rulesOf(c, who, generalInfo) : undefined;
    const choice = choiceOf(game, fields);
    if (choice?.game === "plinko") {
      back.set("rows", text(fields.rows));
      back.set("risk", text(fields.risk));
    } else if (choice) {
      back.set("target", text(fields.target));
      if (choice.game === "dice") back.set("side", choice.over ? "over" : "under");
    }
    const result = await playPlayerRound(
      { ...deps(c, uid, game), generalInfo },
      { uid, game, mode, bet, roundKey: text(fields.round_id), freespinId, rules, choice },
      replica,
    );
    if (wantsJson) return dataResponse(result, { "cache-control": "no-store" });
    if (uid) back.set("round", result.id);
    else {
      if (result.original) back.set("o", JSON.stringify(result.original));
      else back.set("s", result.symbols.flat().join("-"));
      back.set("win", String(result.win));
    }
  } catch (e) {
    const error = toPlatformError(e);
    if (wantsJson) return errorResponse(error);
    if (error.status === 404) return notFound();
    back.set("error", errorCode(error));
  }
  return new Response(null, { status: 303, headers: { location: `${base}?${back}`, "cache-control": "no-store" } });
}

/**
 * An original's "reveal the seed" form (decision 0115): the player's seed is revealed and a new one
 * committed (the wheel's rotation: the same seed draws both), then the page again, saying it.
 */
async function rotate(c: Ctx, base: string): Promise<Response> {
  const who = await player(c);
  const mode = (await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)).mode === "demo" ? "demo" : "real";
  if (!who.uid || who.banned)
    return new Response(null, { status: 303, headers: { location: `${base}?mode=${mode}&error=signin`, "cache-control": "no-store" } });
  const revealed = await rotateSeed(playerTables(c.env, who.uid), who.uid);
  return new Response(null, { status: 303, headers: { location: `${base}?mode=${mode}&revealed=${revealed}`, "cache-control": "no-store" } });
}

function errorCode(e: PlatformError): string {
  if (e.exception === "BillingTransactionDeclined") return "funds";
  if (e.exception === "Authorization") return "signin";
  if (e.fields?.freespin_id) return "freespins";
  if (e.params?.limit_required === true) return "limitRequired";
  if (e.params?.limit) return "limit";
  if (e.params?.max_stake !== undefined) return "stake";
  if (e.params?.min_cycle_ms !== undefined) return "cycle";
  if (e.fields?.target || e.fields?.side) return "target";
  if (e.fields?.rows || e.fields?.risk) return "plinko";
  if (e.fields?.bet) return "bet";
  return "failed";
}

// The custom/ paths first, so "custom" is never taken for a sysname.
for (const pattern of ["/platform/game/custom/:name", "/platform/game/:name"]) {
  const base = (c: Ctx) => pattern.replace(":name", c.req.param("name") ?? "");
  gameRoutes.get(pattern, (c) => launch(c, base(c)));
  gameRoutes.get(`${pattern}/play`, (c) => launch(c, base(c)));
  gameRoutes.post(`${pattern}/round`, (c) => round(c, base(c)));
  gameRoutes.post(`${pattern}/rotate`, (c) => rotate(c, base(c)));
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Game } from "../../../core/api/entities-games";
import type { Challenge } from "../../../core/api/contract-challenges";
import type { GameView } from "./game-view";
import type { GameBonus } from "../bonuses/game-bonus";
import { settleBy } from "../../lib/deferred.server";
import type { FreespinOffer } from "./freespin-notice";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { formatMoney } from "../../../core/money";
import { getInstance } from "../../middleware/i18n.server";
import { getPlatform } from "../../middleware/platform.server";
import { notFound } from "../errors/not-found.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { likeSchema } from "./like.schema";
import { DEMO_NOTICE_DELAY_SECONDS, formatRtp, resolveMode, studioSrc, SYSNAME } from "./game-mode";
import { gameMeta, gameSeo } from "./game-seo.server";

type Context = Readonly<RouterContextProvider>;

/** The longest the game page waits for the active bonus before it renders without the panel. */
const BONUS_BUDGET_MS = 1_000;

async function findGame(context: Context, sysname: string) {
  const site = getSite(context);
  const options = JSON.stringify({ sysnames: [sysname], count: 1 });
  // Category names are decoration: without them the page shows the sysnames.
  const [page, categories] = await Promise.all([site.catalogue.games(options), site.categories().catch(() => [])]);
  return { game: page.items[0] ?? null, categories };
}

function view(game: Game, categories: Array<{ sysname: string; name: string }>): GameView {
  const names = new Map(categories.map((c) => [c.sysname, c.name]));
  return {
    sysname: game.sysname,
    title: game.title,
    description: game.description,
    provider: game.provider,
    providerName: game.provider_name,
    image: game.image,
    rtp: formatRtp(game.rtp),
    volatility: game.volatility,
    betRange: `${formatMoney(game.min_bet)} – ${formatMoney(game.max_bet)}`,
    categories: game.categories.map((c) => ({ sysname: c, name: names.get(c) ?? c })),
    hasDemo: game.has_demo,
  };
}

/** The player's active casino bonus, as the game page shows it; none when the platform cannot say. */
async function activeBonus(context: Context): Promise<GameBonus | null> {
  try {
    const b = (await getPlatform(context).call("bonuses.get")).active[0];
    return b ? { title: b.title, wagered: b.wagered, wager_required: b.wager_required, max_bet: b.max_bet } : null;
  } catch (e) {
    console.error("game page: the active bonus could not be read", e);
    return null;
  }
}

/** The active pack for this game that the studio plays first (the one expiring first); none if it cannot be read. */
async function freespinOffer(context: Context, sysname: string): Promise<FreespinOffer | null> {
  try {
    const { items } = await getPlatform(context).call("freespins.get", { status: "active", count: 99 });
    const pack = items
      .filter((p) => p.game.sysname === sysname && p.remaining_count > 0)
      .sort((a, b) => a.expires_at - b.expires_at || (a.id < b.id ? -1 : 1))[0];
    return pack ? { id: pack.id, left: pack.remaining_count, bet: pack.bet } : null;
  } catch (e) {
    console.error("game page: free-spin packs could not be read", e);
    return null;
  }
}

/**
 * The first-to-hit challenge open on this game (decision 0117), with the player's place or best round;
 * none when there is none or the platform cannot say (a nicety: never the page's error).
 */
async function gameChallenge(context: Context, sysname: string): Promise<Challenge | null> {
  try {
    const { items } = await getPlatform(context).call("challenges.get");
    return items.find((c) => c.game.sysname === sysname && (c.status === "active" || (c.status === "full" && c.me?.rank != null))) ?? null;
  } catch (e) {
    console.error("game page: challenges could not be read", e);
    return null;
  }
}

/**
 * `/game/{sysname}`: a sysname the catalogue cannot have, or does not have, is the fatal 404; the
 * sportsbook pseudo-game opens the betting page. A catalogue failure is not the player's fault:
 * the page says the game cannot be shown and offers the game hall ("errors in slot", SPEC §2).
 */
export async function loadGamePage(context: Context, request: Request, sysname: string) {
  if (!SYSNAME.test(sysname)) throw notFound(request);
  const site = getSite(context);
  const siteName = site.metadata.siteName;
  const t = getInstance(context).t;
  let found: Awaited<ReturnType<typeof findGame>>;
  try {
    found = await findGame(context, sysname);
  } catch (e) {
    console.error("game page: the catalogue failed", e);
    return data({ state: "error" as const, meta: [{ title: `${t("game.error.title")} | ${siteName}` }] }, { status: 503 });
  }
  const { game, categories } = found;
  if (!game) throw notFound(request);
  if (game.is_sportsbook) throw redirect(sitePath(context, "/betting"), 302);

  const account = await orErrorPage(site.account());
  const signedIn = account.uid > 0;
  const mode = resolveMode(new URL(request.url).searchParams.get("mode"), signedIn, game.has_demo);
  // The active bonus's wagering beside a real-money game (decision 0042): read beside the other
  // reads and resolved in the loader, not deferred — a deferred section streams in by a script,
  // which a browser without JavaScript never runs. Bounded: a slow platform costs the panel only.
  const bonus = signedIn && mode === "real" ? settleBy(activeBonus(context), null, BONUS_BUDGET_MS) : Promise.resolve(null);
  // A challenge on this game, for a player playing for real (only real-money rounds take part): as bounded as the bonus.
  const challenge = signedIn && mode === "real" ? settleBy(gameChallenge(context, game.sysname), null, BONUS_BUDGET_MS) : Promise.resolve(null);
  // The player's like and free spins on this game (decision 0041: the studio plays them in real
  // mode), read at the same time as the bonus: three independent calls, one wait.
  const [liked, freespins] = await Promise.all([
    signedIn
      ? getPlatform(context)
          .call("games.getLikes")
          .then((likes) => likes.includes(game.sysname))
          .catch(() => false)
      : false,
    signedIn && mode === "real" ? freespinOffer(context, game.sysname) : null,
  ]);
  const info = view(game, categories);
  const url = new URL(sitePath(context, `/game/${game.sysname}`), request.url).href;
  const seo = gameSeo(site.cms.seo.templates.game, {
    title: game.title,
    provider: game.provider_name,
    rtp: info.rtp,
    volatility: t(`game.volatility.${game.volatility}`),
    description: game.description,
    image: game.image,
    url,
  });
  return {
    state: "ok" as const,
    game: info,
    mode,
    src: mode === "none" ? null : studioSrc(game.sysname, mode),
    signedIn,
    liked,
    freespins,
    demoNoticeSeconds: DEMO_NOTICE_DELAY_SECONDS,
    bonus: await bonus,
    challenge: await challenge,
    meta: gameMeta(seo, siteName),
  };
}

/** Like or unlike (a plain form, so it works without JavaScript), then back to the page. */
export async function gamePageAction(context: Context, request: Request, sysname: string) {
  if (!SYSNAME.test(sysname)) throw notFound(request);
  await requirePlayer(context, request);
  const submission = parseWithZod(await request.formData(), { schema: likeSchema });
  if (submission.status !== "success") throw data("intent must be like or unlike", { status: 400 });
  const { intent } = submission.value;
  const platform = getPlatform(context);
  await orErrorPage(platform.call(intent === "like" ? "games.addLike" : "games.removeLike", { sysname }));
  // Not request.url: with JavaScript the action is fetched at `….data`, which is no page.
  const mode = new URL(request.url).searchParams.get("mode");
  const here = sitePath(context, `/game/${sysname}`);
  return redirect(mode === "demo" || mode === "real" ? `${here}?mode=${mode}` : here, 303);
}

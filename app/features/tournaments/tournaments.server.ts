import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Leaderboard, Tournament } from "../../../core/api/contract-tournaments";
import type { TournamentReceipt } from "./receipts-table";
import { TOURNAMENT_GAMES_PAGE, TOURNAMENT_STATUSES } from "../../../core/api/contract-tournaments";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { formatMoney } from "../../../core/money";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getInstance } from "../../middleware/i18n.server";
import { getPlatform } from "../../middleware/platform.server";
import { fillSeoTemplate, seoMeta } from "../content/seo.server";
import { notFound } from "../errors/not-found.server";
import { tileGame } from "../games/tile-game";
import { documentPath, loginRedirect } from "../../lib/access";
import { getSite, indexPath, sitePath } from "../site/site.server";
import { askedPage, BOARD_PAGE, boardPage, gamehallPage, RECEIPTS } from "./paging";
import { participateSchema, TOURNAMENT_ID } from "./participate.schema";

type Context = Readonly<RouterContextProvider>;
type Args = { request: Request; context: Context };
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** A list card needs the reader's place, not the rules, prizes or games. */
const CARD_FIELDS = "user_info";

function localized(context: Context) {
  const site = getSite(context);
  return { site, platform: getPlatform(context).withLocale(site.locale) };
}

/** The meta of a tournament's page or gamehall from the CMS template (SPEC §2), else the title. */
function tournamentMeta(context: Context, kind: "tournament" | "tournament_gamehall", tournament: Tournament) {
  const site = getSite(context);
  const template = site.cms.seo.templates[kind] ?? { title: tournament.title, description: "" };
  const values = { title: tournament.title, prize: formatMoney(tournament.total_prize), participants: String(tournament.total_participants) };
  return seoMeta({ title: fillSeoTemplate(template.title, values), description: fillSeoTemplate(template.description, values) }, site.metadata.siteName);
}

/**
 * `/tournaments?status=`: the tournaments of one tab (active by default), with the reader's place
 * on each card. Another status spelling goes to the plain list (302), as old or hand-edited links.
 */
export async function loadTournaments({ request, context }: Args) {
  const raw = new URL(request.url).searchParams.get("status");
  if (raw !== null && !(TOURNAMENT_STATUSES as readonly string[]).includes(raw)) throw redirect(sitePath(context, "/tournaments"));
  const status = (raw ?? "active") as TournamentStatus;
  const { site, platform } = localized(context);
  const [list, account, challenges] = await Promise.all([
    orErrorPage(platform.call("tournaments.get", { status, fields: CARD_FIELDS, count: 100 })),
    orErrorPage(site.account()),
    // The first-to-hit challenges (decision 0117) ride the active tab.
    status === "active" ? orErrorPage(platform.call("challenges.get", {})) : { items: [] },
  ]);
  const t = getInstance(context).t;
  return {
    status,
    tournaments: list.items,
    challenges: challenges.items,
    signedIn: account.uid > 0,
    now: Date.now(),
    meta: seoMeta({ title: t("tournaments.title"), description: t("tournaments.metaDescription") }, site.metadata.siteName),
  };
}

/** The tournament of `/tournaments/{id}…`, or the 404 of a bad or unknown id. */
async function requireTournament(context: Context, request: Request, id: string, fields?: string): Promise<Tournament> {
  if (!TOURNAMENT_ID.test(id)) throw notFound(request);
  const { platform } = localized(context);
  try {
    const { items } = await platform.call("tournaments.get", { ids: id, ...(fields ? { fields } : {}) });
    if (!items[0]) throw notFound(request);
    return items[0];
  } catch (e) {
    if (e instanceof PlatformError && (e.status === 404 || e.status === 400)) throw notFound(request);
    return orErrorPage(Promise.reject(e));
  }
}

/**
 * `/tournaments/{id}?board=`: rules, prizes, scoring, a page of the leaderboard from the record
 * (leaderboard.get, 25 places, the reader's row pinned; `?board=` past the first page names the
 * places below, and a page that is not one is a 404) and, for a player, their latest scoring
 * rounds. Receipts are the player's own: if they cannot be read the page still shows the board.
 * The board and the receipts are asked for with the tournament, not after it.
 */
/** What a tournament's page shows: all but the games' list (their count comes with every tournament; the list is the gamehall's). */
const PAGE_FIELDS = "description,prizes,winners,user_info";

export async function loadTournament({ request, context }: Args, id: string) {
  const raw = new URL(request.url).searchParams.get("board");
  const asked = askedPage(raw);
  if (asked === null || !TOURNAMENT_ID.test(id)) throw notFound(request);
  const { site, platform } = localized(context);
  const tournamentId = Number(id);
  const board = platform.call("leaderboard.get", { tournament_id: tournamentId, offset: (asked - 1) * BOARD_PAGE, count: BOARD_PAGE });
  board.catch(() => undefined); // answered below, once the tournament is known to exist
  // With the account, so the player's rounds are read in the shell's call to their object.
  const receipts: Promise<TournamentReceipt[]> = site
    .playerRead(() =>
      platform.call("tournaments.receipts", { tournament_id: tournamentId, count: RECEIPTS }).catch((e: unknown) => {
        console.error("tournament page: receipts could not be read", e);
        return { items: [] };
      }),
    )
    .then(
      (r) => r?.items ?? [],
      () => [],
    );
  const tournament = await requireTournament(context, request, id, PAGE_FIELDS);
  const [leaderboard, account] = await Promise.all([orErrorPage(board), orErrorPage(site.account())]);
  const paging = boardPage(raw, leaderboard.total);
  if (!paging) throw notFound(request);
  return {
    tournament,
    board: leaderboard satisfies Leaderboard,
    boardPage: paging,
    receipts: await receipts,
    signedIn: account.uid > 0,
    now: Date.now(),
    meta: tournamentMeta(context, "tournament", tournament),
  };
}

/** The gamehall shows the tournament's title and pages by its games count: one field must be named (none names them all), the cheapest. */
const GAMEHALL_FIELDS = "description";

/**
 * `/tournaments/{id}/gamehall?page=`: the tournament's games, 12 a page (SPEC §9), most popular
 * first, as lobby tiles. A page that is not a page of the list is a 404.
 */
export async function loadTournamentGamehall({ request, context }: Args, id: string) {
  const raw = new URL(request.url).searchParams.get("page");
  const asked = askedPage(raw);
  if (asked === null || !TOURNAMENT_ID.test(id)) throw notFound(request);
  const { site } = localized(context);
  // The page's games are asked for with the tournament, not after it: the games.get option reads
  // one page of the tournament's games in popularity order (an index range), whatever its size;
  // the catalogue's, the same for every reader, kept by the isolate as the lobby's pages are.
  const options = { tournament: Number(id), offset: (asked - 1) * TOURNAMENT_GAMES_PAGE, count: TOURNAMENT_GAMES_PAGE };
  const games = site.catalogue.games(JSON.stringify(options));
  games.catch(() => undefined); // answered below, once the tournament is known to exist
  const tournament = await requireTournament(context, request, id, GAMEHALL_FIELDS);
  const paging = gamehallPage(raw, tournament.games_count);
  if (!paging) throw notFound(request);
  const tiles = tournament.games_count > 0 ? (await orErrorPage(games)).items : [];
  return { tournament, games: tiles.map(tileGame), ...paging, meta: tournamentMeta(context, "tournament_gamehall", tournament) };
}

/** What the participate form's refusal brings back to the page (without JavaScript too). */
export type ParticipateActionData = { tournamentId: number; error: string } | undefined;

/**
 * The Participate form of the list and of a tournament's page (SPEC §4): success only when the
 * platform answers 1, then the same page again (its loader reads the tournament afresh, so it is
 * refreshed in its list) with a toast; any refusal is SPEC §8's 'Failed to participate in
 * tournament', beside the button. A visitor is sent to sign in and back.
 */
export async function participateAction({ request, context }: Args) {
  const site = getSite(context);
  const t = createT(site.messages);
  const submission = parseWithZod(await request.formData(), { schema: participateSchema });
  if (submission.status !== "success") throw data("Unknown form", { status: 400 });
  const tournamentId = submission.value.tournament_id;
  const url = new URL(request.url);
  const here = documentPath(url.pathname + url.search);
  const account = await orErrorPage(site.account());
  if (account.uid <= 0) throw redirect(loginRedirect(indexPath(site), here));
  const failed = (status: number) => data({ tournamentId, error: t("tournaments.failed") } satisfies ParticipateActionData, { status });
  try {
    const answer: unknown = await getPlatform(context).call("tournaments.participate", { tournament_id: tournamentId });
    if (answer !== 1) return failed(502);
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) return failed(502);
    return failed(e.status);
  }
  return redirectWithToast(here, { type: "success", text: t("tournaments.participated") });
}

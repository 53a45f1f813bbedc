import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import type { Game } from "../../../core/api/entities-games";
import { tileGame } from "../games/tile-game";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { favoritesSchema } from "./favorites.schema";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** games.get takes at most 100 sysnames: the newest 100 likes are shown. */
const MAX_SHOWN = 100;

/** `/profile/favorites`: the liked games, newest like first (games.getLikes → games.get). */
export async function loadFavorites({ request, context }: Args) {
  await requirePlayer(context, request);
  const site = getSite(context);
  const platform = getPlatform(context).withLocale(site.locale);
  const likes = (await orErrorPage(platform.call("games.getLikes"))).slice(0, MAX_SHOWN);
  let games: Game[] = [];
  if (likes.length) {
    const page = await orErrorPage(platform.call("games.get", { options: JSON.stringify({ sysnames: likes, count: MAX_SHOWN }) }));
    const bySysname = new Map(page.items.map((g) => [g.sysname, g]));
    games = likes.map((s) => bySysname.get(s)).filter((g): g is Game => g !== undefined);
  }
  return { games: games.map(tileGame), siteName: site.metadata.siteName, title: createT(site.messages)("profileGames.favorites.title") };
}

/** The Unlike buttons (intent unlike, sysname): games.removeLike, then back to the list. */
export async function favoritesAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const back = sitePath(context, "/profile/favorites");
  const submission = parseWithZod(await request.formData(), { schema: favoritesSchema });
  if (submission.status !== "success") return redirectWithToast(back, { type: "error", text: t("profileGames.favorites.failed") });
  try {
    await getPlatform(context).call("games.removeLike", { sysname: submission.value.sysname });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    return redirectWithToast(back, { type: "error", text: t("profileGames.favorites.failed") });
  }
  return redirectWithToast(back, { type: "success", text: t("profileGames.favorites.removed") });
}

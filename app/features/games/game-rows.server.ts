import type { RouterContextProvider } from "react-router";
import type { CmsConfig } from "../../lib/api/cms";
import { tileGame, type TileGame } from "./tile-game";
import { getPlatform } from "../../middleware/platform.server";
import { getSite } from "../site/site.server";

type Context = Readonly<RouterContextProvider>;

export interface GameRow {
  title: string;
  category?: string;
  games: TileGame[];
  /** How many games the whole category has: the "all" link says it. */
  count: number;
}

/**
 * The home page's rows of games (CMS `home.gameSections`), fetched in parallel and rendered on the
 * server, so crawlers and the first paint see them. A row that fails is left out (logged): the
 * home page never breaks because one list did not load, and an empty row is not shown.
 */
export async function loadGameRows(context: Context, sections: CmsConfig["home"]["gameSections"]): Promise<GameRow[]> {
  if (sections.length === 0) return [];
  const site = getSite(context);
  const platform = getPlatform(context).withLocale(site.locale);
  const rows = await Promise.all(
    sections.map(async (s): Promise<GameRow | null> => {
      const options = { category: s.category, sort: s.sort, count: s.count };
      try {
        const { items, count } = await platform.call("games.get", { options: JSON.stringify(options) });
        return items.length ? { title: s.title, category: s.category, games: items.map(tileGame), count } : null;
      } catch (e) {
        console.error(`home: the game row "${s.title}" failed to load`, e);
        return null;
      }
    }),
  );
  return rows.filter((r): r is GameRow => r !== null);
}

import type { RouterContextProvider } from "react-router";
import type { CmsConfig } from "../../../core/api/cms";
import { tileGame, type TileGame } from "./tile-game";
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
 * The home page's rows of games (CMS `home.gameSections`), fetched in ONE platform call
 * (games.getSections: one D1 statement for all rows, issue 15) and rendered on the server, so
 * crawlers and the first paint see them. If the call fails the rows are left out (logged): the
 * home page never breaks because the games did not load, and an empty row is not shown.
 */
export async function loadGameRows(context: Context, sections: CmsConfig["home"]["gameSections"]): Promise<GameRow[]> {
  if (sections.length === 0) return [];
  const site = getSite(context);
  const asked = sections.map((s) => ({ category: s.category, sort: s.sort, count: s.count }));
  try {
    const answers = await site.catalogue.sections(JSON.stringify(asked));
    return sections.flatMap((s, i) => {
      const { items = [], count = 0 } = answers[i] ?? {};
      return items.length ? [{ title: s.title, category: s.category, games: items.map(tileGame), count }] : [];
    });
  } catch (e) {
    console.error("home: the game rows failed to load", e);
    return [];
  }
}

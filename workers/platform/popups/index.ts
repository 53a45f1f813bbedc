import type { Popup } from "../../../app/lib/api/entities";
import type { Handlers } from "../core/context";

export const popupHandlers: Handlers<"popups.get"> = {
  async "popups.get"({ sysname }, ctx) {
    const { results } = await ctx.db
      .prepare(
        `SELECT id, sysname, title, content, image, button_title AS buttonTitle, button_link AS buttonLink
         FROM popups WHERE locale = ?1 AND is_active = 1 AND (?2 IS NULL OR sysname = ?2) ORDER BY id`,
      )
      .bind(ctx.locale, sysname ?? null)
      .all<Popup>();
    return { items: results, count: results.length };
  },
};

import type { Banner } from "../../../app/lib/api/entities";
import type { Handlers } from "../core/context";

interface BannerRow {
  id: number;
  position: string;
  title: string;
  subtitle: string;
  button_title: string;
  link: string;
  display: string;
  finished_at: number | null;
}

const ACTIVE = `locale = ?1 AND (?2 IS NULL OR position = ?2)
  AND (starts_at IS NULL OR starts_at <= ?3) AND (finished_at IS NULL OR finished_at > ?3)`;

export const bannerHandlers: Handlers<"banners.get"> = {
  async "banners.get"({ offset, count, position }, ctx) {
    const now = Math.floor(Date.now() / 1000);
    const pos = position ?? null;
    const [rows, total] = await ctx.db.batch([
      ctx.db
        .prepare(`SELECT * FROM banners WHERE ${ACTIVE} ORDER BY sort, id LIMIT ?4 OFFSET ?5`)
        .bind(ctx.locale, pos, now, count, offset),
      ctx.db.prepare(`SELECT COUNT(*) AS n FROM banners WHERE ${ACTIVE}`).bind(ctx.locale, pos, now),
    ]);
    const items: Banner[] = (rows!.results as BannerRow[]).map((r) => ({
      id: r.id,
      finished_at: r.finished_at,
      description: {
        position: r.position,
        title: r.title,
        subtitle: r.subtitle,
        buttonTitle: r.button_title,
        link: r.link,
      },
      display: JSON.parse(r.display),
    }));
    return { items, count: (total!.results[0] as { n: number }).n };
  },
};

import { type ClaimReader, claimReader, filledTexts } from "../claims/values";
import { promotionsShown } from "../responsible/jurisdiction";
import type { Banner, BannerListed } from "../../../core/api/entities";
import { simulatedLatency } from "../core/latency";
import type { Handlers } from "../core/context";

interface BannerRow {
  id: number;
  position: string;
  title: string;
  subtitle: string;
  button_title: string;
  link: string;
  content: string;
  display: string;
  finished_at: number | null;
  image_key: string | null;
  /** The objects its texts advertise (decision 0084): {"key": "kind:sysname"}. */
  claims: string;
}

/** Time-boxed: a banner shows from starts_at (if any) until finished_at (if any). */
const ACTIVE = `locale = ?1 AND (?2 IS NULL OR position = ?2)
  AND (starts_at IS NULL OR starts_at <= ?3) AND (finished_at IS NULL OR finished_at > ?3)`;

/**
 * SPEC §7: descriptions are remapped per configured image key. The operator's setting
 * `content_images.image_key` names which of a description's images is its `image` (for example
 * `image_mobile` for a mobile-first site); one without that key keeps its own `image`. Banners and
 * campaign offers share it.
 */
export function pickImage(images: Record<string, unknown>, key: string | null): unknown {
  const picked = key ? images[key] : undefined;
  return typeof picked === "string" && picked ? picked : images.image;
}

export function remapImage(display: Record<string, unknown>, key: string | null): Banner["display"] {
  return { ...display, image: pickImage(display, key) } as Banner["display"];
}

/**
 * The configured image key (null: none configured, every `image` stays): from the copy of the
 * setting read with the locales before the call when there is one (no query), else from the table.
 */
export async function imageKey(ctx: { db: D1Database; contentImages?: string | null }): Promise<string | null> {
  if (ctx.contentImages === undefined)
    return ctx.db.prepare("SELECT json_extract(value, '$.image_key') AS k FROM settings WHERE key = 'content_images'").first<string>("k");
  const key = ctx.contentImages === null ? null : (JSON.parse(ctx.contentImages) as { image_key?: unknown }).image_key;
  return typeof key === "string" ? key : null;
}

/** A banner's texts with their numbers filled from what it claims (and its incentive's terms), or null when they cannot be derived for this reader. */
function bannerTexts(db: D1Database, r: BannerRow, reader: ClaimReader | null) {
  const display = JSON.parse(r.display) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const texts = {
    title: r.title,
    subtitle: r.subtitle,
    buttonTitle: r.button_title,
    content: r.content,
    label: text(display.label),
    value: text(display.value),
    addition: text(display.addition),
  };
  return filledTexts(db, texts, r.claims, reader);
}

export const bannerHandlers: Handlers<"banners.get"> = {
  async "banners.get"({ offset, count, fields, position }, ctx) {
    const now = Math.floor(Date.now() / 1000);
    const pos = position ?? null;
    // One position slowed alone (SIMULATED_LATENCY="banners/sidebar:1500"): the bench slows exactly
    // the deferred sections (the sidebar's and the home's banners), not a page's own list.
    if (pos) await simulatedLatency(ctx.env, `banners/${pos}`);
    // A market that bars advertising bonuses to the public (Ontario) shows its visitors none.
    if (!(await promotionsShown(ctx))) return { items: [], count: 0 };
    // The page and the total in one statement (the window counts every active banner before the
    // LIMIT); a page past the end has no row to carry it, and asks for the count alone.
    const { results: rows } = await ctx.db
      .prepare(
        `SELECT b.*, (SELECT json_extract(value, '$.image_key') FROM settings WHERE key = 'content_images') AS image_key, COUNT(*) OVER () AS total
         FROM banners b WHERE ${ACTIVE} ORDER BY sort, id LIMIT ?4 OFFSET ?5`,
      )
      .bind(ctx.locale, pos, now, count, offset)
      .all<BannerRow & { total: number }>();
    const total =
      rows[0]?.total ??
      (offset === 0 ? 0 : ((await ctx.db.prepare(`SELECT COUNT(*) AS n FROM banners WHERE ${ACTIVE}`).bind(ctx.locale, pos, now).first<number>("n")) ?? 0));
    // Every number a banner shows is filled from the object it claims, for this reader; one whose
    // claims cannot be derived is not shown at all (decision 0084).
    const reader = rows.some((r) => r.claims !== "{}") ? await claimReader(ctx) : null;
    const shown = await Promise.all(rows.map((r) => bannerTexts(ctx.db, r, reader)));
    const items: BannerListed[] = [];
    for (const [i, r] of rows.entries()) {
      const { texts, terms } = shown[i] ?? {};
      if (!texts) {
        console.error(`banners.get: banner ${r.id} (${r.position}) has a claim that cannot be derived; not shown`);
        continue;
      }
      const display = JSON.parse(r.display) as Record<string, unknown>;
      items.push({
        id: r.id,
        finished_at: r.finished_at,
        // The significant terms of the incentive it advertises, for beside its button (issue 40, decision 0086).
        terms: terms ?? null,
        ...(fields.includes("description") && {
          description: {
            position: r.position,
            title: texts.title,
            subtitle: texts.subtitle,
            buttonTitle: texts.buttonTitle,
            link: r.link,
            content: texts.content,
          },
        }),
        ...(fields.includes("display") && {
          display: remapImage({ ...display, label: texts.label, value: texts.value, addition: texts.addition }, r.image_key),
        }),
      });
    }
    return { items, count: total - (rows.length - items.length) };
  },
};

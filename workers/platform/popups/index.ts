import { claimReader, filledTexts } from "../claims/values";
import { promotionsShown } from "../responsible/jurisdiction";
import type { Popup } from "../../../core/api/entities";
import { type AlongsideSession, sessionUid } from "../auth/sessions";
import { PLAYER_SUBJECT_PREFIX, playerSubject } from "../events/subject";
import type { Handlers } from "../core/context";
import { keepOnce } from "../core/render-reads";
import type { RenderScope } from "../core/render-scope";

/**
 * The popups of locale ?1: named ?2 (with ?3 = 1 also a switched-off one), else the active ones,
 * where one with an audience event only for subject ?4 if they recorded that event after last
 * closing the popup.
 */
const POPUPS_SQL = `SELECT p.id, p.sysname, p.title, p.content, p.image, p.button_title AS buttonTitle, p.button_link AS buttonLink, p.audience_event, p.claims
         FROM popups p
         WHERE p.locale = ?1 AND (?2 IS NULL OR p.sysname = ?2) AND (p.is_active = 1 OR (?2 IS NOT NULL AND ?3 = 1))
           AND (p.audience_event IS NULL OR ?2 IS NOT NULL OR EXISTS (
             SELECT 1 FROM player_events e
             WHERE e.subject = ?4 AND e.event_name = p.audience_event
               AND e.id > COALESCE((SELECT MAX(c.id) FROM player_events c
                 WHERE c.subject = ?4 AND c.event_name = 'popup_closed' AND json_extract(c.params, '$.sysname') = p.sysname), 0)))
         ORDER BY p.id`;

/** POPUPS_SQL with its subject (?4) named by a session's id_hash instead. */
const POPUPS_BY_SESSION = POPUPS_SQL.replaceAll("?4", `('${PLAYER_SUBJECT_PREFIX}' || ${sessionUid("?4")})`);

/**
 * The campaign popups a signed-in page's shell asks for (popups.get with no name, in `locale`:
 * app/features/promotions/login-campaign.server.ts), read with the render's session lookup and
 * kept as the answer to that one read: every signed-in page made a D1 round trip of its own for them.
 */
export function popupsAlongside(scope: RenderScope, locale: string): AlongsideSession {
  return {
    statements: (db, idHash) => [db.prepare(POPUPS_BY_SESSION).bind(locale, null, 0, idHash)],
    take: (uid, [popups]) => keepOnce(scope, POPUPS_SQL, [locale, null, 0, playerSubject(uid)], popups!),
  };
}

/**
 * Campaign popups (SPEC §7 popups.get; decision 0045). Named by sysname: the active popup, or with
 * `preview` also a switched-off one (the operator's `#popup-preview`). Unnamed: the active popups,
 * where one with an audience event only for a signed-in player who recorded that event
 * (events.handle) after last closing the popup (the `popup_closed` event with its sysname).
 */
export const popupHandlers: Handlers<"popups.get"> = {
  async "popups.get"({ sysname, preview }, ctx) {
    const previewing = preview === "1" || preview === "true";
    if (!previewing && !(await promotionsShown(ctx))) return { items: [], count: 0 };
    const subject = ctx.uid > 0 ? ctx.subject() : null;
    const { results } = await ctx.db
      .prepare(POPUPS_SQL)
      .bind(ctx.locale, sysname ?? null, previewing ? 1 : 0, subject)
      .all<Popup & { claims: string }>();
    // Every number a campaign popup shows is filled from the object it claims; one whose claims
    // cannot be derived for this reader is not shown (decision 0084).
    const reader = results.some((p) => p.claims !== "{}") ? await claimReader(ctx) : null;
    const filled = await Promise.all(
      results.map(async ({ claims, ...p }) => {
        const shown = await filledTexts(ctx.db, { title: p.title, content: p.content, buttonTitle: p.buttonTitle }, claims, reader);
        if (!shown) console.error(`popups.get: popup '${p.sysname}' has a claim that cannot be derived; not shown`);
        // The incentive's significant terms go with it, beside its button (issue 40, decision 0086).
        return shown && { ...p, ...shown.texts, terms: shown.terms };
      }),
    );
    const items = filled.filter((p): p is Popup => p !== null);
    return { items, count: items.length };
  },
};

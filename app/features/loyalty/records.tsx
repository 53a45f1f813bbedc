import { Link, useNavigate } from "react-router";
import type { LoyaltyHistoryItem, LoyaltyQuest } from "../../../core/api/contract-loyalty";
import { formatDate, formatDateTime } from "../../../core/dates";
import { Dialog, dialogTitleId } from "../../ui/dialog/dialog";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { HISTORY_OFFSET_KEY, QUEST_KEY } from "./keys";
import { formatPoints } from "./points";

const PAGE = "/profile/loyalty";
/** Lines of history a page shows. */
export const HISTORY_PAGE = 20;

type T = ReturnType<typeof useT>;

function QuestProgress({ quest: q, t }: { quest: LoyaltyQuest; t: T }) {
  return (
    <label className="loyalty__progress">
      <span>{q.completed ? t("loyalty.quests.done") : t("loyalty.quests.progress", { progress: String(q.progress), target: String(q.target) })}</span>
      <progress value={q.progress} max={q.target} />
    </label>
  );
}

/** The quests with the player's progress; Details opens the quest popup from `?quest=<id>` (works without JavaScript). */
export function QuestList({ quests }: { quests: LoyaltyQuest[] }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="responsible__card" aria-labelledby="loyalty-quests" data-testid="loyalty-quests">
      <h2 id="loyalty-quests">{t("loyalty.quests.title")}</h2>
      {quests.length === 0 && <p>{t("loyalty.quests.empty")}</p>}
      <ul className="loyalty__quests">
        {quests.map((q) => (
          <li key={q.id} data-quest={q.sysname} data-progress={q.progress} data-completed={q.completed ? "" : undefined}>
            <strong>{q.title}</strong> <span className="responsible__hint">{t(`loyalty.quests.period.${q.period}`)}</span>
            <QuestProgress quest={q} t={t} />
            <Link to={`${to(PAGE)}?${QUEST_KEY}=${q.id}`} preventScrollReset aria-label={`${t("loyalty.quests.details")}: ${q.title}`}>
              {t("loyalty.quests.details")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** SPEC §2 loyalty quest popup: what it asks, the progress, the reward and when the period starts again. */
export function QuestDialog({ quest: q }: { quest: LoyaltyQuest }) {
  const t = useT();
  const to = useLocalePath();
  const navigate = useNavigate();
  const page = to(PAGE);
  const entry = { id: `loyalty-quest-${q.id}`, kind: "popup" as const, name: "loyaltyQuest", preventClose: false };
  return (
    <Dialog entry={entry} active closeHref={page} onClose={() => navigate(page, { replace: true, preventScrollReset: true })}>
      <article className="campaign-popup" data-testid="loyalty-quest">
        {q.image && <img src={q.image} alt="" width={96} height={96} />}
        <h2 id={dialogTitleId(entry)}>{q.title}</h2>
        <p>{q.description}</p>
        <QuestProgress quest={q} t={t} />
        <p>{t("loyalty.quests.reward", { points: formatPoints(q.reward_points) })}</p>
        <p className="responsible__hint">
          {q.period_ends_at ? t("loyalty.quests.ends", { date: formatDateTime(q.period_ends_at) }) : t("loyalty.quests.ever")}
        </p>
        <Link className="btn btn--ghost" to={page} replace preventScrollReset>
          {t("loyalty.quests.close")}
        </Link>
      </article>
    </Dialog>
  );
}

/** The points history, newest first, a page at a time (links, so it pages without JavaScript). */
export function PointsHistory({ items, total, offset }: { items: LoyaltyHistoryItem[]; total: number; offset: number }) {
  const t = useT();
  const to = useLocalePath();
  const at = (from: number) => (from > 0 ? `${to(PAGE)}?${HISTORY_OFFSET_KEY}=${from}` : to(PAGE));
  return (
    <section className="responsible__card" aria-labelledby="loyalty-history" data-testid="loyalty-history">
      <h2 id="loyalty-history">{t("loyalty.history.title")}</h2>
      {items.length === 0 ? (
        <p>{t("loyalty.history.empty")}</p>
      ) : (
        <ul className="bonus__history">
          {items.map((i) => (
            <li key={i.id} data-reason={i.reason} data-delta={i.delta}>
              <strong>{t(`loyalty.history.reason.${i.reason}`, { title: i.title ?? "" })}</strong> ·{" "}
              {t("loyalty.history.points", { delta: `${i.delta > 0 ? "+" : ""}${formatPoints(i.delta)}` })} · {formatDate(i.created_at)}
            </li>
          ))}
        </ul>
      )}
      {(offset > 0 || offset + items.length < total) && (
        <p className="bonus__actions">
          {offset > 0 && (
            <Link to={at(Math.max(0, offset - HISTORY_PAGE))} preventScrollReset>
              {t("loyalty.history.newer")}
            </Link>
          )}
          {offset + items.length < total && (
            <Link to={at(offset + HISTORY_PAGE)} preventScrollReset>
              {t("loyalty.history.older")}
            </Link>
          )}
        </p>
      )}
    </section>
  );
}

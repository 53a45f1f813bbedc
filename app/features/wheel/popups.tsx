import { Link } from "react-router";
import type { ResultOf } from "../../../core/api/contract";
import type { WheelExpectedReturn, WheelQuest, WheelSector, WheelSpin } from "../../../core/api/contract-wheel";
import { formatUnits } from "../../../core/money";
import { useT } from "../../lib/i18n/use-t";
import { OddsTable, rewardTitle } from "./odds";
import { POPUP_KEY, QUEST_KEY } from "./keys";
import { WheelDialog } from "./wheel-dialog";

type Close = { close: string };

/** Gifts: every prize of the wheel and its chance (the published odds), and a paid wheel's expected return. */
export function GiftsPopup({ sectors, expectedReturn, close }: Close & { sectors: WheelSector[]; expectedReturn: WheelExpectedReturn | null }) {
  const t = useT();
  return (
    <WheelDialog name="gifts" title={t("wheel.popups.gifts")} closeHref={close}>
      <OddsTable sectors={sectors} caption={t("wheel.odds.caption")} expectedReturn={expectedReturn} />
    </WheelDialog>
  );
}

/** A list of spins with what each paid (gifts received; winners, with the masked name). */
function SpinList({ spins, empty, winners }: { spins: WheelSpin[]; empty: string; winners?: boolean }) {
  if (spins.length === 0) return <p>{empty}</p>;
  return (
    <ul className="wheel__list">
      {spins.map((s) => (
        <li key={s.id} data-spin={s.id}>
          {winners && s.player && <strong>{s.player}: </strong>}
          {rewardTitle(s.reward)}
        </li>
      ))}
    </ul>
  );
}

export function ReceivedPopup({ spins, close }: Close & { spins: WheelSpin[] | null }) {
  const t = useT();
  return (
    <WheelDialog name="received" title={t("wheel.popups.received")} closeHref={close}>
      <SpinList spins={spins ?? []} empty={t("wheel.popups.receivedEmpty")} />
    </WheelDialog>
  );
}

export function WinnersPopup({ spins, close }: Close & { spins: WheelSpin[] | null }) {
  const t = useT();
  return (
    <WheelDialog name="winners" title={t("wheel.popups.winners")} closeHref={close}>
      <SpinList spins={spins ?? []} empty={t("wheel.popups.winnersEmpty")} winners />
    </WheelDialog>
  );
}

export function RulesPopup({ rules, close }: Close & { rules: string | null }) {
  const t = useT();
  return (
    <WheelDialog name="rules" title={t("wheel.popups.rules")} closeHref={close}>
      {(rules ?? "")
        .split(/\n+/)
        .filter(Boolean)
        .map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text; their order is their identity
          <p key={i}>{p}</p>
        ))}
    </WheelDialog>
  );
}

/** A quest's progress in its own units: rounds, deposits, or money wagered. */
function progressText(q: WheelQuest, t: ReturnType<typeof useT>): string {
  const of = (n: number) => (q.kind === "wagered" ? formatUnits(n) : String(n));
  return t("wheel.quests.progress", { progress: of(Math.min(q.progress, q.target)), target: of(q.target) });
}

function QuestProgress({ quest: q }: { quest: WheelQuest }) {
  const t = useT();
  return (
    <>
      <progress value={Math.min(q.progress, q.target)} max={Math.max(1, q.target)} aria-label={q.title} />
      <p className="wheel__hint" data-testid="wheel-quest-progress">
        {q.completed ? t("wheel.quests.completed") : progressText(q, t)} · {t("wheel.quests.reward", { spins: String(q.reward_spins) })}
      </p>
    </>
  );
}

export function QuestsPopup({
  quests,
  history,
  close,
  questHref,
}: Close & { quests: WheelQuest[]; history: ResultOf<"FortuneWheels.userQuestsHistoryGet">["items"]; questHref: (id: number) => string }) {
  const t = useT();
  return (
    <WheelDialog name="quests" title={t("wheel.popups.quests")} closeHref={close}>
      {quests.length === 0 && <p>{t("wheel.quests.none")}</p>}
      <ul className="wheel__list">
        {quests.map((q) => (
          <li key={q.id} data-quest={q.sysname}>
            <Link to={questHref(q.id)} replace preventScrollReset>
              {q.title}
            </Link>
            <QuestProgress quest={q} />
          </li>
        ))}
      </ul>
      {history.length > 0 && (
        <>
          <h3>{t("wheel.quests.history")}</h3>
          <ul className="wheel__list" data-testid="wheel-quest-history">
            {history.map((h) => (
              <li key={`${h.quest_id}-${h.completed_at}`}>{t("wheel.quests.historyItem", { title: h.title, spins: String(h.spins) })}</li>
            ))}
          </ul>
        </>
      )}
    </WheelDialog>
  );
}

export function QuestPopup({ quest, close, allHref }: Close & { quest: WheelQuest | null; allHref: string }) {
  const t = useT();
  return (
    <WheelDialog name="quest" title={quest?.title ?? t("wheel.quests.gone")} closeHref={close}>
      {quest && (
        <>
          <p>{quest.description}</p>
          <QuestProgress quest={quest} />
          <p className="wheel__hint">{t(`wheel.quests.period.${quest.period}`)}</p>
        </>
      )}
      <p>
        <Link to={allHref} replace preventScrollReset>
          {t("wheel.quests.all")}
        </Link>
      </p>
    </WheelDialog>
  );
}

export const questQuery = (id: number) => ({ [POPUP_KEY]: "quest", [QUEST_KEY]: id });

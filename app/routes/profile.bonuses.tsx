import { useNavigation } from "react-router";
import type { Route } from "./+types/profile.bonuses";
import { BONUS_EVENT } from "../../core/api/bonus-event";
import type { PlayerBonus } from "../../core/api/contract-bonuses";
import { formatDate, formatDateTime } from "../../core/dates";
import { formatMoney } from "../../core/money";
import { FieldErrors } from "../ui/form/field";
import { BettingActivatedDialog, BonusConfirmDialog } from "../features/bonuses/bonus-dialogs";
import { BonusButton, BonusTerms, BonusXray } from "../features/bonuses/bonus-terms";
import { confirmTarget } from "../features/bonuses/confirm-target";
import { bonusesAction, loadBonuses, type BonusActionData } from "../features/profile/bonuses.server";
import { FreespinPacks } from "../features/profile/freespin-packs";
import { ProfileNav } from "../features/profile/profile-nav";
import { PromoActivateCard, PromoActivatedDialog } from "../features/promocodes/promo-activate";
import { useRevalidateOn } from "../features/realtime/use-revalidate-on";
import { useT } from "../lib/i18n/use-t";
import { BonusRulesNote } from "../features/responsible/market-note";

export const loader = (args: Route.LoaderArgs) => loadBonuses(args);
export const action = (args: Route.ActionArgs) => bonusesAction(args);

type T = ReturnType<typeof useT>;

function ActiveBonus({ bonus: b, t, busy, errors }: { bonus: PlayerBonus; t: T; busy: boolean; errors?: string[] }) {
  const percent = b.progress.maxValue > 0 ? Math.floor((b.progress.expCount * 100) / b.progress.maxValue) : 100;
  return (
    <article className="bonus" data-bonus={b.id} data-status={b.status}>
      <h3>{b.title}</h3>
      <p>{b.description}</p>
      {b.type === "casino" && (
        <>
          <label className="bonus__progress">
            <span>{t("profile.bonuses.wagered", { done: formatMoney(b.wagered), of: formatMoney(b.wager_required), percent: String(percent) })}</span>
            <progress value={b.progress.expCount} max={Math.max(1, b.progress.maxValue)} />
          </label>
          <BonusXray bonus={b} t={t} />
        </>
      )}
      <BonusTerms bonus={b} t={t} />
      {b.expires_at && <p className="responsible__hint">{t("profile.bonuses.expiresAt", { time: formatDateTime(b.expires_at) })}</p>}
      <p className="responsible__hint">{t("profile.bonuses.exitHint")}</p>
      <FieldErrors id={`bonus-${b.id}-error`} errors={errors} />
      <BonusButton bonus={b} intent="deactivate" label={t(b.type === "betting" ? "profile.bonuses.betting.giveUp" : "profile.bonuses.exit")} busy={busy} />
    </article>
  );
}

function AvailableBonus({ bonus: b, t, busy, errors }: { bonus: PlayerBonus; t: T; busy: boolean; errors?: string[] }) {
  return (
    <article className="bonus" data-bonus={b.id} data-status={b.status}>
      <h3>{b.title}</h3>
      <p>{b.description}</p>
      <BonusTerms bonus={b} t={t} />
      {b.type === "casino" && <BonusXray bonus={b} t={t} />}
      <p className="responsible__hint">{t("profile.bonuses.availableUntil", { time: formatDateTime(b.available_until) })}</p>
      <FieldErrors id={`bonus-${b.id}-error`} errors={errors} />
      <div className="bonus__actions">
        <BonusButton bonus={b} intent="activate" label={t("profile.bonuses.activate")} primary busy={busy} />
        <BonusButton bonus={b} intent="remove" label={t("profile.bonuses.decline")} busy={busy} />
      </div>
    </article>
  );
}

/**
 * The player's bonuses (SPEC §2 /profile/bonuses): the active casino bonus with its wagering and
 * X-ray, those to activate, betting bonuses, and the history. Every action asks to confirm in a
 * dialog rendered from the action's answer (with and without JavaScript); the page re-reads itself
 * when the realtime channel says a bonus changed.
 */
export default function ProfileBonuses({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  useRevalidateOn(BONUS_EVENT);
  const { bonuses, betting, balances, bettingActivated } = loaderData;
  const answer = actionData as BonusActionData;
  const errorsOf = (b: PlayerBonus) => (answer && "bonusId" in answer && answer.bonusId === b.id ? answer.formErrors : undefined);
  const target = answer && "confirm" in answer ? confirmTarget(loaderData, answer.confirm.bonusId) : null;
  const history = [...bonuses.history, ...betting.history].sort((a, b) => (b.finished_at ?? 0) - (a.finished_at ?? 0));
  return (
    <section className="responsible">
      <ProfileNav current="/profile/bonuses" />
      <h1>{t("profile.bonuses.title")}</h1>
      <BonusRulesNote market={loaderData.market} />
      {answer && "confirm" in answer && !target && <FieldErrors id="bonus-gone" errors={[t("profile.bonuses.gone")]} />}
      <section className="responsible__card" aria-labelledby="bonuses-active" data-testid="bonuses-active">
        <h2 id="bonuses-active">{t("profile.bonuses.activeTitle")}</h2>
        {bonuses.active.length === 0 && <p>{t("profile.bonuses.noneActive")}</p>}
        {bonuses.active.map((b) => (
          <ActiveBonus key={b.id} bonus={b} t={t} busy={busy} errors={errorsOf(b)} />
        ))}
      </section>
      <section className="responsible__card" aria-labelledby="bonuses-available" data-testid="bonuses-available">
        <h2 id="bonuses-available">{t("profile.bonuses.availableTitle")}</h2>
        {bonuses.available.length === 0 && <p>{t("profile.bonuses.noneAvailable")}</p>}
        {bonuses.available.map((b) => (
          <AvailableBonus key={b.id} bonus={b} t={t} busy={busy} errors={errorsOf(b)} />
        ))}
      </section>
      <section className="responsible__card" aria-labelledby="bonuses-betting" data-testid="bonuses-betting">
        <h2 id="bonuses-betting">{t("profile.bonuses.betting.title")}</h2>
        {betting.active.length + betting.available.length === 0 && <p>{t("profile.bonuses.betting.none")}</p>}
        {betting.active.map((b) => (
          <ActiveBonus key={b.id} bonus={b} t={t} busy={busy} errors={errorsOf(b)} />
        ))}
        {betting.available.map((b) => (
          <AvailableBonus key={b.id} bonus={b} t={t} busy={busy} errors={errorsOf(b)} />
        ))}
      </section>
      <PromoActivateCard answer={answer && "promo" in answer ? answer.promo : undefined} busy={busy} />
      <FreespinPacks packs={loaderData.freespins} />
      <section className="responsible__card" aria-labelledby="bonuses-history" data-testid="bonuses-history">
        <h2 id="bonuses-history">{t("profile.bonuses.historyTitle")}</h2>
        {history.length === 0 ? (
          <p>{t("profile.bonuses.noneHistory")}</p>
        ) : (
          <ul className="bonus__history">
            {history.map((b) => (
              <li key={b.id} data-bonus={b.id} data-status={b.status}>
                <strong>{b.title}</strong> · {formatMoney(b.amount)} ·{" "}
                {b.end_reason ? t(`profile.bonuses.endReason.${b.end_reason}`) : t(`profile.bonuses.status.${b.status}`)}
                {b.finished_at && <> · {formatDate(b.finished_at)}</>}
              </li>
            ))}
          </ul>
        )}
      </section>
      {answer && "confirm" in answer && target && (
        <BonusConfirmDialog key={answer.confirm.nonce} confirm={{ intent: answer.confirm.intent, ...target, balances }} busy={busy} />
      )}
      {bettingActivated && <BettingActivatedDialog key={bettingActivated.id} bonus={bettingActivated} />}
      {loaderData.promoActivated && <PromoActivatedDialog key={loaderData.promoActivated} code={loaderData.promoActivated} />}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Bonuses"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/profile.bonuses";
import type { PlayerBonus } from "../lib/api/contract-bonuses";
import { formatDate, formatDateTime } from "../lib/dates";
import { formatMoney } from "../lib/money";
import { FieldErrors } from "../features/auth/auth-form-parts";
import { bonusesAction, loadBonuses, type BonusActionData } from "../features/profile/bonuses.server";
import { FreespinPacks } from "../features/profile/freespin-packs";
import { ProfileNav } from "../features/profile/profile-nav";
import { useT } from "../features/site/use-root-data";

export const loader = (args: Route.LoaderArgs) => loadBonuses(args);
export const action = (args: Route.ActionArgs) => bonusesAction(args);

type T = ReturnType<typeof useT>;

/** The terms of a bonus as money, before and while it is played (what a player accepts). */
function Terms({ bonus, t }: { bonus: PlayerBonus; t: T }) {
  return (
    <dl className="bonus__terms">
      <dt>{t("profile.bonuses.amount")}</dt>
      <dd>{formatMoney(bonus.amount)}</dd>
      <dt>{t("profile.bonuses.toWager")}</dt>
      <dd>
        {formatMoney(bonus.wager_required)} ({t(bonus.wager_base === "bonus" ? "profile.bonuses.baseBonus" : "profile.bonuses.baseDepositBonus", { times: String(bonus.wager_multiplier) })})
      </dd>
      <dt>{t("profile.bonuses.counts")}</dt>
      <dd>{t("profile.bonuses.contributions", { slots: String(bonus.contributions.slots ?? 100), table: String(bonus.contributions.table ?? 10), live: String(bonus.contributions.live ?? 0) })}</dd>
      {bonus.max_bet && (
        <>
          <dt>{t("profile.bonuses.maxBet")}</dt>
          <dd>{formatMoney(bonus.max_bet)}</dd>
        </>
      )}
      {bonus.max_cashout && (
        <>
          <dt>{t("profile.bonuses.maxCashout")}</dt>
          <dd>{formatMoney(bonus.max_cashout)}</dd>
        </>
      )}
    </dl>
  );
}

function BonusButton({ bonus, intent, label, primary, busy }: { bonus: PlayerBonus; intent: string; label: string; primary?: boolean; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="bonus_id" value={bonus.id} />
      <button type="submit" className={`btn ${primary ? "btn--primary" : "btn--ghost"}`} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/** The player's bonuses (SPEC §2 /profile/bonuses): the active one with its wagering progress, those to activate, and the history. */
export default function ProfileBonuses({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { active, available, history } = loaderData.bonuses;
  const refused = actionData as BonusActionData;
  const errorsOf = (b: PlayerBonus) => (refused?.bonusId === b.id ? refused.formErrors : undefined);
  return (
    <section className="responsible">
      <ProfileNav current="/profile/bonuses" />
      <h1>{t("profile.bonuses.title")}</h1>
      <section className="responsible__card" aria-labelledby="bonuses-active" data-testid="bonuses-active">
        <h2 id="bonuses-active">{t("profile.bonuses.activeTitle")}</h2>
        {active.length === 0 && <p>{t("profile.bonuses.noneActive")}</p>}
        {active.map((b) => {
          const percent = b.progress.maxValue > 0 ? Math.floor((b.progress.expCount * 100) / b.progress.maxValue) : 100;
          return (
            <article key={b.id} className="bonus" data-bonus={b.id} data-status={b.status}>
              <h3>{b.title}</h3>
              <p>{b.description}</p>
              <label className="bonus__progress">
                <span>{t("profile.bonuses.wagered", { done: formatMoney(b.wagered), of: formatMoney(b.wager_required), percent: String(percent) })}</span>
                <progress value={b.progress.expCount} max={Math.max(1, b.progress.maxValue)} />
              </label>
              <Terms bonus={b} t={t} />
              {b.expires_at && <p className="responsible__hint">{t("profile.bonuses.expiresAt", { time: formatDateTime(b.expires_at) })}</p>}
              <p className="responsible__hint">{t("profile.bonuses.exitHint")}</p>
              <FieldErrors id={`bonus-${b.id}-error`} errors={errorsOf(b)} />
              <BonusButton bonus={b} intent="deactivate" label={t("profile.bonuses.exit")} busy={busy} />
            </article>
          );
        })}
      </section>
      <section className="responsible__card" aria-labelledby="bonuses-available" data-testid="bonuses-available">
        <h2 id="bonuses-available">{t("profile.bonuses.availableTitle")}</h2>
        {available.length === 0 && <p>{t("profile.bonuses.noneAvailable")}</p>}
        {available.map((b) => (
          <article key={b.id} className="bonus" data-bonus={b.id} data-status={b.status}>
            <h3>{b.title}</h3>
            <p>{b.description}</p>
            <Terms bonus={b} t={t} />
            <p className="responsible__hint">{t("profile.bonuses.availableUntil", { time: formatDateTime(b.available_until) })}</p>
            <FieldErrors id={`bonus-${b.id}-error`} errors={errorsOf(b)} />
            <div className="bonus__actions">
              <BonusButton bonus={b} intent="activate" label={t("profile.bonuses.activate")} primary busy={busy} />
              <BonusButton bonus={b} intent="remove" label={t("profile.bonuses.decline")} busy={busy} />
            </div>
          </article>
        ))}
      </section>
      <FreespinPacks packs={loaderData.freespins} />
      <section className="responsible__card" aria-labelledby="bonuses-history" data-testid="bonuses-history">
        <h2 id="bonuses-history">{t("profile.bonuses.historyTitle")}</h2>
        {history.length === 0 ? (
          <p>{t("profile.bonuses.noneHistory")}</p>
        ) : (
          <ul className="bonus__history">
            {history.map((b) => (
              <li key={b.id} data-bonus={b.id} data-status={b.status}>
                <strong>{b.title}</strong> · {formatMoney(b.amount)} · {t(`profile.bonuses.status.${b.status}`)}
                {b.finished_at && <> · {formatDate(b.finished_at)}</>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Bonuses"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

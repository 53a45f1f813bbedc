import { Form, useLocation, useNavigation } from "react-router";
import { PLAY_LIMIT_PERIODS } from "../../../core/api/entities-responsible";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/**
 * The UK's offer of a deposit limit before the first deposit (issue 40, core/jurisdictions.ts
 * `promptBeforeDeposit`): the deposit form waits for an answer — a daily, weekly or monthly
 * deposit limit, or "not now", which the platform records. Both are plain forms posted to the
 * responsible-gaming page's action, which sends the player back here; a refused limit is shown
 * there, on the limits form, with what was typed. Its messages are the `limitPrompt` namespace,
 * sent with the cashier's pages.
 */
export function LimitPrompt({ currency }: { currency: string }) {
  const t = useT();
  const to = useLocalePath();
  const { pathname, search } = useLocation();
  const action = to("/profile/responsible-game");
  const busy = useNavigation().formData?.get("intent");
  const back = <input type="hidden" name="returnTo" value={pathname + search} />;
  return (
    <section className="responsible__card limit-prompt" aria-labelledby="limit-prompt-title" data-limit-prompt>
      <h2 id="limit-prompt-title">{t("limitPrompt.title")}</h2>
      <p>{t("limitPrompt.text")}</p>
      <Form method="post" action={action} className="responsible__form" id="limit-prompt">
        <input type="hidden" name="intent" value="playLimit" />
        <input type="hidden" name="kind" value="deposit" />
        {back}
        <div className="responsible__row">
          <div className="field">
            <label htmlFor="limit-prompt-period">{t("limitPrompt.period")}</label>
            <select id="limit-prompt-period" name="period" defaultValue="week">
              {PLAY_LIMIT_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`limitPrompt.periods.${p}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="limit-prompt-amount">{t("limitPrompt.amount", { currency })}</label>
            <input id="limit-prompt-amount" name="amount" inputMode="numeric" autoComplete="off" required />
          </div>
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy === "playLimit"}>
          {t("limitPrompt.set")}
        </button>
      </Form>
      <Form method="post" action={action} className="limit-prompt__decline">
        <input type="hidden" name="intent" value="declineLimitPrompt" />
        {back}
        <button type="submit" className="btn btn--ghost" disabled={busy === "declineLimitPrompt"}>
          {t("limitPrompt.decline")}
        </button>
      </Form>
    </section>
  );
}

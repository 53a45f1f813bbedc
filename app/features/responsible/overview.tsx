import type { MarketRules } from "./market";
import { MarketNote } from "./market-note";
import { LimitReview } from "./limit-review";
import { Link } from "react-router";
import type { DepositLimit, PlayLimits, ResponsibleGaming } from "../../../core/api/entities-responsible";
import { MarketCapNote } from "./market-cap-note";
import { PlayLimitsList } from "./play-limits";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { LimitSummary } from "./limit-summary";
import { SessionLimitSummary } from "./session-limit-summary";
import { HelpCard, SelfAssessmentCard } from "./self-assessment";
import type { ResponsibleActionData } from "./action-data";

const TOOLS = ["limit", "limits", "session", "reality", "exclusion"] as const;

/** What the tools are, the player's current settings with a link to change them, the self-assessment test, and help. */
export function ResponsibleOverview({
  limit,
  state,
  limits,
  market,
  actionData,
}: {
  limit: DepositLimit;
  state: ResponsibleGaming;
  limits: PlayLimits;
  market: MarketRules;
  actionData?: ResponsibleActionData;
}) {
  const t = useT();
  const to = useLocalePath();
  const profile = to("/profile/responsible-game");
  const minutes = state.reality_check_minutes;
  return (
    <section className="responsible">
      <h1>{t("responsible.title")}</h1>
      <p className="responsible__lead">{t("responsible.intro")}</p>
      <MarketNote market={market} />
      <LimitReview due={state.limits_review_due} />
      <section className="responsible__card" aria-labelledby="rg-state">
        <h2 id="rg-state">{t("responsible.yourSettings")}</h2>
        <LimitSummary limit={limit} />
        <MarketCapNote cap={limits.market_cap} />
        <h3>{t("responsible.limits.title")}</h3>
        <PlayLimitsList limits={limits.limits} />
        <h3>{t("responsible.session.title")}</h3>
        <SessionLimitSummary state={state} />
        <dl className="responsible__facts">
          <dt>{t("responsible.reality.title")}</dt>
          <dd>{minutes > 0 ? t("responsible.reality.every", { minutes }) : t("responsible.reality.off")}</dd>
        </dl>
        <Link to={profile} className="btn btn--primary">
          {t("responsible.change")}
        </Link>
      </section>
      <section className="responsible__card" aria-labelledby="rg-tools">
        <h2 id="rg-tools">{t("responsible.toolsTitle")}</h2>
        <ul className="responsible__tools">
          {TOOLS.map((tool) => (
            <li key={tool}>
              <h3>{t(`responsible.${tool}.title`)}</h3>
              <p>{t(`responsible.${tool}.about`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <SelfAssessmentCard actionData={actionData} />
      <HelpCard market={market} />
    </section>
  );
}

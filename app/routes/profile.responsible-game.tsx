import type { Route } from "./+types/profile.responsible-game";
import { ExclusionForm } from "../features/responsible/exclusion-form";
import type { ResponsibleActionData } from "../features/responsible/action-data";
import { formatDate } from "../../core/dates";
import { LimitForm, LimitSummary } from "../features/responsible/limit-form";
import { RealityForm } from "../features/responsible/reality-form";
import { loadResponsible, responsibleAction } from "../features/responsible/responsible.server";
import { useT } from "../lib/i18n/use-t";
import { getInstance } from "../middleware/i18n.server";
import { ProfileNav } from "../features/profile/profile-nav";
import { MarketNote } from "../features/responsible/market-note";
import { LimitReview } from "../features/responsible/limit-review";
import { MarketCapNote } from "../features/responsible/market-cap-note";
import { PlayLimitForm, PlayLimitsList } from "../features/responsible/play-limits";
import { SessionLimitForm, SessionLimitSummary } from "../features/responsible/session-limit-form";
import { HelpCard, SelfAssessmentCard } from "../features/responsible/self-assessment";

export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await loadResponsible(context, request);
  return { ...data, title: getInstance(context).t("responsible.profileTitle") };
}

export const action = ({ request, context }: Route.ActionArgs) => responsibleAction(context, request);

/** The player's responsible-gaming tools (SPEC §2 /profile/responsible-game): real forms, each working without JavaScript. */
export default function ProfileResponsibleGame({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { limit, state, limits, market } = loaderData;
  const refused = actionData as ResponsibleActionData | undefined;
  return (
    <section className="responsible">
      <ProfileNav current="/profile/responsible-game" />
      <h1>{t("responsible.profileTitle")}</h1>
      <MarketNote market={market} />
      <LimitReview due={state.limits_review_due} />
      <section className="responsible__card" aria-labelledby="rg-limit">
        <h2 id="rg-limit">{t("responsible.limit.title")}</h2>
        <LimitSummary limit={limit} />
        <LimitForm limit={limit} currency={state.session.wagered.currency} market={market} actionData={refused} />
      </section>
      <section className="responsible__card" aria-labelledby="rg-limits">
        <h2 id="rg-limits">{t("responsible.limits.title")}</h2>
        <p className="responsible__hint">{t("responsible.limits.about")}</p>
        <MarketCapNote cap={limits.market_cap} />
        <PlayLimitsList limits={limits.limits} editable />
        <PlayLimitForm currency={state.session.wagered.currency} market={market} actionData={refused} />
      </section>
      <section className="responsible__card" aria-labelledby="rg-session">
        <h2 id="rg-session">{t("responsible.session.title")}</h2>
        <SessionLimitSummary state={state} />
        <SessionLimitForm state={state} market={market} actionData={refused} />
      </section>
      <section className="responsible__card" aria-labelledby="rg-reality">
        <h2 id="rg-reality">{t("responsible.reality.title")}</h2>
        <RealityForm minutes={state.reality_check_minutes} market={market} actionData={refused} />
      </section>
      <section className="responsible__card responsible__card--danger" aria-labelledby="rg-exclusion">
        <h2 id="rg-exclusion">{t("responsible.exclusion.title")}</h2>
        {state.self_exclusion_until !== null && <p>{t("responsible.exclusion.until", { date: formatDate(state.self_exclusion_until) })}</p>}
        <ExclusionForm actionData={refused} />
      </section>
      <SelfAssessmentCard actionData={refused} />
      <HelpCard market={market} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Responsible gaming"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

import { Link } from "react-router";
import type { Route } from "./+types/support";
import { FeedbackForm, type SupportActionData } from "../features/support/feedback-form";
import { loadSupport, supportAction } from "../features/support/support.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";

export const loader = ({ context, request }: Route.LoaderArgs) => loadSupport(context, request);
export const action = ({ context, request }: Route.ActionArgs) => supportAction(context, request);

/**
 * The support page (SPEC §2 /support; decision 0052): the feedback form for visitors and players,
 * the support email, and the FAQ. After sending, the page says the message arrived.
 */
export default function Support({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const { topics, email, player, pageUrl, sent } = loaderData;
  return (
    <section className="responsible" aria-labelledby="support-title">
      <h1 id="support-title">{t("support.title")}</h1>
      <p className="responsible__lead">{t("support.lead")}</p>
      {sent !== null && (
        <p role="status" className="responsible__card" data-testid="support-sent">
          {t("support.sent")}
        </p>
      )}
      <section className="responsible__card" aria-labelledby="support-form-title">
        <h2 id="support-form-title">{t("support.formTitle")}</h2>
        <FeedbackForm key={sent ?? "new"} topics={topics} player={player} pageUrl={pageUrl} actionData={actionData as SupportActionData | undefined} />
      </section>
      <section className="responsible__card" aria-labelledby="support-other-title">
        <h2 id="support-other-title">{t("support.otherTitle")}</h2>
        <p>
          {t("support.emailUs")} <a href={`mailto:${email}`}>{email}</a>
        </p>
        <p>
          {t("support.faqText")} <Link to={to("/faq")}>{t("support.faqLink")}</Link>
        </p>
      </section>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [{ title: "Support" }];

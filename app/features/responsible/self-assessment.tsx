import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { PGSI_ANSWERS, PGSI_QUESTIONS } from "../../../core/self-assessment";
import type { SelfAssessment } from "../../../core/api/entities-responsible";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { useLazySchema } from "../../lib/lazy-schema";
import { FieldErrors, FormErrors, initial, Submit } from "../../ui/form/field";
import type { ResponsibleActionData } from "./action-data";
import type { MarketRules } from "./market";

/**
 * The self-assessment test (issue 40, decision 0093): the PGSI's nine questions as radio groups,
 * posted to the page's own action (the platform scores and keeps the score), the result said in
 * the page with what to do next — the same with and without JavaScript.
 */
export function SelfAssessmentCard({ actionData }: { actionData?: ResponsibleActionData }) {
  const t = useT();
  const to = useLocalePath();
  const busy = useNavigation().formData?.get("intent") === "selfAssessment";
  const check = useLazySchema(
    () => import("./schemas"),
    (m, messages) => m.selfAssessmentSchema(messages(t)),
    [t],
  );
  const mine = actionData?.intent === "selfAssessment" ? actionData : undefined;
  const [form, fields] = useForm({ id: "self-assessment", lastResult: mine?.result, onValidate: check.onValidate, shouldRevalidate: "onInput" });
  return (
    <section className="responsible__card" aria-labelledby="rg-self-test" id="self-test">
      <h2 id="rg-self-test">{t("responsible.selfTest.title")}</h2>
      {mine?.assessment && <SelfAssessmentResult assessment={mine.assessment} toolsPath={to("/profile/responsible-game")} />}
      <p className="responsible__hint">{t("responsible.selfTest.intro")}</p>
      <Form method="post" className="responsible__form self-test" {...getFormProps(form)} onFocus={check.load}>
        <input type="hidden" name="intent" value="selfAssessment" />
        <ol className="self-test__questions">
          {PGSI_QUESTIONS.map((q) => {
            const field = fields[q];
            const chosen = initial(field);
            return (
              <li key={q}>
                <fieldset aria-invalid={field.errors?.length ? true : undefined} aria-describedby={field.errors?.length ? field.errorId : undefined}>
                  <legend>{t(`responsible.selfTest.questions.${q}`)}</legend>
                  <div className="self-test__answers">
                    {PGSI_ANSWERS.map((a) => (
                      <label key={a}>
                        <input type="radio" name={field.name} value={a} defaultChecked={chosen === a} required /> {t(`responsible.selfTest.answers.${a}`)}
                      </label>
                    ))}
                  </div>
                  <FieldErrors meta={field} />
                </fieldset>
              </li>
            );
          })}
        </ol>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Submit busy={busy}>{t("responsible.selfTest.submit")}</Submit>
      </Form>
    </section>
  );
}

function SelfAssessmentResult({ assessment, toolsPath }: { assessment: SelfAssessment; toolsPath: string }) {
  const t = useT();
  const worried = assessment.band === "moderate" || assessment.band === "high";
  return (
    <div className={`self-test__result self-test__result--${assessment.band}`} role="status" data-band={assessment.band}>
      <p>
        <strong>{t("responsible.selfTest.result", { score: String(assessment.score) })}</strong> {t(`responsible.selfTest.bands.${assessment.band}`)}
      </p>
      {assessment.band !== "none" && (
        <p className="self-test__next">
          <Link to={toolsPath} className={worried ? "btn btn--primary" : "btn"}>
            {t("responsible.selfTest.tools")}
          </Link>{" "}
          {worried && <a href="#rg-help">{t("responsible.help.orgs")}</a>}
        </p>
      )}
    </div>
  );
}

/** Where the player's market finds free, confidential help (core/help-organisations.ts), with the general advice. */
export function HelpCard({ market }: { market: MarketRules }) {
  const t = useT();
  return (
    <section className="responsible__card" aria-labelledby="rg-help" id="help">
      <h2 id="rg-help">{t("responsible.help.title")}</h2>
      <p>{t("responsible.help.text")}</p>
      <ul>
        <li>{t("responsible.help.signs")}</li>
        <li>{t("responsible.help.talk")}</li>
      </ul>
      <h3>{t("responsible.help.orgs")}</h3>
      <ul className="help-orgs" data-help-market={market.id}>
        {market.help.map((org) => (
          <li key={org.id} data-org={org.id}>
            <a href={org.url} target="_blank" rel="noopener noreferrer">
              {org.name}
            </a>
            {org.phone && (
              <>
                {" · "}
                <a href={`tel:${org.phone.replace(/[^\d+]/g, "")}`}>
                  {t("responsible.help.call")} <bdi dir="ltr">{org.phone}</bdi>
                </a>
              </>
            )}
            <p>{t(`responsible.helpOrgs.${org.id}`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Form, useNavigation } from "react-router";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/**
 * The limit review reminder (decision 0091): six months after the player last set, changed or
 * confirmed their limits, the responsible-gaming pages ask whether they are still right. "Keep my
 * limits" records the answer (a plain form, JS on and off); changing one below answers too.
 */
export function LimitReview({ due }: { due: boolean }) {
  const t = useT();
  const to = useLocalePath();
  const busy = useNavigation().formData?.get("intent") === "reviewLimits";
  if (!due) return null;
  return (
    <section className="responsible__card notice" aria-labelledby="rg-review" data-limit-review>
      <h2 id="rg-review">{t("responsible.review.title")}</h2>
      <p>{t("responsible.review.text")}</p>
      <Form method="post" action={to("/profile/responsible-game")} className="responsible__form" id="limit-review">
        <input type="hidden" name="intent" value="reviewLimits" />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("responsible.review.keep")}
        </button>
      </Form>
    </section>
  );
}

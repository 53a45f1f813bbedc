import { useNavigate } from "react-router";
import type { Route } from "./+types/promotions";
import { campaignCloseAction, loadPromotions } from "../features/promotions/promotions.server";
import { PROMOTION_KEY } from "../features/promotions/promotion-url";
import { PromotionCard } from "../features/promotions/promotion-card";
import { ClaimTermsNote } from "../features/site/claim-terms";
import { CmsLink } from "../features/site/cms-link";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { Dialog, dialogTitleId } from "../ui/dialog/dialog";
import { AppLink } from "../ui/app-link";
import { withPopup } from "../features/auth/popup-url";

/** `/promotions` (SPEC §1) and, with `?promotion=<id>`, that promotion's detail popup (SPEC §2). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadPromotions(context, request);
}

/** The login campaign popup's Close form posts here from any page (campaign-popup.tsx). */
export function action({ request, context }: Route.ActionArgs) {
  return campaignCloseAction(context, request);
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const navigate = useNavigate();
  const { promotions, open, hiddenBy } = loaderData;
  const list = to("/promotions");
  const entry = open && { id: `promotion-${open.id}`, kind: "popup" as const, name: "promotionDetail", preventClose: false };
  return (
    <section className="promotions">
      <h1 className="promotions__title">{t("promotions.title")}</h1>
      {hiddenBy ? (
        <p data-testid="promotions-hidden">
          {t("promotions.visitorsHidden", { regulator: hiddenBy })}{" "}
          <AppLink to={withPopup(list, "authorization")} preventScrollReset>
            {t("promotions.signInToSee")}
          </AppLink>
        </p>
      ) : promotions.length === 0 ? (
        <p>{t("promotions.empty")}</p>
      ) : (
        <ul className="promotions__list">
          {promotions.map((p, i) => (
            <PromotionCard key={p.id} promotion={p} detailsHref={`${list}?${PROMOTION_KEY}=${p.id}`} first={i === 0} />
          ))}
        </ul>
      )}
      {open && entry && (
        // Opened by the URL, so it renders on the server; closing returns to the list.
        <Dialog entry={entry} active closeHref={list} onClose={() => navigate(list, { replace: true, preventScrollReset: true })}>
          <article className="campaign-popup" data-testid="promotion-detail">
            <img className="campaign-popup__image" src={open.display.image} alt="" width={480} height={240} />
            <h2 id={dialogTitleId(entry)}>{open.description.title}</h2>
            <p>{open.description.subtitle}</p>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the operator's campaign text is HTML by the platform's contract (written in the back office) */}
            <div className="campaign-popup__content" dangerouslySetInnerHTML={{ __html: open.description.content }} />
            {open.description.link && (
              <CmsLink className="btn btn--primary" link={open.description.link}>
                {open.description.buttonTitle}
              </CmsLink>
            )}
            <ClaimTermsNote terms={open.terms} />
          </article>
        </Dialog>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

import { Link } from "react-router";
import type { Banner } from "../../../core/api/entities";
import { formatDate } from "../../../core/dates";
import { useT } from "../../lib/i18n/use-t";
import { ClaimTermsNote } from "../site/claim-terms";

/**
 * One promotion on /promotions: its banner, and the link that opens its detail popup. The first
 * card's picture is the page's largest paint on a phone: it loads at once, the others when near.
 */
export function PromotionCard({ promotion: b, detailsHref, first = false }: { promotion: Banner; detailsHref: string; first?: boolean }) {
  const t = useT();
  return (
    <li className="promotion" data-testid="promotion">
      <img
        className="promotion__image"
        src={b.display.image}
        width={336}
        height={180}
        alt=""
        loading={first ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={first ? "high" : undefined}
      />
      <div className="promotion__text">
        <h2 className="promotion__title">{b.description.title}</h2>
        <p className="promotion__subtitle">{b.description.subtitle}</p>
        {b.display.value && (
          <p className="promotion__value">
            {b.display.label} <strong>{b.display.value}</strong> {b.display.addition}
          </p>
        )}
        {b.finished_at && <p className="promotion__ends">{t("promotions.ends", { date: formatDate(b.finished_at * 1000) })}</p>}
        <Link className="btn btn--primary" to={detailsHref} preventScrollReset>
          {b.description.buttonTitle || t("promotions.details")}
        </Link>
        <ClaimTermsNote terms={b.terms} />
      </div>
    </li>
  );
}

import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { Dialog, dialogTitleId } from "../../ui/dialog/dialog";
import { useT } from "../../lib/i18n/use-t";
import { PromoCodeField } from "./promo-code-field";

/** What the page's promo form answers on a refusal: the field's message and what was typed. */
export type PromoActionData = { promo: { errors: string[]; value: string } };

/**
 * "Have a promo code?" on /profile/bonuses (decision 0044): a plain form posting to the page's
 * action (campaigns.activateOffer), checked as the player types when JavaScript runs.
 */
export function PromoActivateCard({ answer, busy }: { answer?: PromoActionData["promo"]; busy: boolean }) {
  const t = useT();
  return (
    <section className="responsible__card" aria-labelledby="promo-activate" data-testid="promo-activate">
      <h2 id="promo-activate">{t("common.promoCode.activateTitle")}</h2>
      <p className="responsible__hint">{t("common.promoCode.activateHint")}</p>
      <Form method="post" className="promo-activate">
        <input type="hidden" name="intent" value="promo" />
        <PromoCodeField key={answer?.value} id="promo-activate-code" defaultValue={answer?.value} errors={answer?.errors} context="activate" required />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("common.promoCode.activate")}
        </button>
      </Form>
    </section>
  );
}

/** SPEC §2 promo-code-activated popup: closed by a link back to the page (no JavaScript) or in place. */
export function PromoActivatedDialog({ code }: { code: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const entry = { id: "promo-code-activated", kind: "confirm" as const, name: "promoCodeActivated", preventClose: false };
  return (
    <Dialog entry={entry} active closeHref={pathname} onClose={() => setOpen(false)}>
      <article className="confirm" data-testid="promo-code-activated">
        <h2 id={dialogTitleId(entry)}>{t("common.promoCode.activatedTitle")}</h2>
        <p>{t("common.promoCode.activatedText", { code })}</p>
        <div className="confirm__actions">
          <Link
            to={pathname}
            replace
            className="btn btn--primary"
            onClick={(e) => {
              e.preventDefault();
              setOpen(false);
            }}
          >
            {t("common.promoCode.ok")}
          </Link>
        </div>
      </article>
    </Dialog>
  );
}

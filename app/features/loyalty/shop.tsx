import { Form, Link, useNavigate } from "react-router";
import type { LoyaltyInfo, LoyaltyProduct } from "../../../core/api/contract-loyalty";
import { formatMoney } from "../../../core/money";
import { Dialog, dialogTitleId } from "../../ui/dialog/dialog";
import { FieldErrors, Submit } from "../../ui/form/field";
import { ConfirmActions, ConfirmBody } from "../../ui/dialog/confirm-body";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { buyHref, buySignIn } from "./buy-link";
import { formatPoints } from "./points";

type T = ReturnType<typeof useT>;

/** What a product gives, in words. */
function rewardText(p: LoyaltyProduct, t: T): string {
  const amount = p.reward.amount ? formatMoney(p.reward.amount) : "";
  return t(`loyalty.shop.rewards.${p.reward.type}`, { amount });
}

/** Why a product cannot be bought now (null: it can). */
function unavailable(p: LoyaltyProduct, t: T): string | null {
  if (p.stock === 0) return t("loyalty.shop.soldOut");
  if (p.per_player_limit !== null && p.purchased >= p.per_player_limit) return t("loyalty.shop.errors.limit_reached");
  return null;
}

/**
 * A product of the shop. Buy is a link to the shop with `?buy=<id>`: the confirm dialog (or the
 * not-enough-points one) renders from the URL, so it works without JavaScript. A visitor's Buy is
 * the sign-in popup, coming back to that dialog (decision 0100).
 */
export function ProductCard({ product: p, errors, signedIn }: { product: LoyaltyProduct; errors?: string[]; signedIn: boolean }) {
  const t = useT();
  const to = useLocalePath();
  const blocked = unavailable(p, t);
  return (
    <article className="bonus loyalty__product" data-testid="loyalty-product" data-product={p.sysname}>
      {p.image && <img src={p.image} alt="" width={96} height={96} loading="lazy" />}
      <h2 className="loyalty__product-title">{p.title}</h2>
      <p>{p.description}</p>
      <dl className="bonus__terms">
        <dt>{t("loyalty.shop.price", { price: formatPoints(p.price) })}</dt>
        <dd>{rewardText(p, t)}</dd>
      </dl>
      {p.stock !== null && p.stock > 0 && <p className="responsible__hint">{t("loyalty.shop.stock", { left: formatPoints(p.stock) })}</p>}
      {p.per_player_limit !== null && (
        <p className="responsible__hint">{t("loyalty.shop.limit", { bought: String(p.purchased), limit: String(p.per_player_limit) })}</p>
      )}
      <FieldErrors id={`product-${p.id}-error`} errors={errors} />
      {blocked ? (
        <p className="notice">{blocked}</p>
      ) : (
        <Link
          className="btn btn--primary"
          to={(signedIn ? buyHref : buySignIn)(to("/loyalty/shop"), p.id)}
          preventScrollReset
          aria-label={`${t("loyalty.shop.buy")}: ${p.title}`}
        >
          {t("loyalty.shop.buy")}
        </Link>
      )}
    </article>
  );
}

/**
 * SPEC §2 loyalty shop popups: buy confirm (what it costs and what is left), or insufficient funds
 * (what is missing, and the way to play). Opened by the URL; closing goes back to the shop.
 */
export function BuyDialog({ product: p, info, buyKey, busy }: { product: LoyaltyProduct; info: LoyaltyInfo; buyKey: string; busy: boolean }) {
  const t = useT();
  const to = useLocalePath();
  const navigate = useNavigate();
  const shop = to("/loyalty/shop");
  const close = () => navigate(shop, { replace: true, preventScrollReset: true });
  const short = info.points < p.price;
  const entry = { id: `loyalty-buy-${p.id}`, kind: "confirm" as const, name: short ? "loyaltyInsufficient" : "loyaltyBuy", preventClose: false };
  return (
    <Dialog entry={entry} active closeHref={shop} onClose={close}>
      {short ? (
        <ConfirmBody
          testId="loyalty-insufficient"
          titleId={dialogTitleId(entry)}
          title={t("loyalty.shop.insufficientTitle")}
          actions={
            <ConfirmActions>
              <Link className="btn btn--primary" to={to("/gamehall")}>
                {t("loyalty.shop.play")}
              </Link>
              <Link className="btn btn--ghost" to={shop} replace preventScrollReset>
                {t("loyalty.shop.ok")}
              </Link>
            </ConfirmActions>
          }
        >
          <p>
            {t("loyalty.shop.insufficientText", {
              title: p.title,
              price: formatPoints(p.price),
              points: formatPoints(info.points),
              missing: formatPoints(p.price - info.points),
            })}
          </p>
        </ConfirmBody>
      ) : (
        <ConfirmBody
          testId="loyalty-confirm"
          titleId={dialogTitleId(entry)}
          title={t("loyalty.shop.confirmTitle", { title: p.title })}
          actions={
            <Form method="post" action={shop} className="confirm__actions">
              <input type="hidden" name="product_id" value={p.id} />
              <input type="hidden" name="key" value={buyKey} />
              <Submit busy={busy}>{t("loyalty.shop.confirm")}</Submit>
              <Link className="btn btn--ghost" to={shop} replace preventScrollReset>
                {t("loyalty.shop.cancel")}
              </Link>
            </Form>
          }
        >
          <p>{rewardText(p, t)}</p>
          <p>{t("loyalty.shop.confirmText", { price: formatPoints(p.price), points: formatPoints(info.points), left: formatPoints(info.points - p.price) })}</p>
        </ConfirmBody>
      )}
    </Dialog>
  );
}

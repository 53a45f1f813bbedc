import { useNavigation } from "react-router";
import type { Route } from "./+types/loyalty.shop";
import { loadShop, shopAction, type ShopActionData } from "../features/loyalty/loyalty.server";
import { formatPoints } from "../features/loyalty/points";
import { BuyDialog, ProductCard } from "../features/loyalty/shop";
import { useT } from "../lib/i18n/use-t";

export const loader = (args: Route.LoaderArgs) => loadShop(args);
export const action = (args: Route.ActionArgs) => shopAction(args);

/**
 * `/loyalty/shop` (SPEC §1; public, decision 0100): rewards for points; buying asks to confirm in a
 * dialog opened by the URL (works without JavaScript), after signing in for a visitor.
 */
export default function LoyaltyShop({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { products, info, buying, key } = loaderData;
  const refused = actionData as ShopActionData;
  return (
    <section className="responsible loyalty">
      <h1>{t("loyalty.shop.title")}</h1>
      {info ? (
        <p data-testid="loyalty-balance">{t("loyalty.shop.balance", { points: formatPoints(info.points), alias: info.pointsAlias })}</p>
      ) : (
        <p data-testid="loyalty-visitor">{t("loyalty.shop.visitor")}</p>
      )}
      {products.length === 0 && <p>{t("loyalty.shop.empty")}</p>}
      <div className="loyalty__shop">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} signedIn={info !== null} errors={refused?.productId === p.id ? refused.formErrors : undefined} />
        ))}
      </div>
      {buying && info && <BuyDialog key={buying.id} product={buying} info={info} buyKey={key} busy={busy} />}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

import { useEffect, useSyncExternalStore } from "react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/offers";
import type { Offer } from "../../core/api/contract-offers";
import { OfferCard } from "../features/offers/offer-card";
import { offersSnapshot, seedOffers, subscribeOffers } from "../features/offers/offers-feed";
import { loadOffers, takeOfferAction, type TakeOfferData } from "../features/offers/offers.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { BonusRulesNote } from "../features/responsible/market-note";

export const loader = (args: Route.LoaderArgs) => loadOffers(args);
export const action = (args: Route.ActionArgs) => takeOfferAction(args);

/**
 * The player's offers (SPEC §2 /offers, protected: offers are personal). Server-rendered from the
 * loader; with JavaScript the list follows the realtime events (offers-feed: a new offer is fetched
 * and prepended, an ended or taken one removed) without a reload.
 */
export default function Offers({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const busy = useNavigation().state === "submitting";
  useEffect(() => seedOffers(loaderData.offers), [loaderData.offers]);
  const live = useSyncExternalStore<Offer[] | null>(subscribeOffers, offersSnapshotCached, () => null);
  const offers = live ?? loaderData.offers;
  const answer = actionData as TakeOfferData;
  return (
    <section className="responsible offers">
      <h1>{t("offers.title")}</h1>
      <p>{t("offers.intro")}</p>
      <BonusRulesNote market={loaderData.market} />
      <div className="offers__list" data-testid="offers-list" aria-live="polite">
        {offers.length === 0 && <p>{t("offers.none")}</p>}
        {offers.map((o) => (
          <OfferCard key={o.id} offer={o} t={t} to={to} busy={busy} errors={answer?.offerId === o.id ? answer.formErrors : undefined} />
        ))}
      </div>
    </section>
  );
}

// useSyncExternalStore needs the same snapshot object while nothing changed.
let last: { key: string; value: Offer[] | null } = { key: "", value: null };
function offersSnapshotCached(): Offer[] | null {
  const value = offersSnapshot();
  const key = value ? value.map((o) => o.id).join(",") : "";
  if (key !== last.key || (value === null) !== (last.value === null)) last = { key, value };
  return last.value;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Offers"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

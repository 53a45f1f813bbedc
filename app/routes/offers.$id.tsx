import { useNavigation } from "react-router";
import type { Route } from "./+types/offers.$id";
import { OfferCard } from "../features/offers/offer-card";
import { loadOffer, takeOfferAction, type TakeOfferData } from "../features/offers/offers.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { AppLink } from "../ui/app-link";

export const loader = (args: Route.LoaderArgs) => loadOffer({ ...args, id: args.params.id });
export const action = (args: Route.ActionArgs) => takeOfferAction(args);

/** One offer of the player's (SPEC §2 /offers/{id}); 404 when it is not, or no longer, theirs. */
export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const busy = useNavigation().state === "submitting";
  const answer = actionData as TakeOfferData;
  const { offer } = loaderData;
  return (
    <section className="responsible offers">
      <p>
        <AppLink to={to("/offers")}>{t("offers.back")}</AppLink>
      </p>
      <OfferCard offer={offer} t={t} to={to} busy={busy} detailed errors={answer?.offerId === offer.id ? answer.formErrors : undefined} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Offer"} | ${loaderData?.siteName ?? ""}` },
  { name: "description", content: loaderData?.description ?? "" },
  { name: "robots", content: "noindex" },
];

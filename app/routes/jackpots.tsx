import { Link } from "react-router";
import type { Route } from "./+types/jackpots";
import { JackpotCard } from "../features/jackpots/jackpot-card";
import { loadJackpots } from "../features/jackpots/jackpots.server";
import { useLiveJackpots } from "../features/jackpots/use-live-jackpots";
import { useLocalePath, useT } from "../lib/i18n/use-t";

export function loader({ context }: Route.LoaderArgs) {
  return loadJackpots(context);
}

/** Every jackpot with its pool; with JavaScript the amounts follow the server every few seconds. */
export default function Jackpots({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const jackpots = useLiveJackpots(loaderData.jackpots);
  return (
    <section className="jackpots">
      <h1 className="jackpots__title">{t("jackpots.title")}</h1>
      <p className="jackpots__intro">{t("jackpots.intro")}</p>
      {loaderData.excludedBy !== null && (
        <p className="notice" data-no-jackpots>
          {t("jackpots.excluded", { regulator: loaderData.excludedBy })}
        </p>
      )}
      <ul className="jackpot-cards">
        {jackpots.map((j) => (
          <JackpotCard key={j.id} jackpot={j} />
        ))}
      </ul>
      <p>
        <Link to={to("/winners")} className="jackpots__winners-link">
          {t("jackpots.winners.link")}
        </Link>
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

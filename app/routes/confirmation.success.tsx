import { Link } from "react-router";
import type { Route } from "./+types/confirmation.success";
import { getSite } from "../features/site/site.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { getInstance } from "../middleware/i18n.server";

/** The page a confirmed contact lands on. */
export function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("confirmation.successTitle"), siteName: getSite(context).metadata.siteName };
}

export default function ConfirmationSuccess() {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="notice-page notice-page--success">
      <h1>{t("confirmation.successTitle")}</h1>
      <p>{t("confirmation.successText")}</p>
      <Link className="btn btn--primary" to={to("/gamehall")}>
        {t("confirmation.toGames")}
      </Link>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title} | ${loaderData?.siteName}` },
  { name: "robots", content: "noindex" },
];

import { Link } from "react-router";
import type { Route } from "./+types/confirmation";
import { getSite } from "../features/site/site.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { getInstance } from "../middleware/i18n.server";

/** Where a player lands after asking for a confirmation message: what to do next. */
export function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("confirmation.title"), siteName: getSite(context).metadata.siteName };
}

export default function Confirmation() {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="notice-page">
      <h1>{t("confirmation.title")}</h1>
      <p>{t("confirmation.text")}</p>
      <p>{t("confirmation.hint")}</p>
      <Link className="btn btn--primary" to={to("/")}>
        {t("errors.goHome")}
      </Link>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title} | ${loaderData?.siteName}` },
  { name: "robots", content: "noindex" },
];

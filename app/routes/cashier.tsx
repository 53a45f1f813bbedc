import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/cashier";
import { getSite, requirePlayer } from "../features/site/site.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { getInstance } from "../middleware/i18n.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePlayer(context, request);
  return { title: getInstance(context).t("cashier.title"), siteName: getSite(context).metadata.siteName };
}

const TABS = [
  ["/cashier/deposit", "cashier.tabs.deposit"],
  ["/cashier/withdraw", "cashier.tabs.withdraw"],
  ["/cashier/history", "cashier.tabs.history"],
  ["/cashier/wallet", "cashier.tabs.wallet"],
] as const;

/** The cashier: its tabs are plain links (pages of their own), the page below them. */
export default function Cashier() {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="cashier">
      <h1>{t("cashier.title")}</h1>
      <nav className="cashier__tabs" aria-label={t("cashier.sections")}>
        {TABS.map(([path, key]) => (
          <NavLink key={path} to={to(path)} className="cashier__tab" prefetch="intent">
            {t(key)}
          </NavLink>
        ))}
      </nav>
      <div className="cashier__page">
        <Outlet />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Cashier"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

import type { Route } from "./+types/profile.bets.exports";
import { ExportForm, type ExportActionData } from "../features/profile/export-form";
import { ExportList } from "../features/profile/export-list";
import { exportsAction, loadExports } from "../features/profile/exports.server";
import { ProfileNav } from "../features/profile/profile-nav";
import { useT } from "../lib/i18n/use-t";

export const loader = (args: Route.LoaderArgs) => loadExports(args);
export const action = (args: Route.ActionArgs) => exportsAction(args);

/** Game history exports: a real form asking for a CSV of a period, and the files asked for. */
export default function ProfileBetsExports({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { enabled, period, exports, idempotencyKey } = loaderData;
  return (
    <section className="profile-games">
      <ProfileNav current="/profile/bets/exports" />
      <h1>{t("profileGames.exports.title")}</h1>
      {enabled ? (
        <ExportForm period={period} idempotencyKey={idempotencyKey} actionData={actionData as ExportActionData | undefined} />
      ) : (
        <p className="notice">{t("profileGames.exports.disabled")}</p>
      )}
      <h2>{t("profileGames.exports.listTitle")}</h2>
      <ExportList exports={exports} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Exports"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

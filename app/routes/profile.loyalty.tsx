import { useNavigation } from "react-router";
import type { Route } from "./+types/profile.loyalty";
import { CharacterCard, CharacterChangeDialog, CharacterConfirmDialog } from "../features/loyalty/characters";
import { characterAction, loadProfileLoyalty, type CharacterActionData } from "../features/loyalty/loyalty.server";
import { LoyaltyLinks, PointsSummary } from "../features/loyalty/programme";
import { PointsHistory, QuestDialog, QuestList } from "../features/loyalty/records";
import { SoundToggle } from "../features/loyalty/sound-toggle";
import { ProfileNav } from "../features/profile/profile-nav";
import { useT } from "../lib/i18n/use-t";

export const loader = (args: Route.LoaderArgs) => loadProfileLoyalty(args);
export const action = (args: Route.ActionArgs) => characterAction(args);

/**
 * `/profile/loyalty` (SPEC §1): the player's points, level progress and what they are worth; the
 * character and its change; the quests (each with its popup) and the points history.
 */
export default function ProfileLoyalty({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { info, characters, choosing, picking, quests, questOpen, history } = loaderData;
  return (
    <section className="responsible">
      <ProfileNav current="/profile/loyalty" />
      <h1>{t("profileGames.nav.loyalty")}</h1>
      <PointsSummary info={info} />
      <SoundToggle />
      <LoyaltyLinks other="programme" />
      <CharacterCard current={info.character} errors={(actionData as CharacterActionData)?.formErrors} />
      <QuestList quests={quests} />
      <PointsHistory items={history.items} total={history.total} offset={history.offset} />
      {picking && !choosing && <CharacterChangeDialog current={info.character} characters={characters} />}
      {choosing && <CharacterConfirmDialog key={choosing.id} character={choosing} busy={busy} />}
      {questOpen && <QuestDialog key={questOpen.id} quest={questOpen} />}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Loyalty"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

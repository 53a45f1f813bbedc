import { useNavigation } from "react-router";
import type { Route } from "./+types/profile.loyalty";
import { CharacterConfirmDialog, CharacterPicker } from "../features/loyalty/characters";
import { characterAction, loadProfileLoyalty, type CharacterActionData } from "../features/loyalty/loyalty.server";
import { LoyaltyLinks, PointsSummary } from "../features/loyalty/programme";
import { SoundToggle } from "../features/loyalty/sound-toggle";
import { ProfileNav } from "../features/profile/profile-nav";
import { useT } from "../features/site/use-root-data";

export const loader = (args: Route.LoaderArgs) => loadProfileLoyalty(args);
export const action = (args: Route.ActionArgs) => characterAction(args);

/** `/profile/loyalty` (SPEC §1): the player's points, level progress and what they are worth; the character and its change. */
export default function ProfileLoyalty({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { info, characters, choosing } = loaderData;
  return (
    <section className="responsible">
      <ProfileNav current="/profile/loyalty" />
      <h1>{t("profileGames.nav.loyalty")}</h1>
      <PointsSummary info={info} />
      <SoundToggle />
      <LoyaltyLinks other="programme" />
      <CharacterPicker current={info.character} characters={characters} errors={(actionData as CharacterActionData)?.formErrors} />
      {choosing && <CharacterConfirmDialog key={choosing.id} character={choosing} busy={busy} />}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Loyalty"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

import type { RouterContextProvider } from "react-router";
import { getPlatform } from "../../middleware/platform.server";
import { getSite } from "../site/site.server";

/**
 * The sidebar Offers badge's count for a signed-in player (SPEC §2), read with the root data so it
 * shows without JavaScript; the live client keeps it current. A failure shows no badge. Asked for
 * with the account (`site.playerRead`), so the two reads of the player's object go as one call
 * (workers/platform/player/coalesce.ts); a visitor asks nothing.
 */
export async function availableOffersCount(context: Readonly<RouterContextProvider>): Promise<number> {
  const answer = await getSite(context)
    .playerRead(() =>
      getPlatform(context)
        .call("campaigns.getoffers", { fields: "trigger" })
        .then(
          (list) => ({ n: list.count }),
          (e: unknown) => ({ failed: e }),
        ),
    )
    .catch(() => null); // the account's own failure is the root loader's to show
  if (!answer) return 0;
  if ("n" in answer) return answer.n;
  console.error("root: offers count failed to load", answer.failed);
  return 0;
}

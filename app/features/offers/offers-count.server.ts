import type { RouterContextProvider } from "react-router";
import type { AccountInfo } from "../../../core/api/entities";
import { getPlatform } from "../../middleware/platform.server";

/**
 * The sidebar Offers badge's count for a signed-in player (SPEC §2), read with the root data so it
 * shows without JavaScript; the live client keeps it current. A failure shows no badge. `account`:
 * the player's, being read; the count is asked for alongside it, so the two reads of the player's
 * object go as one call (workers/platform/player/coalesce.ts). Only for a request that brings a session.
 */
export async function availableOffersCount(context: Readonly<RouterContextProvider>, account: Promise<AccountInfo | null>): Promise<number> {
  const count = getPlatform(context)
    .call("campaigns.getoffers", { fields: "trigger" })
    .then(
      (list) => ({ n: list.count }),
      (e: unknown) => ({ failed: e }),
    );
  const player = await account;
  if (!player || player.uid <= 0) return 0;
  const answer = await count;
  if ("n" in answer) return answer.n;
  console.error("root: offers count failed to load", answer.failed);
  return 0;
}

import type { RouterContextProvider } from "react-router";
import type { AccountInfo } from "../../../core/api/entities";
import { getPlatform } from "../../middleware/platform.server";

/**
 * The sidebar Offers badge's count for a signed-in player (SPEC §2), read with the root data so it
 * shows without JavaScript; the live client keeps it current. A failure shows no badge.
 */
export async function availableOffersCount(context: Readonly<RouterContextProvider>, account: AccountInfo | null): Promise<number> {
  if (!account || account.uid <= 0) return 0;
  return getPlatform(context)
    .call("campaigns.getoffers", { fields: "trigger" })
    .then((list) => list.count)
    .catch((e: unknown) => {
      console.error("root: offers count failed to load", e);
      return 0;
    });
}

import { redirect } from "react-router";
import type { Route } from "./+types/cashier.billing";
import { requirePlayer, sitePath } from "../features/site/site.server";
import { getPlatform } from "../middleware/platform.server";

/**
 * SPEC §2: billing names a deposit method (`?method=<sysname>`); a valid one opens its deposit
 * page, anything else the deposit index.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePlayer(context, request);
  const sysname = new URL(request.url).searchParams.get("method") ?? "";
  if (/^[a-z0-9_-]{1,40}$/.test(sysname)) {
    const settings = await getPlatform(context)
      .call("cashier.getdepositsettings")
      .catch(() => null);
    if (settings?.methods.some((m) => m.sysname === sysname)) throw redirect(sitePath(context, `/cashier/deposit/${sysname}`));
  }
  return redirect(sitePath(context, "/cashier/deposit"));
}

import { redirect } from "react-router";
import type { Route } from "./+types/cashier._index";
import { requirePlayer, sitePath } from "../features/site/site.server";

/** /cashier itself has no page: the deposit page is where the cashier opens. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePlayer(context, request);
  return redirect(sitePath(context, "/cashier/deposit"));
}

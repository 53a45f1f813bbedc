import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { GameHistoryExport } from "../../../core/api/entities-games";
import { isPlatformError, PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { defaultPeriod, exportFormSchema } from "./export-schema";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** `/profile/bets/exports`: whether exports are on, the default period and the player's last exports. */
export async function loadExports({ request, context }: Args) {
  await requirePlayer(context, request);
  const site = getSite(context);
  const info = await orErrorPage(site.generalInfo());
  const list = await orErrorPage(getPlatform(context).call("games.gethistoryexportrequest", {}));
  const exports: GameHistoryExport[] = Array.isArray(list) ? list : [list];
  return {
    enabled: info.is_game_history_export_enabled,
    period: defaultPeriod(),
    exports,
    idempotencyKey: crypto.randomUUID(),
    siteName: site.metadata.siteName,
    title: createT(site.messages)("profileGames.exports.title"),
  };
}

/** "Export my game history": the period → games.createhistoryexportrequest → back to the list. */
export async function exportsAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const submission = parseWithZod(await request.formData(), { schema: exportFormSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await getPlatform(context).call("games.createhistoryexportrequest", submission.value);
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (isPlatformError(e, "InvalidParameter") && e.fields) {
      const { from, to, ...rest } = e.fields;
      const fieldErrors = { ...(from && { from }), ...(to && { to }) };
      const formErrors = Object.values(rest).flat();
      return data({ result: submission.reply({ fieldErrors, formErrors }) }, { status: 400 });
    }
    const message = e.exception === "AccessDenied" ? t("profileGames.exports.disabled") : e.message;
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: e.status });
  }
  return redirectWithToast(sitePath(context, "/profile/bets/exports"), { type: "success", text: t("profileGames.exports.requested") });
}

import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { PlatformError } from "../../lib/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The page's forms: activate or decline an available bonus, exit the active one. */
export const BonusForm = z.object({
  intent: z.enum(["activate", "remove", "deactivate"]),
  bonus_id: z.string().max(64),
});

export type BonusActionData = { bonusId: string; formErrors: string[] } | undefined;

/** `/profile/bonuses` (SPEC §2): the active bonus with its wagering, the available ones, the history. */
export async function loadBonuses({ request, context }: Args) {
  await requirePlayer(context, request);
  const site = getSite(context);
  const platform = getPlatform(context).withLocale(site.locale);
  const [bonuses, freespins] = await Promise.all([orErrorPage(platform.call("bonuses.get")), activeFreespinPacks(platform)]);
  return { bonuses, freespins, siteName: site.metadata.siteName, title: createT(site.messages)("profile.bonuses.title") };
}

/** The active free-spin packs (decision 0041); if they cannot be read the page still shows the bonuses. */
function activeFreespinPacks(platform: ReturnType<typeof getPlatform>) {
  return platform
    .call("freespins.get", { fields: "description", status: "active", count: 99 })
    .then((list) => list.items)
    .catch((e: unknown) => {
      console.error("profile bonuses: free-spin packs could not be read", e);
      return [];
    });
}

/** The page's action, the same with and without JavaScript: success back with a toast, a refusal beside its bonus. */
export async function bonusesAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const form = BonusForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw data("Unknown form", { status: 400 });
  const { intent, bonus_id } = form.data;
  const platform = getPlatform(context);
  try {
    if (intent === "remove") await platform.call("bonuses.remove", { bonus_id });
    else await platform.call(intent === "activate" ? "bonuses.activate" : "bonuses.deactivate", { bonus_id });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    const message = e.params?.reason === "bonus_active" ? t("profile.bonuses.anotherActive") : (e.fields?.bonus_id?.[0] ? t("profile.bonuses.gone") : e.message);
    return data({ bonusId: bonus_id, formErrors: [message] } satisfies BonusActionData, { status: e.status });
  }
  const done = { activate: "profile.bonuses.activated", remove: "profile.bonuses.removed", deactivate: "profile.bonuses.exited" }[intent];
  return redirectWithToast(sitePath(context, "/profile/bonuses"), { type: "success", text: t(done) });
}

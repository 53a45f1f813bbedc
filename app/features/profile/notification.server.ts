import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { notificationSchema } from "./notification.schema";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The notification page (SPEC §2 /profile/notification): the player's contacts and whether each gets news. */
export async function loadNotification({ request, context }: Args) {
  const account = await requirePlayer(context, request);
  const profile = await orErrorPage(getPlatform(context).call("account.getprofileinfo", { fields: "contacts" }));
  return { contacts: profile.contacts ?? [], subscribed: account.is_subscribed, siteName: getSite(context).metadata.siteName };
}

/**
 * Subscribes or unsubscribes one contact (`contact`, `subscription` 1|0), or every contact at once
 * (`all=0`). Success comes back with a toast; a refusal names the contact's error.
 */
export async function notificationAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const submission = parseWithZod(await request.formData(), { schema: notificationSchema });
  // The page's forms send these hidden fields themselves: anything else is no player's form.
  if (submission.status !== "success") throw data("Unknown form", { status: 400 });
  const form = submission.value;
  const platform = getPlatform(context);
  const here = sitePath(context, "/profile/notification");
  try {
    if ("all" in form) {
      const { contacts = [] } = await platform.call("account.getprofileinfo", { fields: "contacts" });
      for (const c of contacts.filter((c) => c.is_subscribed)) {
        await platform.call("account.changeSubscription", { contact: c.contact, subscription: "0" });
      }
      return redirectWithToast(here, { type: "success", text: t("profile.notification.allOff") });
    }
    const { contact, subscription } = form;
    await platform.call("account.changeSubscription", { contact, subscription });
    return redirectWithToast(here, { type: "success", text: t(subscription === "1" ? "profile.notification.on" : "profile.notification.off", { contact }) });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    const message = Object.values(e.fields ?? {}).flat()[0] ?? e.message;
    return data({ contact: "contact" in form ? form.contact : "", message }, { status: e.status });
  }
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { notificationSchema, pushSchema } from "./notification.schema";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The notification page (SPEC §2 /profile/notification): the player's contacts and whether each gets news. */
export async function loadNotification({ request, context }: Args) {
  const account = await requirePlayer(context, request);
  const platform = getPlatform(context);
  const [profile, push] = await Promise.all([
    orErrorPage(platform.call("account.getprofileinfo", { fields: "contacts" })),
    // Web push (decision 0114): the page still serves the contacts if the platform has no push.* yet.
    platform.call("push.getSettings", {}).catch((e) => {
      if (e instanceof PlatformError && e.status < 500) return null;
      throw e;
    }),
  ]);
  return { contacts: profile.contacts ?? [], subscribed: account.is_subscribed, siteName: getSite(context).metadata.siteName, push, uid: account.uid };
}

/**
 * Subscribes or unsubscribes one contact (`contact`, `subscription` 1|0), or every contact at once
 * (`all=0`). Success comes back with a toast; a refusal names the contact's error.
 */
export async function notificationAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const formData = await request.formData();
  if (String(formData.get("intent") ?? "").startsWith("push-")) return pushAction(context, formData);
  const submission = parseWithZod(formData, { schema: notificationSchema });
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

/**
 * The push notification forms (decision 0114): each intent is one platform call (topics and the
 * turning off apply to every subscription of the player's); success comes back with a toast, a
 * refusal as the push section's error.
 */
async function pushAction(context: Readonly<RouterContextProvider>, formData: FormData) {
  const t = createT(getSite(context).messages);
  const submission = parseWithZod(formData, { schema: pushSchema });
  if (submission.status !== "success") throw data("Unknown form", { status: 400 });
  const form = submission.value;
  const platform = getPlatform(context);
  const here = sitePath(context, "/profile/notification");
  try {
    if (form.intent === "push-demo") await platform.call("push.subscribeDemo", { topics: form.topics.join(",") });
    else if (form.intent === "push-subscribe") {
      await platform.call("push.subscribe", { endpoint: form.endpoint, p256dh: form.p256dh, auth: form.auth, topics: form.topics.join(",") });
    } else if (form.intent === "push-test") {
      await platform.call("push.sendTest", {});
      return redirectWithToast(here, { type: "success", text: t("profile.pushForm.testSent") });
    } else {
      const { subscriptions } = await platform.call("push.getSettings", {});
      for (const s of subscriptions) {
        if (form.intent === "push-off") await platform.call("push.unsubscribe", { endpoint: s.endpoint });
        else await platform.call("push.setTopics", { endpoint: s.endpoint, topics: form.topics.join(",") });
      }
    }
    return redirectWithToast(here, { type: "success", text: t("profile.pushForm.saved") });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    const message = Object.values(e.fields ?? {}).flat()[0] ?? e.message;
    return data({ contact: "push", message }, { status: e.status });
  }
}

import { Form } from "react-router";
import type { Route } from "./+types/profile.notification";
import { loadNotification, notificationAction } from "../features/profile/notification.server";
import { ProfileNav } from "../features/profile/profile-nav";
import { PushForm } from "../features/profile/push-form";
import { useT } from "../lib/i18n/use-t";
import { getInstance } from "../middleware/i18n.server";

export async function loader(args: Route.LoaderArgs) {
  const data = await loadNotification(args);
  return { ...data, title: getInstance(args.context).t("profile.notification.title") };
}

export const action = (args: Route.ActionArgs) => notificationAction(args);

/** Subscriptions per contact (SPEC §2 /profile/notification): each a form of its own, and one to stop them all. */
export default function ProfileNotification({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { contacts, push, uid } = loaderData;
  const refused = actionData as { contact: string; message: string } | undefined;
  return (
    <section className="responsible">
      <ProfileNav current="/profile/notification" />
      <h1>{t("profile.notification.title")}</h1>
      <p className="responsible__lead">{t("profile.notification.lead")}</p>
      {contacts.length === 0 && <p>{t("profile.notification.none")}</p>}
      {refused && refused.contact !== "push" && !contacts.some((c) => c.contact === refused.contact) && (
        <p role="alert" className="field-error">
          {refused.message}
        </p>
      )}
      <ul className="responsible__tools">
        {contacts.map((c) => (
          <li key={c.type} className="responsible__card" data-testid={`subscription-${c.type}`}>
            <h2>{t(`profile.contacts.${c.type}.title`)}</h2>
            <p>
              <bdi dir="ltr">{c.contact}</bdi>
            </p>
            <p data-subscribed={c.is_subscribed}>{t(c.is_subscribed ? "profile.notification.subscribed" : "profile.notification.unsubscribed")}</p>
            <Form method="post">
              <input type="hidden" name="contact" value={c.contact} />
              <input type="hidden" name="subscription" value={c.is_subscribed ? "0" : "1"} />
              <button type="submit" className={c.is_subscribed ? "btn btn--ghost" : "btn btn--primary"}>
                {t(c.is_subscribed ? "profile.notification.unsubscribe" : "profile.notification.subscribe")}
              </button>
            </Form>
            {refused?.contact === c.contact && (
              <p role="alert" className="field-error">
                {refused.message}
              </p>
            )}
          </li>
        ))}
      </ul>
      {contacts.some((c) => c.is_subscribed) && (
        <Form method="post">
          <input type="hidden" name="all" value="0" />
          <button type="submit" className="btn btn--ghost">
            {t("profile.notification.unsubscribeAll")}
          </button>
        </Form>
      )}
      <PushForm push={push} uid={uid} error={refused?.contact === "push" ? refused.message : undefined} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Notifications"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

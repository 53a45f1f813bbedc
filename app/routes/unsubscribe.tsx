import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { getSite, indexPath } from "../features/site/site.server";
import { useT } from "../lib/i18n/use-t";
import { isPlatformError } from "../../core/api/errors";
import { redirectWithToast } from "../lib/toast.server";
import { getPlatform } from "../middleware/platform.server";
import { getInstance } from "../middleware/i18n.server";
import { UnsubscribeSchema } from "../features/profile/unsubscribe.schema";

/** The link in a mailing: `/unsubscribe?contact=…&token=…` (token signed by the platform). */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const t = getInstance(context).t;
  return {
    contact: url.searchParams.get("contact") ?? "",
    token: url.searchParams.get("token") ?? "",
    title: t("unsubscribe.title"),
    siteName: getSite(context).metadata.siteName,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: UnsubscribeSchema });
  if (submission.status !== "success") {
    return data({ error: "invalidLink" as const }, { status: 400 });
  }
  try {
    await getPlatform(context).call("account.unsubscribe", submission.value);
  } catch (e) {
    if (isPlatformError(e, "InvalidParameter")) return data({ error: "invalidLink" as const }, { status: 400 });
    throw e;
  }
  const text = getInstance(context).t("unsubscribe.done", { contact: submission.value.contact });
  return redirectWithToast(indexPath(getSite(context)), { type: "success", text, time: 8000 });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const linkOk = loaderData.contact !== "" && loaderData.token !== "";
  return (
    <section className="notice-page">
      <h1>{t("unsubscribe.title")}</h1>
      {!linkOk ? (
        <p role="alert">{t("unsubscribe.invalidLink")}</p>
      ) : (
        <Form method="post" className="notice-page__form">
          <p>{t("unsubscribe.question", { contact: loaderData.contact })}</p>
          <input type="hidden" name="contact" value={loaderData.contact} />
          <input type="hidden" name="token" value={loaderData.token} />
          {actionData?.error && (
            <p role="alert" className="field-error">
              {t(`unsubscribe.${actionData.error}`)}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t("unsubscribe.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Unsubscribe"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

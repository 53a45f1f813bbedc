import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/resources.theme";
import { getSite } from "../features/site/site.server";
import { workerContext } from "../lib/context.server";
import { ONE_YEAR, serializeCookie } from "../../core/cookies";
import { safeRedirectPath } from "../../core/navigation";
import { THEME_COOKIE } from "../lib/theme";
import { themeSchema } from "../lib/theme.schema";

/** Saves the chosen theme in a one-year cookie, then returns to the page (or answers a fetcher). */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: themeSchema });
  const { themes } = getSite(context).metadata;
  const theme = submission.status === "success" ? submission.value.theme : undefined;
  if (theme === undefined || !themes.includes(theme)) {
    return data({ ok: false, error: `Unknown theme; choose one of ${themes.join(", ")}` }, { status: 400 });
  }
  const cookie = serializeCookie(THEME_COOKIE, theme, {
    maxAge: ONE_YEAR,
    secure: context.get(workerContext).env.APP_ENV !== "local",
  });
  const back = safeRedirectPath(submission.status === "success" ? (submission.value.redirectTo ?? null) : null);
  return redirect(back, { headers: { "set-cookie": cookie } });
}

export function loader(): never {
  throw data("Method Not Allowed", { status: 405 });
}

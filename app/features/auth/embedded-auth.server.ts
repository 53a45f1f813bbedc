import type { RouterContextProvider } from "react-router";
import { getPlatform } from "../../middleware/platform.server";
import { getSite } from "../site/site.server";
import { getInstance } from "../../middleware/i18n.server";
import type { PersonalData } from "../../../core/validation/registration-form";
import { workerContext } from "../../lib/context.server";
import { takeAuthFlash } from "./auth-flash.server";

/** What an embedded form needs: the auth configuration, and for sign-up the registration fields. */
export async function loadEmbeddedAuth(context: Readonly<RouterContextProvider>, mode: "sign_in" | "sign_up", request: Request) {
  const site = getSite(context);
  const account = await site.account().catch(() => null);
  const personalData: PersonalData | null =
    mode === "sign_up"
      ? await getPlatform(context)
          .withLocale(site.locale)
          .call("account.getPersonalDataFields", {})
          .catch(() => null)
      : null;
  // An embed is a page of its own inside another site's frame: it names itself (the site's name after).
  const title = `${getInstance(context).t(`forms.${mode}.title`)} | ${site.metadata.siteName}`;
  // A refused sign-in comes back here with its flash (routes/auth.ts): read, not taken — the root
  // loader takes it (and clears the cookie) in the same render.
  const { flash } = takeAuthFlash(request, context.get(workerContext).env.APP_ENV !== "local");
  const refused = flash?.mode === "authorization" ? { error: flash.error ?? null, fields: flash.fields ?? {}, login: flash.values?.login ?? "" } : null;
  return { config: site.cms.auth, personalData, signedIn: !!account && account.uid > 0, title, refused };
}

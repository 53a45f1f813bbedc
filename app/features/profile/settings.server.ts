import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { PersonalData } from "../../../core/api/entities-contacts";
import type { PlatformClient } from "../../lib/api/client";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { validationMessages } from "../../lib/i18n/validation-messages";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { validateRegistration, type ShownField } from "../../../core/validation/registration-form";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { profileFields, profileValues, type SettingsActionData } from "./settings-form";
import { settingsSchema } from "./settings.schema";
import { formStrings } from "../../ui/form/form-data";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The personal-data form of a country. One the site's form does not list (registration takes any
 * real country, and a tampered form any code) gets the default country's fields, with that country
 * kept in the list so that the select still shows it and saving does not change it unasked; the
 * platform decides whether it is a country at all.
 */
async function countryForm(platform: PlatformClient, code: string, name: string): Promise<PersonalData> {
  try {
    return await platform.call("account.getPersonalDataFields", { country_code: code || undefined });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status !== 400) throw e;
    const fallback = await platform.call("account.getPersonalDataFields", {});
    return { ...fallback, country_code: code, countries: [...fallback.countries, { code, name: name || code, phone_code: "" }] };
  }
}

/** The settings page (SPEC §2 /profile/settings): the profile with its contacts, the country's form, nickname and language. */
export async function loadSettings({ request, context }: Args) {
  const account = await requirePlayer(context, request);
  const platform = getPlatform(context);
  const profile = await orErrorPage(platform.call("account.getprofileinfo", { fields: "contacts,document" }));
  const [personal, phones] = await Promise.all([
    orErrorPage(countryForm(platform, profile.country_code, profile.country)),
    orErrorPage(platform.call("account.getContactPhoneSettings")),
  ]);
  const site = getSite(context);
  return {
    profile,
    personalData: personal,
    phones,
    account: {
      fakename: account.fakename,
      locale: account.locale,
      is_verified: account.is_verified,
      is_on_verification: account.is_on_verification,
    },
    locales: site.locales.locales.map((l) => ({ code: l.code, name: l.name })),
  };
}

export type SettingsData = Awaited<ReturnType<typeof loadSettings>>;

/**
 * SPEC §5 rules for the profile's fields (registration's, where a gender may stay unspecified),
 * and the chosen document type's pattern, so every error is shown at once.
 */
function profileErrors(values: Record<string, string>, shown: ShownField[], personalData: PersonalData, t: ReturnType<typeof createT>) {
  const checked = shown.filter((s) => s.field.sysname !== "sex");
  const errors = validateRegistration(values, checked, {
    termsActive: false,
    promoShown: false,
    messages: validationMessages(t),
    countries: personalData.countries,
  });
  delete errors.terms;
  const docType = personalData.document_types.find((d) => d.id === values.document_type);
  if (values.document_number && docType?.regex && !new RegExp(docType.regex, "u").test(values.document_number)) {
    errors.document_number ??= [t("profile.settings.wrongDocument")];
  }
  return errors;
}

/** A refusal's field errors and form errors, as the forms show them. */
function refusal(e: PlatformError) {
  return { errors: e.fields ?? {}, formErrors: e.fields ? [] : [e.message] };
}

/**
 * The settings page's action: one form by `intent`, the same with and without JavaScript.
 * Success redirects back with a toast; a refusal answers the form's values and errors.
 */
export async function settingsAction({ request, context }: Args) {
  const account = await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: settingsSchema });
  if (submission.status !== "success") throw data("Unknown form", { status: 400 });
  const form = submission.value;
  const intent = form.intent;
  const platform = getPlatform(context);
  // Not request.url: with JavaScript the action is fetched at `….data`, which is no page.
  const here = sitePath(context, "/profile/settings");
  const done = (key: string, vars?: Record<string, string>) => redirectWithToast(here, { type: "success", text: t(key, vars) });
  const refused = (body: SettingsActionData, status: number) => data(body, { status });
  // The contact forms' fields (and the nickname's), read once for the call and for a refusal.
  const contactForm = form.intent === "addContact" || form.intent === "sendCode" || form.intent === "confirmCode" ? form : undefined;
  const type = contactForm?.type?.trim() === "phone" ? "phone" : "email";
  const contact = contactForm?.contact ?? "";
  const phoneCountryCode = contactForm?.phone_country_code ?? "";

  try {
    if (form.intent === "profile") {
      // The country's fields, as typed (trimmed): core/validation checks them below.
      const values = formStrings(formData, { trim: true, last: true });
      const locked = account.is_verified || account.is_on_verification;
      const personalData = await countryForm(platform, values.country_code ?? "", values.country_code ?? "");
      // Without JavaScript a new country comes back with its regions and document types; nothing is saved.
      if (form.refresh === "country") return data({ intent: form.intent, values, errors: {}, formErrors: [], personalData } satisfies SettingsActionData);
      const shown = profileFields(personalData, locked);
      const errors = profileErrors(values, shown, personalData, t);
      if (Object.keys(errors).length) return refused({ intent: form.intent, values, errors, formErrors: [], personalData }, 400);
      try {
        await platform.call("account.saveProfileInfo", profileValues(values, shown));
      } catch (e) {
        if (!(e instanceof PlatformError) || e.status >= 500 || e.status === 401) throw e;
        return refused({ intent: form.intent, values, ...refusal(e), personalData }, e.status);
      }
      return done("profile.settings.saved");
    }
    if (form.intent === "fakename") {
      await platform.call("account.changefakename", { fakename: form.fakename ?? "" });
      return done("profile.nickname.saved");
    }
    if (form.intent === "locale") {
      await platform.call("account.changelocale", { locale: form.locale ?? "" });
      return done("profile.language.saved");
    }
    if (form.intent === "addContact") {
      await platform.call("account.addcontact", {
        type,
        contact,
        phone_country_code: type === "phone" ? phoneCountryCode : undefined,
      });
      return done(`profile.contacts.${type}.saved`);
    }
    if (form.intent === "sendCode") {
      await platform.call("account.sendconfirmationtocontact", { contact });
      return done("profile.contacts.codeSent", { contact });
    }
    await platform.call("account.confirmContact", { contact, code: (form.code ?? "").replace(/\s+/g, "") });
    return done("profile.contacts.confirmed", { contact });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    if (intent === "profile") throw e;
    const values = { contact, phone_country_code: phoneCountryCode, fakename: form.intent === "fakename" ? (form.fakename ?? "") : "" };
    return refused({ intent, type, values, ...refusal(e) }, e.status);
  }
}

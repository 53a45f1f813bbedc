import type { Route } from "./+types/profile.settings";
import { AccountForms, ContactCard } from "../features/profile/contact-forms";
import { PersonalForm } from "../features/profile/personal-form";
import { ProfileNav } from "../features/profile/profile-nav";
import { loadSettings, settingsAction } from "../features/profile/settings.server";
import { valuesOfProfile, type SettingsActionData } from "../features/profile/settings-form";
import { useT } from "../lib/i18n/use-t";
import { getInstance } from "../middleware/i18n.server";
import { getSite } from "../features/site/site.server";

export async function loader(args: Route.LoaderArgs) {
  const data = await loadSettings(args);
  return { ...data, title: getInstance(args.context).t("profile.settings.title"), siteName: getSite(args.context).metadata.siteName };
}

export const action = (args: Route.ActionArgs) => settingsAction(args);

/** The player's settings (SPEC §2 /profile/settings): personal data, contacts, nickname and language. */
export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { profile, phones, account, locales } = loaderData;
  const refused = actionData as SettingsActionData | undefined;
  const personal = refused?.intent === "profile" ? refused : undefined;
  const contact = (type: "email" | "phone") => profile.contacts?.find((c) => c.type === type);
  const pending = (type: "email" | "phone") => profile.pending_contacts?.find((c) => c.type === type);
  const contactRefusal = (type: "email" | "phone") => (refused && refused.intent !== "profile" && refused.type === type ? refused : undefined);
  const lock = account.is_verified ? "verified" : account.is_on_verification ? "review" : null;
  return (
    <section className="responsible">
      <ProfileNav current="/profile/settings" />
      <h1>{t("profile.settings.title")}</h1>
      <section className="responsible__card" aria-labelledby="profile-personal">
        <h2 id="profile-personal">{t("profile.settings.personal")}</h2>
        <PersonalForm
          personalData={personal?.personalData ?? loaderData.personalData}
          values={personal?.values ?? valuesOfProfile(profile)}
          errors={personal?.errors ?? {}}
          formErrors={personal?.formErrors ?? []}
          lock={lock}
        />
      </section>
      <ContactCard type="email" current={contact("email")} pending={pending("email")} phones={phones} refused={contactRefusal("email")} />
      <ContactCard type="phone" current={contact("phone")} pending={pending("phone")} phones={phones} refused={contactRefusal("phone")} />
      <AccountForms
        fakename={account.fakename}
        locale={account.locale}
        locales={locales}
        refused={refused?.intent === "fakename" || refused?.intent === "locale" ? refused : undefined}
      />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Settings"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

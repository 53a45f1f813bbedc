import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Profile } from "../../../core/api/entities";
import type { PhoneCountry } from "../../../core/api/entities-contacts";
import { FieldErrors as Errors } from "../../ui/form/field";
import { PhoneInput, refuseEmoji } from "../../ui/form/phone-input";
import { useT } from "../../lib/i18n/use-t";
import type { SettingsActionData } from "./settings-form";

type ContactType = "email" | "phone";
type Contact = NonNullable<Profile["contacts"]>[number];

interface Props {
  type: ContactType;
  current: Contact | undefined;
  /** A new value waiting for its code (it replaces the confirmed one once confirmed). */
  pending: Contact | undefined;
  phones: { default_country: string; items: PhoneCountry[] };
  /** The action's answer, when it was about this contact. */
  refused: Extract<SettingsActionData, { type: ContactType }> | undefined;
}

const described = (id: string, errors?: string[]) => (errors?.length ? { "aria-invalid": true as const, "aria-describedby": id } : {});

/**
 * One contact (SPEC §3 Contact, §4 contact states): its value and whether it is confirmed, a form
 * to change it (edits mark it dirty, saving clears that, a refusal marks it invalid), and while it
 * (or a new value waiting to replace it) is unconfirmed, sending a code and confirming it.
 */
export function ContactCard({ type, current, pending, phones, refused }: Props) {
  const t = useT();
  const nav = useNavigation();
  const [dirty, setDirty] = useState(false);
  const busy = nav.formData?.get("type") === type;
  const toConfirm = pending ?? (current && !current.is_confirmed ? current : undefined);
  const id = `contact-${type}`;
  const errorsFor = (intent: string) => (refused?.intent === intent ? refused : undefined);
  const add = errorsFor("addContact");
  const send = errorsFor("sendCode");
  const confirm = errorsFor("confirmCode");
  const all = (r: typeof add) => (r ? [...Object.values(r.errors).flat(), ...r.formErrors] : undefined);
  const valueErrors = add ? [...(add.errors.contact ?? []), ...add.formErrors] : undefined;
  /** What the new contact's input is, phone or email: its name, the value sent back, its errors. */
  const valueInput = {
    id: `${id}-value`,
    name: "contact",
    defaultValue: add?.values.contact ?? "",
    required: true,
    ...described(`${id}-value-error`, valueErrors),
  };
  const sendErrors = all(send);
  const codeErrors = all(confirm);
  const state = add ? "invalid" : dirty ? "dirty" : "saved";
  const [country, setCountry] = useState(add?.values.phone_country_code || current?.phone_country_code || phones.default_country);
  const mask = phones.items.find((p) => p.country_code === country)?.mask;
  return (
    <section className="responsible__card" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`}>{t(`profile.contacts.${type}.title`)}</h2>
      {current ? (
        <p className="profile__contact">
          <bdi dir="ltr">{type === "phone" ? `+${phoneCode(phones.items, current.phone_country_code)} ${current.contact}` : current.contact}</bdi>{" "}
          <span className={current.is_confirmed ? "profile__badge profile__badge--ok" : "profile__badge"} data-confirmed={current.is_confirmed}>
            {t(current.is_confirmed ? "profile.contacts.confirmedBadge" : "profile.contacts.unconfirmedBadge")}
          </span>
        </p>
      ) : (
        <p className="responsible__hint">{t(`profile.contacts.${type}.none`)}</p>
      )}
      {pending && (
        <p className="responsible__hint" data-testid={`${id}-pending`}>
          {t("profile.contacts.pending", { contact: pending.contact })}
        </p>
      )}
      <Form method="post" className="responsible__form" data-state={state} onChange={() => setDirty(true)} onSubmit={() => setDirty(false)}>
        <input type="hidden" name="intent" value="addContact" />
        <input type="hidden" name="type" value={type} />
        {type === "phone" && (
          <div className="field">
            <label htmlFor={`${id}-country`}>{t("auth.fields.phone_country_code")}</label>
            <select
              id={`${id}-country`}
              name="phone_country_code"
              value={country}
              onChange={(e) => setCountry(e.currentTarget.value)}
              {...described(`${id}-country-error`, add?.errors.phone_country_code)}
            >
              {phones.items.map((p) => (
                <option key={p.country_code} value={p.country_code}>
                  {p.name} (+{p.phone_code})
                </option>
              ))}
            </select>
            <Errors id={`${id}-country-error`} errors={add?.errors.phone_country_code} />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-value`}>{t(`profile.contacts.${type}.new`)}</label>
          {type === "phone" ? (
            <PhoneInput
              {...valueInput}
              autoComplete="tel-national"
              inputMode="tel"
              maxLength={32}
              placeholder={[mask ?? []].flat()[0]}
              rules={{ mask, countries: phones.items, onCountry: (c) => setCountry(c.country_code) }}
            />
          ) : (
            <input {...valueInput} type="email" dir="ltr" autoComplete="email" inputMode="email" maxLength={254} onInput={refuseEmoji} />
          )}
          <Errors id={`${id}-value-error`} errors={valueErrors} />
        </div>
        {dirty && <p className="responsible__hint">{t("profile.contacts.unsaved")}</p>}
        <button type="submit" className="btn btn--ghost" disabled={busy}>
          {t(`profile.contacts.${type}.save`)}
        </button>
      </Form>
      {toConfirm && (
        <div className="profile__confirm" data-testid={`${id}-confirm`}>
          <p>{t("profile.contacts.confirmHint", { contact: toConfirm.contact })}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="sendCode" />
            <input type="hidden" name="type" value={type} />
            <input type="hidden" name="contact" value={toConfirm.contact} />
            <button type="submit" className="btn btn--ghost" disabled={busy}>
              {t("profile.contacts.sendCode")}
            </button>
            <Errors id={`${id}-send-error`} errors={sendErrors} />
          </Form>
          <Form method="post" className="responsible__form">
            <input type="hidden" name="intent" value="confirmCode" />
            <input type="hidden" name="type" value={type} />
            <input type="hidden" name="contact" value={toConfirm.contact} />
            <div className="field">
              <label htmlFor={`${id}-code`}>{t("profile.contacts.code")}</label>
              <input
                id={`${id}-code`}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
                required
                {...described(`${id}-code-error`, codeErrors)}
              />
              <Errors id={`${id}-code-error`} errors={codeErrors} />
            </div>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {t("profile.contacts.confirm")}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}

function phoneCode(items: PhoneCountry[], country: string | undefined): string {
  return items.find((p) => p.country_code === country)?.phone_code ?? "";
}

/** The player's nickname (shown in winners and leaderboards) and language. */
export function AccountForms({
  fakename,
  locale,
  locales,
  refused,
}: {
  fakename: string;
  locale: string;
  locales: { code: string; name: string }[];
  refused: SettingsActionData | undefined;
}) {
  const t = useT();
  const nick = refused?.intent === "fakename" ? refused : undefined;
  const lang = refused?.intent === "locale" ? refused : undefined;
  const nickErrors = nick ? [...(nick.errors.fakename ?? []), ...nick.formErrors] : undefined;
  const langErrors = lang ? [...(lang.errors.locale ?? []), ...lang.formErrors] : undefined;
  return (
    <section className="responsible__card" aria-labelledby="profile-account">
      <h2 id="profile-account">{t("profile.account.title")}</h2>
      <Form method="post" className="responsible__form">
        <input type="hidden" name="intent" value="fakename" />
        <div className="field">
          <label htmlFor="profile-fakename">{t("auth.fields.fakename")}</label>
          <input
            id="profile-fakename"
            name="fakename"
            dir="auto"
            maxLength={40}
            defaultValue={nick?.values.fakename ?? fakename}
            required
            {...described("profile-fakename-error", nickErrors)}
          />
          <Errors id="profile-fakename-error" errors={nickErrors} />
        </div>
        <p className="responsible__hint">{t("profile.nickname.hint")}</p>
        <button type="submit" className="btn btn--ghost">
          {t("profile.nickname.save")}
        </button>
      </Form>
      <Form method="post" className="responsible__form">
        <input type="hidden" name="intent" value="locale" />
        <div className="field">
          <label htmlFor="profile-locale">{t("profile.language.label")}</label>
          <select id="profile-locale" name="locale" defaultValue={locale} {...described("profile-locale-error", langErrors)}>
            {locales.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
          <Errors id="profile-locale-error" errors={langErrors} />
        </div>
        <p className="responsible__hint">{t("profile.language.hint")}</p>
        <button type="submit" className="btn btn--ghost">
          {t("profile.language.save")}
        </button>
      </Form>
    </section>
  );
}

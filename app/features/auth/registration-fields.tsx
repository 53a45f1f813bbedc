import { translateOr, type TFunction } from "../../lib/i18n/translate";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Field, type FieldProps } from "./auth-form-parts";
import { FieldErrors } from "../../ui/form/field";
import { phoneMaskOf, type PersonalData, type PersonalField, type ShownField } from "../../../core/validation/registration-form";

interface Props {
  data: PersonalData | null;
  shown: ShownField[];
  values: Record<string, string>;
  errors: Record<string, string[]>;
  t: TFunction;
  refreshLabel: string;
}

/** A translated label; a key the bundle lacks shows as words, never as the raw key. */
function label(t: TFunction, key: string, sysname: string): string {
  return translateOr(
    t,
    key,
    sysname.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()),
  );
}

function optionsOf(field: PersonalField, data: PersonalData | null): { id: string; name: string }[] {
  if (field.sysname === "currency") return data?.currency.list ?? field.options.list ?? [];
  if (field.sysname === "document_type") return data?.document_types ?? field.options.list ?? [];
  if (field.type === "country_code") return (data?.countries ?? []).map((c) => ({ id: c.code, name: c.name }));
  if (field.type === "region") return data?.regions ?? [];
  return field.options.list ?? [];
}

/**
 * A phone and its country (SPEC §3 "phone with its mask"): the country's code before the number,
 * the number in that country's mask as it is typed, and a pasted international number picks its
 * country. The country is a plain select (`phone_country_code`), so it works without JavaScript.
 */
function PhoneWithCountry(p: {
  field: PersonalField;
  data: PersonalData | null;
  initialCountry: string;
  value: string;
  required: boolean;
  errors: Record<string, string[]>;
  t: TFunction;
}) {
  const { field, data, t } = p;
  const name = field.sysname;
  const [country, setCountry] = useState(p.initialCountry);
  const select = useRef<HTMLSelectElement>(null);
  const countries = (data?.countries ?? []).filter((c) => c.phone_code);
  const mask = phoneMaskOf(field, country, countries);
  const code = countries.find((c) => c.code === country)?.phone_code;
  const id = "auth-phone_country_code";
  const errorId = `${id}-error`;
  return (
    <>
      {countries.length > 0 ? (
        <div className="field">
          <label htmlFor={id}>{t("auth.fields.phone_country_code")}</label>
          <select
            id={id}
            ref={select}
            name="phone_country_code"
            value={country}
            onChange={(e) => setCountry(e.currentTarget.value)}
            aria-invalid={p.errors.phone_country_code?.length ? true : undefined}
            aria-describedby={p.errors.phone_country_code?.length ? errorId : undefined}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} (+{c.phone_code})
              </option>
            ))}
          </select>
          <FieldErrors id={errorId} errors={p.errors.phone_country_code} />
        </div>
      ) : (
        <input type="hidden" name="phone_country_code" value={country} />
      )}
      <Field
        phone={{
          mask,
          countries: countries.map((c) => ({ country_code: c.code, phone_code: c.phone_code ?? "", mask: c.phone_mask })),
          // A country a pasted number picked is the form's too: the registration machine hears it as a change.
          onCountry: (c) => {
            flushSync(() => setCountry(c.country_code));
            select.current?.dispatchEvent(new Event("change", { bubbles: true }));
          },
        }}
        prefix={code ? `+${code}` : undefined}
        name={name}
        label={label(t, field.attrs.label, name)}
        type="tel"
        defaultValue={p.value}
        autoComplete={singleLineAutocomplete(field.attrs.autocomplete)}
        inputMode={field.attrs.inputmode as FieldProps["inputMode"]}
        maxLength={field.attrs.maxlength}
        placeholder={field.attrs.placeholder ?? [mask ?? []].flat()[0]}
        required={p.required}
        errors={p.errors[name]}
      />
    </>
  );
}

/**
 * The dynamic fields of the registration form (SPEC §3): inputs, selects, the country (which
 * reloads the list: the form's own change handler with JavaScript, a submit button without),
 * region, phone with its mask. Values and errors come from the server flash (no JavaScript) or
 * the registration machine.
 */
export function RegistrationFields({ data, shown, values, errors, t, refreshLabel }: Props) {
  return (
    <>
      {shown.map(({ field, required }) => {
        const name = field.sysname;
        const list = optionsOf(field, data);
        const isSelect = field.type === "select" || field.type === "country_code" || (field.type === "region" && list.length > 0);
        const value = values[name] ?? (field.type === "country_code" ? (data?.country_code ?? "") : "");
        if (!isSelect) {
          if (field.type === "phone") {
            // Remounted with the form's country: a phone country not chosen follows it.
            return (
              <PhoneWithCountry
                key={`${name}|${data?.country_code}`}
                field={field}
                data={data}
                initialCountry={values.phone_country_code || data?.country_code || ""}
                value={value}
                required={required}
                errors={errors}
                t={t}
              />
            );
          }
          return (
            <Field
              key={name}
              name={name}
              label={label(t, field.attrs.label, name)}
              type={field.type === "password" ? "password" : field.type === "date" ? "date" : name === "email" ? "email" : "text"}
              defaultValue={field.type === "password" ? undefined : value}
              autoComplete={singleLineAutocomplete(field.attrs.autocomplete)}
              inputMode={field.attrs.inputmode as FieldProps["inputMode"]}
              maxLength={field.attrs.maxlength}
              placeholder={field.attrs.placeholder}
              required={required}
              errors={errors[name]}
            />
          );
        }
        const id = `auth-${name}`;
        const errorId = `${id}-error`;
        return (
          // Lists that change with the country remount with it, so they show its first choice.
          <div className="field" key={field.type !== "country_code" ? `${name}|${data?.country_code}` : name}>
            <label htmlFor={id}>{label(t, field.attrs.label, name)}</label>
            <select
              id={id}
              name={name}
              required={required}
              defaultValue={value}
              aria-invalid={errors[name]?.length ? true : undefined}
              aria-describedby={errors[name]?.length ? errorId : undefined}
            >
              {field.type !== "country_code" && <option value="">—</option>}
              {list.map((o) => (
                <option key={o.id} value={o.id}>
                  {translateOr(t, o.name, o.name)}
                </option>
              ))}
            </select>
            {field.type === "country_code" && (
              <noscript>
                <button type="submit" name="refresh" value="country" className="btn btn--ghost" formNoValidate>
                  {refreshLabel}
                </button>
              </noscript>
            )}
            <FieldErrors id={errorId} errors={errors[name]} />
          </div>
        );
      })}
    </>
  );
}

/**
 * An operator's autocomplete token as a one-line input may carry it: `street-address` names a
 * multi-line address (a textarea's, HTML's autofill rules) and is refused on an input by
 * validators, so an input asks for the address's first line.
 */
export function singleLineAutocomplete(token: string | undefined): string | undefined {
  return token === "street-address" ? "address-line1" : token;
}

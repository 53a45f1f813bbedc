import { translateOr, type TFunction } from "../../lib/i18n/translate";
import { Fragment } from "react";
import { Field, type FieldProps } from "./auth-form-parts";
import { FieldErrors } from "../../ui/form/field";
import type { PersonalData, PersonalField, ShownField } from "../../../core/validation/registration-form";

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
          const phoneCountry = field.type === "phone" ? values.phone_country_code || data?.country_code || "" : "";
          const phoneCode = data?.countries.find((c) => c.code === phoneCountry)?.phone_code;
          return (
            <Fragment key={name}>
              {field.type === "phone" && <input type="hidden" name="phone_country_code" value={phoneCountry} />}
              <Field
                phone={
                  field.type === "phone"
                    ? // A pasted number with this country's code loses it (another country's goes in as typed: the platform says it does not fit).
                      {
                        mask: field.options.mask,
                        countries: phoneCode ? [{ country_code: phoneCountry, phone_code: phoneCode, mask: field.options.mask }] : [],
                        onCountry: () => undefined,
                      }
                    : undefined
                }
                prefix={phoneCode ? `+${phoneCode}` : undefined}
                name={name}
                label={label(t, field.attrs.label, name)}
                type={
                  field.type === "password" ? "password" : field.type === "date" ? "date" : field.type === "phone" ? "tel" : name === "email" ? "email" : "text"
                }
                defaultValue={field.type === "password" ? undefined : value}
                autoComplete={singleLineAutocomplete(field.attrs.autocomplete)}
                inputMode={field.attrs.inputmode as FieldProps["inputMode"]}
                maxLength={field.attrs.maxlength}
                placeholder={field.attrs.placeholder ?? (field.type === "phone" ? [field.options.mask ?? []].flat()[0] : undefined)}
                required={required}
                errors={errors[name]}
              />
            </Fragment>
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

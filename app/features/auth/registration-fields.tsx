import { translateOr, type TFunction } from "../../lib/i18n/translate";
import { FieldErrors } from "./auth-form-parts";
import type { PersonalData, PersonalField, ShownField } from "./registration-form";

interface Props {
  data: PersonalData | null;
  shown: ShownField[];
  values: Record<string, string>;
  errors: Record<string, string[]>;
  t: TFunction;
  /** With JavaScript: the country changed (refetch the fields). Without, a submit button does it. */
  onCountryChange?: (country: string) => void;
  refreshLabel: string;
}

/** A translated label; a key the bundle lacks shows as words, never as the raw key. */
function label(t: TFunction, key: string, sysname: string): string {
  return translateOr(t, key, sysname.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()));
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
 * reloads the list), region, phone with its mask. Values and errors come from the server flash
 * (no JavaScript) or the registration machine.
 */
export function RegistrationFields({ data, shown, values, errors, t, onCountryChange, refreshLabel }: Props) {
  return (
    <>
      {shown.map(({ field, required }) => {
        const name = field.sysname;
        const id = `auth-${name}`;
        const errorId = `${id}-error`;
        const common = {
          id,
          name,
          required,
          "aria-invalid": errors[name]?.length ? true : undefined,
          "aria-describedby": errors[name]?.length ? errorId : undefined,
        } as const;
        const list = optionsOf(field, data);
        const isSelect = field.type === "select" || field.type === "country_code" || (field.type === "region" && list.length > 0);
        const value = values[name] ?? (field.type === "country_code" ? (data?.country_code ?? "") : "");
        return (
          // Lists that change with the country remount with it, so they show its first choice.
          <div className="field" key={isSelect && field.type !== "country_code" ? `${name}|${data?.country_code}` : name}>
            <label htmlFor={id}>{label(t, field.attrs.label, name)}</label>
            {isSelect ? (
              <select
                {...common}
                defaultValue={value}
                onChange={field.type === "country_code" && onCountryChange ? (e) => onCountryChange(e.currentTarget.value) : undefined}
              >
                {field.type !== "country_code" && <option value="">—</option>}
                {list.map((o) => (
                  <option key={o.id} value={o.id}>
                    {translateOr(t, o.name, o.name)}
                  </option>
                ))}
              </select>
            ) : (
              <>
                {field.type === "phone" && <input type="hidden" name="phone_country_code" value={values.phone_country_code || data?.country_code || ""} />}
                <input
                  {...common}
                  type={field.type === "password" ? "password" : field.type === "date" ? "date" : field.type === "phone" ? "tel" : name === "email" ? "email" : "text"}
                  defaultValue={field.type === "password" ? undefined : value}
                  autoComplete={field.attrs.autocomplete}
                  inputMode={field.attrs.inputmode as React.HTMLAttributes<HTMLInputElement>["inputMode"]}
                  maxLength={field.attrs.maxlength}
                  placeholder={field.attrs.placeholder ?? (field.type === "phone" ? [field.options.mask ?? []].flat()[0] : undefined)}
                />
              </>
            )}
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

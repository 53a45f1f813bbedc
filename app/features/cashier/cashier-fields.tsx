import type { AmountRules, Bank, CashierField } from "../../../core/api/entities-cashier";
import type { TFunction } from "../../lib/i18n/translate";
import { formatMoney } from "../../../core/money";
import { requisiteName, unitsValue } from "./cashier-names";
import { FieldErrors, FormErrors as KitFormErrors, invalid, initial, AmountInput, Select, type ControlMeta } from "../../ui/form/field";
import { refuseEmoji } from "../../ui/form/phone-input";

/** A field as the kit reads it: a Conform field (the withdrawal form) or the deposit form's own. */
type Meta = ControlMeta;

/** The min/max (and step) hint of SPEC §9: "Min $10 · Max $1,000 · multiples of $5". */
export function amountHint(rules: AmountRules, currency: string, t: TFunction): string {
  const money = (amount: number) => formatMoney({ amount, currency });
  const range = t("cashier.amount.range", { min: money(rules.min), max: money(rules.max) });
  return rules.step > 0 ? `${range} · ${t("cashier.amount.step", { step: money(rules.step) })}` : range;
}

/**
 * The amount in whole units, with the method's presets. A preset is a link (`?amount=100`) that
 * renders the form prefilled without JavaScript; with it, the click only fills the input.
 */
export function AmountField(props: { meta: Meta; rules: AmountRules; currency: string; t: TFunction; onPreset?: (value: string) => void }) {
  const { meta, rules, currency, t } = props;
  const hintId = `${meta.id}-hint`;
  return (
    <div className="field">
      <label htmlFor={meta.id}>{t("cashier.amount.label", { currency })}</label>
      <AmountInput meta={meta} required hintId={hintId} />
      <p id={hintId} className="cashier__hint">
        {amountHint(rules, currency, t)}
      </p>
      <FieldErrors meta={meta} />
      {rules.presets.length > 0 && (
        <ul className="cashier__presets" aria-label={t("cashier.amount.presets")}>
          {rules.presets.map(({ value }) => (
            <li key={value}>
              <a
                href={`?amount=${unitsValue(value)}`}
                className="cashier__preset"
                onClick={(e) => {
                  if (!props.onPreset) return;
                  e.preventDefault();
                  props.onPreset(unitsValue(value));
                }}
              >
                {formatMoney({ amount: value, currency })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const INPUT_HINTS: Partial<Record<CashierField["type"], { inputMode?: "numeric" | "tel" | "email"; autoComplete?: string; type?: string }>> = {
  card_number: { inputMode: "numeric", autoComplete: "cc-number" },
  card_holder: { autoComplete: "cc-name" },
  phone: { inputMode: "tel", autoComplete: "tel", type: "tel" },
  email: { inputMode: "email", autoComplete: "email", type: "email" },
  iban: { autoComplete: "off" },
};

/** The method's requisites (card, holder, IBAN, bank…): the labels are message keys of the platform. */
export function RequisiteFields(props: { fields: readonly CashierField[]; metas: Record<string, Meta | undefined>; banks: readonly Bank[]; t: TFunction }) {
  const { t } = props;
  return (
    <>
      {props.fields.map((field) => {
        const meta = props.metas[requisiteName(field.sysname)];
        if (!meta) return null;
        const label = t(field.label);
        if (field.type === "bank") {
          return (
            <div className="field" key={field.sysname}>
              <label htmlFor={meta.id}>{label}</label>
              <Select meta={meta} required={field.is_required}>
                <option value="">{t("cashier.chooseBank")}</option>
                {props.banks.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </Select>
              <FieldErrors meta={meta} />
            </div>
          );
        }
        const hints = INPUT_HINTS[field.type] ?? {};
        return (
          <div className="field" key={field.sysname}>
            <label htmlFor={meta.id}>{label}</label>
            <input
              key={meta.key}
              id={meta.id}
              name={meta.name}
              type={hints.type ?? "text"}
              inputMode={hints.inputMode}
              autoComplete={hints.autoComplete}
              defaultValue={initial(meta)}
              required={field.is_required}
              onInput={refuseEmoji}
              {...invalid(meta)}
            />
            <FieldErrors meta={meta} />
          </div>
        );
      })}
    </>
  );
}

/** Form-level messages (limits, self-exclusion, refusals) above the submit button. */
export function FormErrors({ errors, id }: { errors?: string[]; id: string }) {
  return <KitFormErrors id={id} errors={errors} className="notice notice--error" />;
}

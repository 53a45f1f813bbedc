import type { ReactNode } from "react";
import { PhoneInput, type PhoneRules, refuseEmoji } from "./phone-input";

/** What the kit reads of a Conform field (any field type): its ids, name, first value and errors. */
export interface ControlMeta {
  id: string;
  name: string;
  key?: string | undefined;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
}

/** aria wiring of a control with errors: invalid, and described by the errors under it. */
export const invalid = (meta: Pick<ControlMeta, "errors" | "errorId">) =>
  meta.errors?.length ? { "aria-invalid": true as const, "aria-describedby": meta.errorId } : {};

/** A field's first value as the control's default (Conform keeps what the player typed on a 400). */
export const initial = (meta: ControlMeta, fallback = "") => (typeof meta.initialValue === "string" ? meta.initialValue : fallback);

/** Field errors under a control, tied to it by `aria-describedby`: by id and messages, or by a Conform field. */
export function FieldErrors(props: { id: string; errors?: string[] } | { meta: Pick<ControlMeta, "errors" | "errorId"> }) {
  const { id, errors } = "meta" in props ? { id: props.meta.errorId, errors: props.meta.errors } : props;
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors.join(" ")}
    </p>
  );
}

/** The form's own errors (refusals that name no field), announced. */
export function FormErrors({ id, errors, className = "field-error" }: { id: string; errors?: string[]; className?: string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className={className}>
      {errors.join(" ")}
    </p>
  );
}

export interface FieldProps {
  name: string;
  label: string;
  /** The input's id (the errors' is `<id>-error`); the name by default. */
  id?: string;
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
  errors?: string[];
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  /** A phone number: its mask as it is typed, and the country a pasted number picks (phone-input.tsx). */
  phone?: PhoneRules;
  /** Shown before the input, in its box: a phone's country code. */
  prefix?: string;
}

/** A labelled input with its errors (required unless told otherwise); emoji typed into it are dropped (SPEC §5). */
export function Field(props: FieldProps) {
  const id = props.id ?? props.name;
  const errorId = `${id}-error`;
  const attrs = {
    id,
    name: props.name,
    autoComplete: props.autoComplete,
    defaultValue: props.defaultValue,
    inputMode: props.inputMode,
    placeholder: props.placeholder,
    maxLength: props.maxLength,
    required: props.required ?? true,
    "aria-invalid": props.errors?.length ? true : undefined,
    "aria-describedby": props.errors?.length ? errorId : undefined,
  };
  const input = props.phone ? <PhoneInput {...attrs} rules={props.phone} /> : <input {...attrs} type={props.type ?? "text"} onInput={refuseEmoji} />;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.prefix ? (
        <span className="field__affix" dir="ltr">
          <span className="field__prefix">{props.prefix}</span>
          {input}
        </span>
      ) : (
        input
      )}
      <FieldErrors id={errorId} errors={props.errors} />
    </div>
  );
}

/**
 * An amount typed in whole units (SPEC §5 sum rule): a numeric keypad, no autofill, the value the
 * player typed kept on a refusal. `hintId` names a hint that describes it besides its errors.
 */
export function AmountInput({ meta, required, hintId }: { meta: ControlMeta; required?: boolean; hintId?: string }) {
  const aria = invalid(meta);
  return (
    <input
      key={meta.key}
      id={meta.id}
      name={meta.name}
      defaultValue={initial(meta)}
      inputMode="numeric"
      autoComplete="off"
      required={required}
      {...aria}
      {...(hintId ? { "aria-describedby": [hintId, meta.errors?.length ? meta.errorId : ""].join(" ").trim() } : {})}
    />
  );
}

/** A select of a Conform field, its first value `fallback` until the form has one. */
export function Select({ meta, fallback = "", required, children }: { meta: ControlMeta; fallback?: string; required?: boolean; children: ReactNode }) {
  return (
    <select key={meta.key} id={meta.id} name={meta.name} defaultValue={initial(meta, fallback)} required={required} {...invalid(meta)}>
      {children}
    </select>
  );
}

/** A form's submit button, disabled while its form is on the way. */
export function Submit({ busy, className = "btn btn--primary", children }: { busy?: boolean; className?: string; children: ReactNode }) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {children}
    </button>
  );
}

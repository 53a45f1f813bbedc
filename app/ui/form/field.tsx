import type { ReactNode } from "react";

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
}

/** A labelled input with its errors (required unless told otherwise). */
export function Field(props: FieldProps) {
  const id = props.id ?? props.name;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        required={props.required ?? true}
        aria-invalid={props.errors?.length ? true : undefined}
        aria-describedby={props.errors?.length ? errorId : undefined}
      />
      <FieldErrors id={errorId} errors={props.errors} />
    </div>
  );
}

/** The `field` box of a Conform control: its label, the control, its errors. */
export function ConformField({ meta, label, className = "field", children }: { meta: ControlMeta; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={meta.id}>{label}</label>
      {children}
      <FieldErrors meta={meta} />
    </div>
  );
}

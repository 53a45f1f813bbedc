import type { ReactNode } from "react";
import { Form } from "react-router";
import { useLocalePath } from "../../lib/i18n/use-t";

/** Field errors under a control, tied to it by `aria-describedby`. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors.join(" ")}
    </p>
  );
}

export interface FieldProps {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
  errors?: string[];
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
}

/** A labelled input with its errors; ids derive from the name, so one form per popup. */
export function Field(props: FieldProps) {
  const id = `auth-${props.name}`;
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

/** One of the popup's forms: posts its intent to /auth (under the page's locale) and comes back to this page on failure. */
export function AuthForm(props: {
  intent: string;
  /** The submit button's text; none for a form whose only buttons are its own (social). */
  submit?: string;
  returnTo: string;
  busy: boolean;
  children: ReactNode;
  after?: ReactNode;
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
  onChange?: React.FormEventHandler<HTMLFormElement>;
  formRef?: React.Ref<HTMLFormElement>;
  noValidate?: boolean;
  /** JavaScript has taken the form over (its machine runs): marked for tests and styles. */
  enhanced?: boolean;
}) {
  const to = useLocalePath();
  return (
    <Form
      ref={props.formRef}
      method="post"
      action={to("/auth")}
      className="auth__form"
      replace
      onSubmit={props.onSubmit}
      onChange={props.onChange}
      noValidate={props.noValidate}
      data-enhanced={props.enhanced ? "" : undefined}
    >
      <input type="hidden" name="returnTo" value={props.returnTo} />
      <input type="hidden" name="intent" value={props.intent} />
      {props.children}
      {props.submit && (
        <button type="submit" className="btn btn--primary" disabled={props.busy}>
          {props.submit}
        </button>
      )}
      {props.after}
    </Form>
  );
}

import type { ReactNode } from "react";
import { Form } from "react-router";
import { useLocalePath } from "../../lib/i18n/use-t";
import { Field as KitField, type FieldProps, Submit } from "../../ui/form/field";

export type { FieldProps };

/** The kit's field with the popup's ids (`auth-<name>`): one form per popup. */
export function Field(props: FieldProps) {
  return <KitField {...props} id={`auth-${props.name}`} />;
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
      {props.submit && <Submit busy={props.busy}>{props.submit}</Submit>}
      {props.after}
    </Form>
  );
}

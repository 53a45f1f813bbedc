import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The body of a confirm dialog: its title (the dialog's label), what it says, and its actions.
 * `actions` is the `confirm__actions` row itself (a `<div>` by `ConfirmActions`, or a form).
 */
export function ConfirmBody(props: { testId: string; titleId: string; title: ReactNode; before?: ReactNode; children?: ReactNode; actions: ReactNode }) {
  return (
    <article className="confirm" data-testid={props.testId}>
      {props.before}
      <h2 id={props.titleId}>{props.title}</h2>
      {props.children}
      {props.actions}
    </article>
  );
}

/** The row of a confirm's buttons and links. */
export function ConfirmActions({ children }: { children: ReactNode }) {
  return <div className="confirm__actions">{children}</div>;
}

/** "Not now": a link back to the page (without JavaScript), which with it only closes the dialog. */
export function DismissLink({ to, onDismiss, children }: { to: string; onDismiss: () => void; children: ReactNode }) {
  return (
    <Link
      to={to}
      replace
      className="btn btn--ghost"
      onClick={(e) => {
        e.preventDefault();
        onDismiss();
      }}
    >
      {children}
    </Link>
  );
}

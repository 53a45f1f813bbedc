import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Dialog, dialogTitleId } from "../../ui/dialog/dialog";

/**
 * A wheel popup opened by the URL (SPEC §2): rendered by the server, closed by a plain link back
 * to the page (Escape and the overlay too, with JavaScript). `onClose` replaces the navigation
 * for popups the spin machine opened in the browser.
 */
export function WheelDialog(props: {
  name: string;
  title: string;
  closeHref: string;
  kind?: "popup" | "confirm";
  testId?: string;
  onClose?: () => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const entry = { id: `wheel-${props.name}`, kind: props.kind ?? ("popup" as const), name: `wheel-${props.name}`, preventClose: false };
  const close = props.onClose ?? (() => navigate(props.closeHref, { replace: true, preventScrollReset: true }));
  return (
    <Dialog entry={entry} active closeHref={props.closeHref} onClose={close}>
      <article className={entry.kind === "confirm" ? "confirm wheel__dialog" : "wheel__dialog"} data-testid={props.testId ?? `wheel-${props.name}`}>
        <h2 id={dialogTitleId(entry)}>{props.title}</h2>
        {props.children}
      </article>
    </Dialog>
  );
}

import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n/use-t";

/** What the frame reads of a dialog: the shell's stack entries have it, and so may a dialog outside the stack. */
export interface DialogFrame {
  id: string;
  kind: "popup" | "confirm" | "curtain";
  /** Its name, for styles and tests (`data-dialog`). */
  name: string;
  preventClose: boolean;
}

/**
 * One dialog: popup (centred), confirm (small, centred) or curtain (sheet from the edge).
 * Escape and an overlay click close it unless it prevents closing. Without JavaScript a URL
 * dialog still closes through its plain link.
 */
export function Dialog(props: { entry: DialogFrame; active: boolean; closeHref?: string; onClose: () => void; children: ReactNode }) {
  const { entry, active, closeHref, onClose } = props;
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, read when a key is pressed: callers pass a new function each render, and
  // the effect below must not run again for it (it would hand the focus back and take it again).
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const el = panel.current;
    if (!active || !el) return;
    return holdFocus(el, () => close.current());
  }, [active]);
  const closable = !entry.preventClose;
  const labelId = dialogTitleId(entry);
  return (
    <div className={`dialog dialog--${entry.kind}`} data-dialog={entry.name}>
      {closable && closeHref !== undefined ? (
        <Link
          className="dialog__overlay"
          to={closeHref}
          replace
          aria-hidden
          tabIndex={-1}
          onClick={(e) => {
            e.preventDefault();
            onClose();
          }}
        />
      ) : (
        <div className="dialog__overlay" aria-hidden onClick={closable ? onClose : undefined} />
      )}
      <div className="dialog__panel" role="dialog" aria-modal="true" aria-labelledby={labelId} tabIndex={-1} ref={panel}>
        {closable &&
          (closeHref !== undefined ? (
            <Link
              className="dialog__close"
              to={closeHref}
              replace
              aria-label={t("common.close")}
              onClick={(e) => {
                e.preventDefault();
                onClose();
              }}
            >
              ×
            </Link>
          ) : (
            <button type="button" className="dialog__close" aria-label={t("common.close")} onClick={onClose}>
              ×
            </button>
          ))}
        <div className="dialog__body">{props.children}</div>
      </div>
    </div>
  );
}

/** The open dialogs, the last on top: only it answers Tab and Escape. */
const open: HTMLElement[] = [];

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** What Tab may reach in `panel`, in order: enabled, shown controls. */
function focusables(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => e.getClientRects().length > 0 && !e.closest("[inert]"));
}

/**
 * Makes everything outside `panel`'s dialog inert (no focus, no clicks, hidden from assistive
 * technology), as a modal dialog must: the siblings of the dialog and of each of its ancestors.
 * Live regions stay as they are, so a toast is still read out. Answers the undo.
 */
function inertOutside(dialog: HTMLElement): () => void {
  const changed: Element[] = [];
  for (let node: HTMLElement | null = dialog; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || sibling.hasAttribute("inert") || sibling.matches("script, style, link, [aria-live]")) continue;
      sibling.setAttribute("inert", "");
      changed.push(sibling);
    }
  }
  return () => {
    for (const e of changed) e.removeAttribute("inert");
  };
}

/**
 * A modal dialog's hold on the focus (issue 41): it takes the focus, Tab and Shift+Tab cycle
 * within it, the page behind is inert, Escape asks to close it, and when it closes the focus goes
 * back to what had it before (the opener), if that is still on the page.
 */
function holdFocus(panel: HTMLElement, onEscape: () => void): () => void {
  const before = document.activeElement;
  const opener = before instanceof HTMLElement && before !== document.body && !panel.contains(before) ? before : null;
  const dialog = (panel.closest(".dialog") as HTMLElement | null) ?? panel;
  open.push(panel);
  const undoInert = inertOutside(dialog);
  panel.focus();
  const onKey = (e: KeyboardEvent) => {
    if (open.at(-1) !== panel) return;
    if (e.key === "Escape") {
      onEscape();
      return;
    }
    if (e.key !== "Tab") return;
    const items = focusables(panel);
    const at = document.activeElement;
    const inside = at instanceof Node && panel.contains(at) && at !== panel;
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      e.preventDefault();
      panel.focus();
    } else if (e.shiftKey && (!inside || at === first)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (!inside || at === last)) {
      e.preventDefault();
      first.focus();
    }
  };
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("keydown", onKey);
    open.splice(open.indexOf(panel), 1);
    undoInert();
    // Back to the opener; a dialog under this one takes it back otherwise.
    if (opener?.isConnected) opener.focus({ preventScroll: true });
    else open.at(-1)?.focus();
  };
}

/** The id a dialog's heading carries so the dialog is named by it. */
export function dialogTitleId(entry: Pick<DialogFrame, "id">): string {
  return `${entry.id}-title`;
}

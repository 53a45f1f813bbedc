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

  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    panel.current?.focus();
    return () => document.removeEventListener("keydown", onKey);
  }, [active, onClose]);

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

/** The id a dialog's heading carries so the dialog is named by it. */
export function dialogTitleId(entry: Pick<DialogFrame, "id">): string {
  return `${entry.id}-title`;
}

import { useEffect } from "react";
import { Link } from "react-router";
import type { Toast } from "../lib/toast";

function ToastItem({ toast, onClose, closeLabel }: { toast: Toast; onClose: (id: string) => void; closeLabel: string }) {
  useEffect(() => {
    if (toast.time <= 0) return;
    const t = setTimeout(() => onClose(toast.id), toast.time);
    return () => clearTimeout(t);
  }, [toast, onClose]);
  return (
    <div className={`toast toast--${toast.type}`} role={toast.type === "error" ? "alert" : "status"} data-toast={toast.type}>
      <span className="toast__text">
        {toast.text}
        {toast.link && (
          <>
            {" "}
            <Link className="toast__link" to={toast.link.to} onClick={() => onClose(toast.id)}>
              {toast.link.text}
            </Link>
          </>
        )}
      </span>
      {toast.allowClose && (
        <button type="button" className="toast__close" aria-label={closeLabel} onClick={() => onClose(toast.id)}>
          ×
        </button>
      )}
    </div>
  );
}

/** The shown toasts, oldest first (toasts.tsx keeps them; this chunk loads with the first). */
export function ToastList({ toasts, onClose, closeLabel }: { toasts: Toast[]; onClose: (id: string) => void; closeLabel: string }) {
  return toasts.map((t) => <ToastItem key={t.id} toast={t} onClose={onClose} closeLabel={closeLabel} />);
}

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { makeToast, type Toast } from "../lib/toast";

type ShowToast = (t: Partial<Toast> & { text: string }) => string;

const ToastContext = createContext<ShowToast>(() => "");

export const useToast = () => useContext(ToastContext);

function ToastItem({ toast, onClose, closeLabel }: { toast: Toast; onClose: (id: string) => void; closeLabel: string }) {
  useEffect(() => {
    if (toast.time <= 0) return;
    const t = setTimeout(() => onClose(toast.id), toast.time);
    return () => clearTimeout(t);
  }, [toast, onClose]);
  return (
    <div className={`toast toast--${toast.type}`} role={toast.type === "error" ? "alert" : "status"} data-toast={toast.type}>
      <span className="toast__text">{toast.text}</span>
      {toast.allowClose && (
        <button type="button" className="toast__close" aria-label={closeLabel} onClick={() => onClose(toast.id)}>
          ×
        </button>
      )}
    </div>
  );
}

/**
 * Toasts: neutral, info, success, warning or error; 5000 ms by default; closable (the button named
 * in the page's language: `closeLabel`). A toast flashed
 * across a redirect arrives as `flashed` from the root loader and is shown on the next page.
 */
export function ToastProvider({ children, flashed, closeLabel }: { children: ReactNode; flashed: Toast | null; closeLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>(flashed ? [flashed] : []);
  useEffect(() => {
    if (flashed) setToasts((list) => (list.some((t) => t.id === flashed.id) ? list : [...list, flashed]));
  }, [flashed]);
  const close = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback<ShowToast>((input) => {
    const t = makeToast(input);
    setToasts((list) => [...list, t]);
    return t.id;
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-area" aria-live="polite">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onClose={close} closeLabel={closeLabel} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

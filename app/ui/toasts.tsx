import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { lazyWithPreload } from "../lib/lazy-with-preload";
import { makeToast, type Toast } from "../lib/toast";

type ShowToast = (t: Partial<Toast> & { text: string }) => string;

const ToastContext = createContext<ShowToast>(() => "");

export const useToast = () => useContext(ToastContext);

// The toasts' markup and timers are a lazy chunk: most pages show none, so their first load does not
// carry it. The live region is always there (a screen reader announces what is added to it);
// entry.server preloads the chunk, so a toast flashed across a redirect is in the page's HTML.
const list = lazyWithPreload(() => import("./toast-list").then((m) => m.ToastList));

/** The toasts' code, for the server to render a flashed toast in place. */
export const preloadToastList = list.preload;

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
        {toasts.length > 0 && (
          <Suspense fallback={null}>
            <list.Component toasts={toasts} onClose={close} closeLabel={closeLabel} />
          </Suspense>
        )}
      </div>
    </ToastContext.Provider>
  );
}

import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { DialogEvent } from "./dialog.machine";
import type { DialogsHandle } from "./dialog.actor";
import {
  closeHrefOf,
  renderDialog,
  type ConfirmOptions,
  type DialogEntry,
  type DialogName,
  type DialogOf,
  type DialogPropsMap,
  type DialogRenderers,
  type UrlDialog,
} from "./dialog-types";
import { dialogId } from "../ui/dialog/ids";
import { lazyWithPreload } from "../lib/lazy-with-preload";

// The dialogs' frame (overlay, panel, close button, Escape) loads in the browser with the first
// dialog shown, off every page's first load; the server preloads it with the dialogs
// (dialog-registry.tsx `preloadDialogs`) and renders it in place (lib/lazy-with-preload.tsx).
const frame = lazyWithPreload(() => import("../ui/dialog/dialog").then((m) => m.Dialog));
const Dialog = frame.Component;
export const preloadDialogFrame = frame.preload;

export interface OpenOptions {
  kind?: DialogEntry["kind"];
  preventClose?: boolean;
}

export interface DialogApi {
  open<N extends DialogName>(name: N, props: DialogPropsMap[N], opts?: OpenOptions): string;
  enqueue<N extends DialogName>(name: N, props: DialogPropsMap[N], opts?: OpenOptions): string;
  close(id?: string, force?: boolean): void;
  /** Opens a dialog and resolves when it closes (its result, false when dismissed). */
  show<N extends DialogName>(name: N, props: DialogPropsMap[N], opts?: OpenOptions): Promise<boolean>;
  /** Resolves true when agreed, false when rejected or dismissed. */
  confirm(opts: ConfirmOptions): Promise<boolean>;
}

const DialogContext = createContext<DialogApi | null>(null);

export function useDialogs(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error("useDialogs needs <DialogProvider>");
  return api;
}

/**
 * Renders the dialog stack. Dialogs named by the URL render on the server from `urlDialogs`;
 * the machine (and XState) loads when the first dialog needs it.
 */
export function DialogProvider(props: { children: ReactNode; urlDialogs: UrlDialog[]; renderers: DialogRenderers }) {
  const { urlDialogs, renderers } = props;
  const navigate = useNavigate();
  const [stack, setStack] = useState<DialogEntry[]>(urlDialogs);
  const stackRef = useRef(stack);
  stackRef.current = stack;
  const handle = useRef<Promise<DialogsHandle> | null>(null);
  const resolvers = useRef(new Map<string, (v: boolean) => void>());
  const urlRef = useRef(urlDialogs);
  urlRef.current = urlDialogs;

  const machine = useCallback(() => {
    handle.current ??= import("./dialog.actor").then((m) =>
      m.startDialogs(urlRef.current, (next) => {
        stackRef.current = next;
        setStack(next);
      }),
    );
    return handle.current;
  }, []);
  const send = useCallback((e: DialogEvent) => void machine().then((h) => h.send(e)), [machine]);

  // URL dialogs follow the URL: start the machine for them, drop the ones the URL no longer names.
  const urlKey = urlDialogs.map((d) => d.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: urlKey names the URL's dialogs (the list is a new array each render and is read through urlRef)
  useEffect(() => {
    if (urlDialogs.length === 0 && !handle.current) return;
    void machine().then((h) => {
      const wanted = urlRef.current;
      for (const d of stackRef.current) {
        if ("closeHref" in d && !wanted.some((u) => u.id === d.id)) h.send({ type: "dialog.close", id: d.id, force: true });
      }
      for (const u of wanted) if (!stackRef.current.some((d) => d.id === u.id)) h.send({ type: "dialog.open", dialog: u });
    });
  }, [urlKey, machine]);

  useEffect(() => () => void handle.current?.then((h) => h.stop()), []);

  const api = useMemo<DialogApi>(() => {
    const entry = <N extends DialogName>(name: N, p: DialogPropsMap[N], o?: OpenOptions): DialogOf<N> => ({
      id: dialogId(),
      kind: o?.kind ?? "popup",
      name,
      props: p,
      preventClose: o?.preventClose ?? false,
    });
    const show: DialogApi["show"] = (name, p, o) => {
      const d = entry(name, p, o);
      return new Promise<boolean>((resolve) => {
        resolvers.current.set(d.id, resolve);
        send({ type: "dialog.open", dialog: d });
      });
    };
    return {
      open(name, p, o) {
        const d = entry(name, p, o);
        send({ type: "dialog.open", dialog: d });
        return d.id;
      },
      enqueue(name, p, o) {
        const d = entry(name, p, o);
        send({ type: "dialog.enqueue", dialog: d });
        return d.id;
      },
      close: (id, force) => send({ type: "dialog.close", id, force }),
      show,
      confirm: (opts) => show("confirm", { ...opts }, { kind: "confirm" }),
    };
  }, [send]);

  const closeEntry = (d: DialogEntry, result = false, force = false) => {
    if (d.preventClose && !force) return;
    resolvers.current.get(d.id)?.(result);
    resolvers.current.delete(d.id);
    // Only a dialog the page's URL still names goes back by its URL: one the URL has already left
    // (a registration that went on to the cashier) must not take the player back where it opened.
    const url = urlRef.current.some((u) => u.id === d.id) ? closeHrefOf(d) : undefined;
    if (url !== undefined) navigate(url, { replace: true, preventScrollReset: true });
    send({ type: "dialog.close", id: d.id, force });
  };

  // A URL dialog leaves with its URL in the same render, not a moment later when the machine hears of it.
  const shown = stack.filter((e) => !("closeHref" in e) || urlDialogs.some((u) => u.id === e.id));
  return (
    <DialogContext.Provider value={api}>
      {props.children}
      {shown.map((entry, i) => {
        // A URL dialog shows the latest props the page's data gave it (its id stays the same).
        const d: DialogEntry = urlDialogs.find((u) => u.id === entry.id) ?? entry;
        const top = i === shown.length - 1;
        return (
          <Suspense key={d.id} fallback={null}>
            <Dialog entry={d} active={top} closeHref={closeHrefOf(d)} onClose={() => closeEntry(d)}>
              {renderDialog(renderers, d, (r) => closeEntry(d, r ?? false, true))}
            </Dialog>
          </Suspense>
        );
      })}
    </DialogContext.Provider>
  );
}

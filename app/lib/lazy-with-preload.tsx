import { createElement, lazy, useState, type ComponentType } from "react";

/**
 * A component whose code the browser loads with its first use, off first load, while the server
 * renders it in place: `preload()` (awaited on the server before rendering) makes the server
 * render it directly, so the HTML has it without JavaScript. Hydrating that HTML, the browser
 * keeps it until the chunk arrives. Render it inside a `<Suspense>`.
 *
 * In the browser, once `preload()` has resolved, it renders directly too, without suspending: an
 * update outside a transition (a page of tiles appended) may then render it with no Suspense
 * fallback in the way. Before that it is React's `lazy`, which always suspends once. The choice is
 * made once per instance: switching a mounted instance from `lazy` to the component would be a
 * new element type, and React would remount it (a dialog would lose what was typed in it).
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazy(() =>
    load().then((c) => {
      loaded ??= c;
      return { default: c };
    }),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy part at module scope, never during a render
  function Component(props: P) {
    const [type] = useState(() => loaded ?? (Lazy as ComponentType<P>));
    return createElement(type, props);
  }
  const preload = async () => {
    loaded ??= await load();
  };
  return { Component, preload };
}

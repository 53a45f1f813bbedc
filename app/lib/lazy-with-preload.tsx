import { createElement, lazy, type ComponentType } from "react";

/**
 * A component whose code the browser loads with its first use, off first load, while the server
 * renders it in place: `preload()` (awaited on the server before rendering) makes the server
 * render it directly, so the HTML has it without JavaScript. Hydrating that HTML, the browser
 * keeps it until the chunk arrives. Render it inside a `<Suspense>`.
 *
 * In the browser, once `preload()` has resolved, it renders directly too, without suspending: an
 * update outside a transition (a page of tiles appended) may then render it with no Suspense
 * fallback in the way. Before that it is React's `lazy`, which always suspends once.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazy(() =>
    load().then((c) => {
      loaded ??= c;
      return { default: c };
    }),
  );
  function Component(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy as ComponentType<P>, props);
  }
  const preload = async () => {
    loaded ??= await load();
  };
  return { Component, preload };
}

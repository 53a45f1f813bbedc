import { createElement, lazy, type ComponentType } from "react";

/**
 * A component whose code the browser loads with its first use, off first load, while the server
 * renders it in place: `preload()` (awaited on the server before rendering) makes the server
 * render it directly, so the HTML has it without JavaScript. Hydrating that HTML, the browser
 * keeps it until the chunk arrives. Render it inside a `<Suspense>`.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazy(() => load().then((c) => ({ default: c })));
  function Component(props: P) {
    return import.meta.env.SSR && loaded ? createElement(loaded, props) : createElement(Lazy as ComponentType<P>, props);
  }
  const preload = async () => {
    loaded ??= await load();
  };
  return { Component, preload };
}

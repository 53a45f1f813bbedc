import { lazyWithPreload } from "../../lib/lazy-with-preload";

// Error and status pages load in the browser only when one is shown, off every page's first load;
// entry.server preloads them, so the server renders them in place (lib/lazy-with-preload.tsx).
// Render them inside a <Suspense>.
const errorPage = lazyWithPreload(() => import("./error-page").then((m) => m.ErrorPage));
const statusPage = lazyWithPreload(() => import("./error-page").then((m) => m.StatusPage));

export const ErrorPage = errorPage.Component;
export const StatusPage = statusPage.Component;
export const preloadErrorPages = () => Promise.all([errorPage.preload(), statusPage.preload()]);

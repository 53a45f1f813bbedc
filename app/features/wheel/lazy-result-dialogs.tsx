import { lazyWithPreload } from "../../lib/lazy-with-preload";

// A spin's result and a refused spin's message show only after a spin (or with `?spin=` /
// `?popup=error`): their code loads in the browser when a spin starts or one shows, off the
// page's first load. The route's loader preloads them, so the server renders them in place.
const load = () => import("./result-dialogs");
const spinResult = lazyWithPreload(() => load().then((m) => m.SpinResultPopup));
const errorConfirm = lazyWithPreload(() => load().then((m) => m.ErrorConfirm));

export const SpinResultPopup = spinResult.Component;
export const ErrorConfirm = errorConfirm.Component;
/** Starts loading both (in the browser, as a spin starts); the server awaits it before rendering. */
export const preloadResultDialogs = () => Promise.all([spinResult.preload(), errorConfirm.preload()]);

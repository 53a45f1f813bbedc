import type { PlatformType } from "./platform";
import { RELOAD_KEY, shouldReload } from "./reload-guard";

type Texts = { install?: string; dismiss?: string };

const DISMISSED_KEY = "pf.install.dismissed";

/**
 * The browser side of the platform types (decision 0056), loaded after the load event and an idle
 * moment, never part of a page's first-load JavaScript:
 * - default: registers the service worker and offers installing the app when the browser allows it;
 * - PWA: registers the service worker, no install offer (it is installed);
 * - webViewApp: no service worker and no install offer; links to other sites go to the host app.
 */
export function startPwa(platform: PlatformType, texts: Texts): void {
  const html = document.documentElement;
  if (platform === "webViewApp") {
    document.addEventListener("click", handOverExternalLinks, true);
  } else {
    if ("serviceWorker" in navigator && !import.meta.env.DEV) registerServiceWorker();
    if (platform === "default") {
      // An app opened from the home screen that lost its start_url query is still the PWA.
      if (matchMedia("(display-mode: standalone)").matches) document.cookie = "pf_platform=PWA; Path=/; Max-Age=31536000; SameSite=Lax";
      else offerInstall(texts);
    }
  }
  html.dataset.pwa = "ready";
}

/**
 * Registers /sw.js and reloads the page once when an updated worker takes over. The first worker
 * taking control of a page (no controller before) changes nothing on it: no reload then.
 */
function registerServiceWorker(): void {
  const sw = navigator.serviceWorker;
  let current = sw.controller;
  sw.addEventListener("controllerchange", () => {
    const previous = current;
    current = sw.controller;
    if (!previous) return;
    if (!shouldReload(sessionStorage.getItem(RELOAD_KEY), Date.now())) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    location.reload();
  });
  sw.register("/sw.js", { scope: "/" }).catch((e: unknown) => console.warn("pwa: service worker not registered", e));
}

type InstallPrompt = Event & { prompt(): Promise<void> };

/** A small dismissible button while the browser offers installing (beforeinstallprompt). */
function offerInstall(texts: Texts): void {
  if (localStorage.getItem(DISMISSED_KEY)) return;
  addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    if (document.getElementById("pwa-install")) return;
    const box = document.createElement("div");
    box.id = "pwa-install";
    box.className = "pwa-install";
    box.style.cssText =
      "position:fixed;inset-block-end:1rem;inset-inline-start:1rem;z-index:50;display:flex;gap:.25rem;align-items:center;padding:.25rem;border-radius:.5rem;background:var(--surface-2,#222);box-shadow:0 2px 8px #0006";
    const install = document.createElement("button");
    install.type = "button";
    install.textContent = texts.install ?? "Install";
    install.className = "btn btn--primary";
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "×";
    close.setAttribute("aria-label", texts.dismiss ?? "Not now");
    close.className = "btn btn--ghost";
    install.onclick = () => {
      box.remove();
      void (event as InstallPrompt).prompt();
    };
    close.onclick = () => {
      box.remove();
      localStorage.setItem(DISMISSED_KEY, "1");
    };
    box.appendChild(install);
    box.appendChild(close);
    document.body.appendChild(box);
  });
}

/**
 * webViewApp: a link to another site opens in the host app, not inside the WebView (decision
 * 0056): the link is marked `data-external`, and the URL goes to the host's bridge —
 * `ReactNativeWebView.postMessage`, a WKWebView handler named `playfront`, or the parent frame —
 * as `{ type: "openExternal", url }`. Without a bridge the link opens in place.
 */
function handOverExternalLinks(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!link || event.defaultPrevented || event.button !== 0) return;
  const url = new URL(link.href, location.href);
  if (url.origin === location.origin || !/^https?:$/.test(url.protocol)) return;
  event.preventDefault();
  link.removeAttribute("target");
  link.dataset.external = "";
  const message = { type: "openExternal", url: url.href };
  const w = window as unknown as {
    ReactNativeWebView?: { postMessage(m: string): void };
    webkit?: { messageHandlers?: { playfront?: { postMessage(m: unknown): void } } };
  };
  if (w.ReactNativeWebView) w.ReactNativeWebView.postMessage(JSON.stringify(message));
  else if (w.webkit?.messageHandlers?.playfront) w.webkit.messageHandlers.playfront.postMessage(message);
  else if (window.parent !== window) window.parent.postMessage(message, "*");
  else location.assign(url.href);
}

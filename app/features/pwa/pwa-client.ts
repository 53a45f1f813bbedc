import type { PlatformType } from "./platform";

export type PwaTexts = { install?: string; dismiss?: string };

type InstallPrompt = Event & { prompt(): Promise<void> };

/**
 * The browser side of the platform types (decision 0056). The Worker serves it as `/pwa.js`
 * (workers/pwa/route.ts embeds this function's text), and a few bytes of inline script in the
 * document load it on the first interaction, so it is never part of a page's first-load
 * JavaScript. It must stay self-contained: nothing from the module scope.
 * - default: registers the service worker and offers installing the app when the browser allows it;
 * - PWA: registers the service worker, no install offer (it is installed);
 * - both: offline, links of the site load as documents, which the service worker answers;
 * - webViewApp: no service worker and no install offer; links to other sites go to the host app.
 */
export function pwaClient(
  platform: PlatformType,
  texts: PwaTexts,
  firstEvent: Event | null,
  shouldReload: (last: string | null, now: number) => boolean,
): void {
  const RELOAD_KEY = "pf.sw.reloadAt";
  const DISMISSED_KEY = "pf.install.dismissed";

  /** Reload once when an updated worker takes over; the first worker taking a page changes nothing on it. */
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
    sw.register("/sw.js", { scope: "/" })
      .then(watchWaiting)
      .catch((e: unknown) => console.warn("pwa: service worker not registered", e));
  }

  /**
   * A new worker calls skipWaiting() on install, but Chromium parks it in "waiting" for good when
   * one of this page's requests reaches the old worker as it hands over (and holds that request,
   * an analytics beacon say, until the takeover). While a worker waits, ask it again every 2 s,
   * a few times: the takeover then happens and the page reloads once as above.
   */
  function watchWaiting(reg: ServiceWorkerRegistration): void {
    let asks = 0;
    const ask = (): void => {
      const waiting = reg.waiting;
      if (!waiting || asks++ >= 15) return;
      waiting.postMessage({ type: "SKIP_WAITING" });
      setTimeout(ask, 2000);
    };
    const later = (): void => void setTimeout(ask, 2000);
    reg.addEventListener("updatefound", () => {
      const installing = reg.installing;
      installing?.addEventListener("statechange", () => {
        if (installing.state === "installed") {
          asks = 0;
          later();
        }
      });
    });
    if (reg.waiting) later();
  }

  /** A small dismissible button while the browser offers installing (beforeinstallprompt). */
  function showInstall(event: Event): void {
    event.preventDefault();
    if (localStorage.getItem(DISMISSED_KEY) || document.getElementById("pwa-install")) return;
    const box = document.createElement("div");
    box.id = "pwa-install";
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", texts.install ?? "Install");
    box.style.cssText =
      "position:fixed;inset-block-end:1rem;inset-inline-start:1rem;z-index:50;display:flex;gap:.25rem;align-items:center;padding:.25rem;border-radius:.5rem;background:var(--surface-2,#222);box-shadow:0 2px 8px #0006";
    const install = document.createElement("button");
    install.type = "button";
    install.className = "btn btn--primary";
    install.textContent = texts.install ?? "Install";
    const close = document.createElement("button");
    close.type = "button";
    close.className = "btn btn--ghost";
    close.textContent = "×";
    close.setAttribute("aria-label", texts.dismiss ?? "Not now");
    install.onclick = () => {
      box.remove();
      void (event as InstallPrompt).prompt?.();
    };
    close.onclick = () => {
      box.remove();
      localStorage.setItem(DISMISSED_KEY, "1");
    };
    box.appendChild(install);
    box.appendChild(close);
    document.body.appendChild(box);
  }

  /**
   * webViewApp: a link to another site opens in the host app, not inside the WebView: the link is
   * marked `data-external` (its target dropped) and `{ type: "openExternal", url }` goes to the
   * host's bridge — `ReactNativeWebView.postMessage`, a WKWebView handler named `playfront`, or the
   * parent frame. Without a bridge the link opens in place.
   */
  function handOver(event: MouseEvent): void {
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

  /**
   * Offline, under the service worker: a link of the site loads as a document (the browser's own
   * navigation, which the worker answers with its copy or the offline page). React Router would
   * first ask the network for the route (`/__manifest`, `.data`) and show its error screen. Stopped
   * on the window, before React's listeners on the document see the click.
   */
  function offlineLink(event: MouseEvent): void {
    if (navigator.onLine || !navigator.serviceWorker?.controller) return;
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search)) return;
    event.stopPropagation();
  }

  if (platform === "webViewApp") {
    document.addEventListener("click", handOver, true);
  } else {
    if ("serviceWorker" in navigator) {
      registerServiceWorker();
      addEventListener("click", offlineLink, true);
    }
    if (platform === "default") {
      if (matchMedia("(display-mode: standalone)").matches) {
        // Opened from the home screen without the start_url's query: still the installed app.
        // biome-ignore lint/suspicious/noDocumentCookie: a synchronous write the next request carries; the Cookie Store API is not in every browser we serve
        document.cookie = "pf_platform=PWA; Path=/; Max-Age=31536000; SameSite=Lax";
      } else {
        addEventListener("beforeinstallprompt", showInstall);
        if (firstEvent?.type === "beforeinstallprompt") showInstall(firstEvent);
      }
    }
  }
  document.documentElement.dataset.pwa = platform;
}

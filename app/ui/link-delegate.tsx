import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * The one click handler behind every `AppLink`: a plain left click on a site link marked
 * `data-link` becomes a client-side navigation, as React Router's `Link` does (a click that a
 * component already handled, a modified click, another target or a download is left to the
 * browser). It listens on `window`, so React's own handlers, on the document, run first.
 */
export function LinkDelegate() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>("a[data-link]") : null;
      const target = a?.getAttribute("target");
      if (!a || a.hasAttribute("download") || a.origin !== window.location.origin || (target && target !== "_self")) return;
      e.preventDefault();
      const to = a.pathname + a.search + a.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: a.hasAttribute("data-replace") || to === here, preventScrollReset: a.hasAttribute("data-keep-scroll") });
    };
    window.addEventListener("click", onClick);
    // Marks the page as taken over (tests wait for it before expecting in-page navigation).
    document.documentElement.setAttribute("data-links", "");
    return () => {
      window.removeEventListener("click", onClick);
      document.documentElement.removeAttribute("data-links");
    };
  }, [navigate]);
  return null;
}

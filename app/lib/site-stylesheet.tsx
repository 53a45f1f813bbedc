import { createContext, useContext } from "react";

/**
 * The site's stylesheets (all of app/styles, styles/site-css.server.ts), inlined in the document's
 * head instead of linked: on a slow phone link a render-blocking stylesheet shares the line with
 * the modulepreloaded scripts and holds back the first paint (decision 0019; bench: Lighthouse
 * /gamehall, FCP 2.5 s → 1.4 s when inlined).
 *
 * Only the server has the text (entry.server.tsx provides it); the browser renders the same
 * `<style>` empty and leaves the server's content in place (React does not patch
 * dangerouslySetInnerHTML while hydrating, nor later while the value stays the same), so the
 * CSS never travels in the JavaScript, and a client navigation finds every rule already there.
 */
export const SiteStylesheetContext = createContext("");

export function SiteStylesheet() {
  const css = useContext(SiteStylesheetContext);
  return <style data-site-stylesheet="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}

import { createContext, useContext } from "react";

/**
 * What the document's head carries inline and only the server has: the site's stylesheets (all of
 * app/styles, styles/site-css.server.ts) and the head script (lib/image-fallback.server.ts).
 *
 * The stylesheets are inlined instead of linked: on a slow phone link a render-blocking stylesheet
 * shares the line with the scripts and holds back the first paint (decision 0019; bench:
 * Lighthouse /gamehall, FCP 2.5 s → 1.4 s when inlined).
 *
 * entry.server.tsx provides the texts; neither travels in the JavaScript. The browser takes the
 * stylesheet from the document it was served (servedCss): React Router renders the root's Layout
 * anew when the page switches between the root's component and its ErrorBoundary (a client
 * navigation to a 404 and Back), and a new <style> rendered empty would leave the site unstyled.
 * The head script needs no such copy: it ran once at load, and a script React inserts never runs.
 */
export const InlineHeadContext = createContext({ css: "", script: "" });

let served: string | undefined;

/** The stylesheet the server inlined, read once, at hydration, while the served element is there. */
function servedCss(): string {
  served ||= document.querySelector("style[data-site-stylesheet]")?.textContent ?? "";
  return served;
}

export function SiteStylesheet() {
  const css = useContext(InlineHeadContext).css || (typeof document === "undefined" ? "" : servedCss());
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own built stylesheet, inlined
  return <style data-site-stylesheet="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}

export function SiteHeadScript({ nonce }: { nonce?: string }) {
  const { script } = useContext(InlineHeadContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own built head script, inlined with this response's CSP nonce
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

import { createContext, useContext } from "react";

/**
 * What the document's head carries inline and only the server has: the site's stylesheets (all of
 * app/styles, styles/site-css.server.ts) and the head script (lib/image-fallback.server.ts).
 *
 * The stylesheets are inlined instead of linked: on a slow phone link a render-blocking stylesheet
 * shares the line with the scripts and holds back the first paint (decision 0019; bench:
 * Lighthouse /gamehall, FCP 2.5 s → 1.4 s when inlined).
 *
 * entry.server.tsx provides the texts; the browser renders the same elements empty and leaves the
 * server's content in place (React does not patch dangerouslySetInnerHTML while hydrating, nor
 * later while the value stays the same), so neither text travels in the JavaScript, and a client
 * navigation finds every rule already there.
 */
export const InlineHeadContext = createContext({ css: "", script: "" });

export function SiteStylesheet() {
  const { css } = useContext(InlineHeadContext);
  return <style data-site-stylesheet="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}

export function SiteHeadScript({ nonce }: { nonce?: string }) {
  const { script } = useContext(InlineHeadContext);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

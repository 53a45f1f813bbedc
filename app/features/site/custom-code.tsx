import { createElement, Fragment } from "react";
import type { CustomCode as Block } from "../../../core/api/cms";
import { useNonce } from "../../lib/nonce";

/** Gives every <script> of operator code this response's nonce, so the enforced CSP lets it run. */
export function addNonce(html: string, nonce: string): string {
  if (!nonce) return html;
  return html.replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`);
}

const HEAD_TAG = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>|<(meta|link)\b([^>]*?)\/?>/gi;
const ATTR = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*"([^"]*)"|\s*=\s*'([^']*)')?/g;
const REACT_ATTR: Record<string, string> = { "http-equiv": "httpEquiv", charset: "charSet", crossorigin: "crossOrigin" };

function attrs(source: string): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const m of source.matchAll(ATTR)) out[REACT_ATTR[m[1]!.toLowerCase()] ?? m[1]!] = m[2] ?? m[3] ?? true;
  return out;
}

/** Head code is limited to what <head> may hold: script, style, meta and link elements. */
function headElements(code: string, nonce: string) {
  return [...code.matchAll(HEAD_TAG)].map((m, i) => {
    if (m[1]) {
      const tag = m[1].toLowerCase();
      const props: Record<string, unknown> = { ...attrs(m[2] ?? ""), key: i, dangerouslySetInnerHTML: { __html: m[3] ?? "" } };
      if (tag === "script") props.nonce = nonce;
      return createElement(tag, props);
    }
    return createElement(m[4]!.toLowerCase(), { ...attrs(m[5] ?? ""), key: i });
  });
}

/** Custom code slots from the site configuration: head, bodyStart and bodyEnd (SPEC §3). */
export function CustomCode({ blocks, position }: { blocks: Block[]; position: Block["position"] }) {
  const nonce = useNonce();
  const here = blocks.filter((b) => b.position === position);
  if (here.length === 0) return null;
  if (position === "head") {
    // Only the server writes head code: React 19 hydration passes over head elements it did not
    // render, so the browser never needs this parser (first-load bytes on every page).
    if (!import.meta.env.SSR) return null;
    return createElement(Fragment, null, ...here.flatMap((b) => headElements(b.code, nonce)));
  }
  return (
    <>
      {here.map((b, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one position are fixed for the page; their order is their identity
          key={i}
          data-custom-code={position}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the operator's custom code is HTML by design; its scripts get this response's CSP nonce
          dangerouslySetInnerHTML={{ __html: addNonce(b.code, nonce) }}
        />
      ))}
    </>
  );
}

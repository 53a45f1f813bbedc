import type { EntryContext } from "react-router";
import type { MessageBundle } from "../../core/api/entities";
import { inlineJson } from "../lib/inline-json.server";
import { DOCUMENT_MESSAGES } from "../lib/i18n/use-t";

/**
 * A document's translations travel in a script of their own, not in the root's data (issue 39).
 * The root's data is encoded for the browser on every render (React Router's turbo-stream: each
 * key and string of the ~12–20 KB bundle walked, escaped and written twice over); the bundle is
 * the same for every page of a section in a locale, so its script is built once per isolate and
 * written as it is. A CPU A/B (60 renders a page, 3 rounds) measured about 1 ms less a render,
 * 17 KB less HTML on /gamehall.
 *
 * The server's render still reads them from the root's data: on a document's data they are a
 * property the encoder does not see (not enumerable: turbo-stream walks Object.keys); the browser
 * reads the script's copy (`window.__pfm`, use-t.ts) until a client navigation brings the root's
 * data again, into another section, where they are an ordinary property.
 */
export function withPageMessages<T extends object>(data: T, messages: MessageBundle, document: boolean): T & { messages: MessageBundle } {
  return Object.defineProperty(data, "messages", { value: messages, enumerable: !document, writable: true, configurable: true }) as T & {
    messages: MessageBundle;
  };
}

const scripts = new WeakMap<MessageBundle, string>();

/**
 * The script that hands the browser the document's translations, or "" when the root's data has
 * none (an error before the root's loader answered). It goes just before the router's bootstrap
 * (lib/content-first-scripts.server.ts): a classic script runs as it is parsed, so before the
 * bootstrap, which is `async` and may hydrate while a streamed document is still coming.
 */
export function pageMessagesScript(context: EntryContext, nonce: string): string {
  const messages = (context.staticHandlerContext.loaderData?.root as { messages?: MessageBundle } | undefined)?.messages;
  if (!messages) return "";
  let json = scripts.get(messages);
  if (json === undefined) scripts.set(messages, (json = inlineJson(messages)));
  return `<script nonce="${nonce}">window.${DOCUMENT_MESSAGES}=${json}</script>`;
}

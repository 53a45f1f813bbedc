import { Buffer } from "node:buffer";
import { inlineJson } from "./inline-json.server";
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const HEAD_END = encoder.encode("</head>");
/** React Router's inline bootstrap (`<Scripts>`): the first module script after the head. */
const MODULE = encoder.encode('type="module"');
const SCRIPT_OPEN = encoder.encode("<script");
/** Bytes kept between chunks while looking for the bootstrap: enough for its whole opening tag. */
const KEEP = 512;
const PRELOAD = encoder.encode('<link rel="modulepreload"');
const TAG_END = 0x3e; // '>'
const HREF = /\bhref="([^"]+)"/;
const NONCE = /\bnonce="([^"]*)"/;

/**
 * Where `needle` first occurs in `bytes` from `from`, by Node's `Buffer#indexOf` over the same
 * memory (nodejs_compat): a native substring search. The whole document passes through here; a
 * loop in JavaScript (even one jumping between native hits of a rare byte) cost 0.7 ms a render.
 */
function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  if (from >= bytes.length) return -1;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle, Math.max(0, from));
}

function lastIndexOf(bytes: Uint8Array, needle: Uint8Array, before: number): number {
  for (let i = Math.min(before, bytes.length - needle.length); i >= 0; i--) {
    let j = 0;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

/** One array of `parts` (copied once, not once per chunk as the head grows). */
const join = (parts: Uint8Array[], length: number) => {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * The head in parts, without its `<link rel="modulepreload">` tags, whose hrefs go to `hrefs`.
 * Found by bytes ('<' is rare in a head that is mostly the inlined stylesheet) and passed on as
 * views: decoding the ~37 KB head, running a regular expression over it and encoding it again
 * was about 3% of a lobby render.
 */
function withoutPreloads(bytes: Uint8Array, hrefs: string[]): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let from = 0;
  for (let at = indexOf(bytes, PRELOAD, 0); at !== -1; at = indexOf(bytes, PRELOAD, at + 1)) {
    const close = bytes.indexOf(TAG_END, at);
    if (close === -1) break;
    const href = HREF.exec(decoder.decode(bytes.subarray(at, close)))?.[1];
    if (!href) continue;
    hrefs.push(href);
    if (at > from) parts.push(bytes.subarray(from, at));
    from = close + 1;
  }
  if (from < bytes.length) parts.push(bytes.subarray(from));
  return parts;
}

/**
 * The inline script that asks for the modules once the parser has reached it and the content is
 * painted: one link per task. Inserting a module preload is not cheap in Chromium (it sets up the
 * module fetch there and then): ten in one task made the page's longest task after first paint.
 */
export function preloadScript(hrefs: string[], nonce: string): string {
  const attr = nonce ? ` nonce="${nonce}"` : "";
  const list = inlineJson(hrefs);
  const setNonce = nonce ? `l.nonce=${JSON.stringify(nonce)};` : "";
  const next = `function n(){var h=q.shift();if(!h)return;var l=document.createElement("link");l.rel="modulepreload";l.fetchPriority="low";l.href=h;${setNonce}document.head.appendChild(l);setTimeout(n)}`;
  return `<script${attr}>(function(){var q=${list};${next}requestAnimationFrame(function(){setTimeout(n)})})()</script>`;
}

/**
 * Content first, then code (decision 0020). React Router's `<Scripts>` puts a
 * `<link rel="modulepreload">` for every module of the page in the head, where the browser's
 * preload scanner finds them before the body: on a slow link they share the first round trips
 * with the document and its images, and Lighthouse's model then counts their download into the
 * largest paint. This transform takes them out of the head and asks for the same modules from a
 * small inline script placed just before the router's bootstrap module script, at the end of the
 * page's content: the parser runs it once the content (and the images it names) has been read,
 * and every module is then requested at once, so there is no import waterfall either.
 *
 * Only the head is rewritten (it ends in ASCII, so it is whole UTF-8); after it, the body passes
 * through byte for byte, with the one script inserted before the bootstrap's opening tag.
 *
 * It is fed React's writes as they happen (render-document.server.ts) and passes on views of them,
 * not copies.
 *
 * `beforeBootstrap`: HTML written just before the bootstrap too (the page's translations script):
 * a classic script there runs before the bootstrap, which is `async` and may run before the rest
 * of a streamed document has come. `after`: HTML written after the document (the consent banner):
 * the parser puts it at the end of the body, outside React's tree, and React skips unknown
 * trailing nodes.
 */
export function contentFirstWriter(sink: (bytes: Uint8Array) => void, { beforeBootstrap = "", after = "" } = {}) {
  // The head so far, in the chunks it came in (it holds the inlined stylesheets: tens of KB).
  let head: Uint8Array[] = [];
  let headLength = 0;
  /** The head's last bytes, too few to hold '</head>': it may begin there and end in the next chunk. */
  let tail: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  let held: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  let stage: "head" | "body" | "done" = "head";
  let hrefs: string[] = [];
  const send = (bytes: Uint8Array) => {
    if (bytes.length) sink(bytes);
  };
  return {
    /** The document's next chunk, as React wrote it (not kept past the call but for the head's). */
    write(chunk: Uint8Array): void {
      if (stage === "done") {
        send(chunk);
        return;
      }
      let bytes: Uint8Array<ArrayBufferLike> = chunk;
      if (stage === "head") {
        const probe = concat(tail, chunk);
        const end = indexOf(probe, HEAD_END, 0);
        if (end === -1) {
          head.push(chunk);
          headLength += chunk.length;
          tail = probe.slice(Math.max(0, probe.length - HEAD_END.length + 1));
          return;
        }
        const cut = end + HEAD_END.length - tail.length; // where the head ends in this chunk
        head.push(chunk.subarray(0, cut));
        for (const part of withoutPreloads(join(head, headLength + cut), hrefs)) send(part);
        head = [];
        bytes = chunk.subarray(cut);
        stage = hrefs.length || beforeBootstrap ? "body" : "done";
        if (stage === "done") {
          send(bytes);
          return;
        }
      }
      // The bootstrap's 'type="module"' across the seam of the held bytes and this chunk, else in
      // the chunk (a match inside the held bytes was looked for with the chunk before). The chunk
      // itself is not copied: only the few bytes around the seam are.
      let at = -1;
      if (held.length) at = indexOf(concat(held, bytes.subarray(0, MODULE.length - 1)), MODULE, 0);
      if (at === -1) {
        const inChunk = indexOf(bytes, MODULE, 0);
        if (inChunk !== -1) at = held.length + inChunk;
      }
      if (at !== -1) {
        bytes = concat(held, bytes); // once per document
        held = new Uint8Array(0);
      }
      const open = at === -1 ? -1 : lastIndexOf(bytes, SCRIPT_OPEN, at);
      if (open === -1) {
        // Not here yet: pass on all but the last bytes, which may hold the start of its tag.
        if (at !== -1 || bytes.length < KEEP) {
          bytes = concat(held, bytes);
          const keep = Math.max(0, bytes.length - KEEP);
          if (keep) send(bytes.subarray(0, keep));
          held = bytes.slice(keep);
          return;
        }
        if (held.length) send(held);
        send(bytes.subarray(0, bytes.length - KEEP));
        held = bytes.subarray(bytes.length - KEEP);
        return;
      }
      const tagEnd = bytes.indexOf(TAG_END, at);
      const tag = decoder.decode(bytes.subarray(open, tagEnd === -1 ? at : tagEnd));
      if (open) send(bytes.subarray(0, open));
      if (hrefs.length) send(encoder.encode(preloadScript(hrefs, NONCE.exec(tag)?.[1] ?? "")));
      if (beforeBootstrap) send(encoder.encode(beforeBootstrap));
      send(bytes.subarray(open));
      stage = "done";
      hrefs = [];
    },
    /** The document has ended. */
    end(): void {
      if (stage === "head" && headLength) send(join(head, headLength));
      if (held.length) send(held);
      // No bootstrap (a document without the router's scripts): what was to precede it ends the document.
      if (stage === "body" && beforeBootstrap) send(encoder.encode(beforeBootstrap));
      if (after) send(encoder.encode(after));
    },
  };
}

/**
 * Pieces gathered until `flush`, then passed on as one chunk (render-document.server.ts flushes
 * at the end of each of React's flushes). React writes a document in chunks of a few KB, and each
 * chunk a response takes is native work outside JavaScript (stream reads, writes, promises): on a
 * lobby page, more CPU than all of the rewrite's own. The shell is one flush, and each section
 * that streams later another.
 */
export function taskChunks(enqueue: (bytes: Uint8Array) => void) {
  let pending: Uint8Array[] = [];
  let pendingLength = 0;
  return {
    send(bytes: Uint8Array): void {
      pending.push(bytes);
      pendingLength += bytes.length;
    },
    /** What was sent since the last flush, as one chunk. */
    flush(): void {
      if (!pendingLength) return;
      const piece = join(pending, pendingLength);
      pending = [];
      pendingLength = 0;
      enqueue(piece);
    },
  };
}

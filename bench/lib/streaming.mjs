// Streaming SSR timings of one document request, read chunk by chunk as a browser would.
import { request } from "node:http";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

export const GOOGLEBOT_UA = "Googlebot/2.1 (+http://www.google.com/bot.html)";

// The app shell is out once the header (or main) has arrived.
const SHELL = /<\/header>|<main[\s>]/;
// React's marker of a pending Suspense boundary (its fallback), and the deferred content itself:
// the home's banner list (its placeholder is `class="banners banners--loading"`). React Router's
// own data transfer completes a boundary (`$RC(`) right after the shell too, so a generic
// completion marker would not tell whether the slow section is still pending.
const FALLBACK = "<!--$?-->";
const RESOLVED = /class="banners"/;
// Chunks arriving this close to the first one are one flush: wrangler dev and TCP cut a single
// flush of the shell into several 4 KB reads.
const FLUSH_WINDOW_MS = 50;

function decoder(encoding) {
  switch ((encoding ?? "identity").toLowerCase()) {
    case "gzip":
      return createGunzip();
    case "br":
      return createBrotliDecompress();
    case "deflate":
      return createInflate();
    default:
      return null;
  }
}

/**
 * One GET with browser-like headers. Times are ms from sending the request: `headers`, `firstByte`
 * (first body byte), `shell` (the chunk completing the shell), `fallback`, `resolved`, `end`.
 * `firstFlush*` describe what arrived within FLUSH_WINDOW_MS of the first byte.
 */
export function timeDocument(url, userAgent, { timeoutMs = 30_000, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const at = () => Math.round((performance.now() - t0) * 10) / 10;
    const r = { status: 0, encoding: "identity", chunks: 0, bytes: 0 };
    let text = "";
    let firstFlush = "";
    let firstAt = 0;
    const req = request(
      url,
      {
        headers: {
          "user-agent": userAgent,
          accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          "accept-language": "en-US,en;q=0.9",
          "accept-encoding": "gzip, deflate, br",
          ...headers,
        },
      },
      (res) => {
        r.headers = at();
        r.status = res.statusCode;
        r.encoding = res.headers["content-encoding"] ?? "identity";
        res.once("data", () => (r.firstByte = at()));
        const decoded = decoder(r.encoding);
        const body = decoded ? res.pipe(decoded) : res;
        body.setEncoding("utf8");
        body.on("data", (chunk) => {
          r.chunks += 1;
          r.bytes += Buffer.byteLength(chunk);
          if (r.chunks === 1) {
            r.firstChunkHasFallback = chunk.includes(FALLBACK);
            r.firstChunkBytes = Buffer.byteLength(chunk);
            firstAt = performance.now();
          }
          text += chunk;
          if (performance.now() - firstAt <= FLUSH_WINDOW_MS) firstFlush = text;
          if (r.shell === undefined && SHELL.test(text)) {
            r.shell = at();
            r.shellChunk = r.chunks;
          }
          if (r.fallback === undefined && text.includes(FALLBACK)) r.fallback = at();
          if (r.resolved === undefined && RESOLVED.test(text)) r.resolved = at();
        });
        body.on("end", () => {
          r.end = at();
          r.complete = /<\/html>\s*$/i.test(text);
          r.hasFallback = text.includes(FALLBACK);
          r.firstFlushBytes = Buffer.byteLength(firstFlush);
          r.firstFlushHasShell = SHELL.test(firstFlush);
          // Streaming proven: the first flush shows the fallback and not yet the deferred content.
          r.firstFlushHasFallback = firstFlush.includes(FALLBACK) && !RESOLVED.test(firstFlush);
          // The deferred content inline in place, not outlined behind a fallback for a script to swap.
          r.deferredInline = !r.hasFallback;
          clearTimeout(timer);
          resolve(r);
        });
        body.on("error", reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`${url} took over ${timeoutMs} ms`)), timeoutMs);
    req.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.end();
  });
}

export const median = (xs) => {
  const s = xs.filter((x) => typeof x === "number").sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** `n` sequential requests after `warmup` discarded ones. */
export async function series(url, userAgent, n, warmup = 1) {
  for (let i = 0; i < warmup; i++) await timeDocument(url, userAgent);
  const runs = [];
  for (let i = 0; i < n; i++) runs.push(await timeDocument(url, userAgent));
  const keys = ["headers", "firstByte", "shell", "fallback", "resolved", "end"];
  const medians = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))]));
  return { userAgent, n, warmup, runs, medians };
}

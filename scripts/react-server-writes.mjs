// Vite plugin: React's Node server build (react-dom/server.node, entry.server.tsx) with cheaper
// writes, and the same bytes out (decision 0026). Profiled in workerd, where every TextEncoder and
// Buffer call crosses into the runtime, two of its helpers cost ~10% of a /gamehall render:
//
// - writeChunk encodes each string (a tag name, an attribute, a text) with its own encodeInto
//   call, and copies each precomputed chunk (every end tag, '>', '="'), thousands a page. Short
//   strings and short precomputed chunks (read back as text once, kept in a WeakMap: React makes
//   them once and never changes them) are now joined in JavaScript, which is cheap, and encoded
//   about 1,300 characters at a time; completeWriting, which ends every synchronous flush, writes
//   what is left, so nothing waits and the bytes and their order are unchanged.
// - byteLengthOfChunk (the byte size React keeps per segment for its outlining decisions) calls
//   Buffer.byteLength for every chunk; a short string is now measured in JavaScript, exactly.
//
// The plugin edits the exact text of the installed file and fails the build when that text is
// not found (a new React): then re-check the profile and update or drop the patch.

const FILE = /react-dom\/cjs\/react-dom-server\.node\.production\.js$/;

/** Longest string React's writeChunk still encodes into its 4 KB view (3 bytes per unit at worst). */
const VIEW_UNITS = 1365;
/** Strings shorter than this are joined before encoding. */
const SHORT = 256;

const EDITS = [
  {
    what: "writeChunk",
    from: "function writeChunk(destination, chunk) {",
    to: `var pendingText = "",
  precomputedText = new WeakMap(),
  precomputedDecoder = new util.TextDecoder();
function flushPendingText(destination) {
  if (0 !== pendingText.length) {
    var text = pendingText;
    pendingText = "";
    writeChunkNow(destination, text);
  }
}
function writeChunk(destination, chunk) {
  if ("string" !== typeof chunk && 0 < chunk.byteLength && chunk.byteLength < ${SHORT}) {
    var text = precomputedText.get(chunk);
    void 0 === text && ((text = precomputedDecoder.decode(chunk)), precomputedText.set(chunk, text));
    chunk = text;
  }
  if ("string" === typeof chunk && chunk.length < ${SHORT}) {
    pendingText.length + chunk.length > ${VIEW_UNITS} && flushPendingText(destination);
    pendingText += chunk;
    return;
  }
  flushPendingText(destination);
  writeChunkNow(destination, chunk);
}
function writeChunkNow(destination, chunk) {`,
  },
  {
    what: "completeWriting",
    from: "function completeWriting(destination) {\n",
    to: "function completeWriting(destination) {\n  flushPendingText(destination);\n",
  },
  {
    what: "byteLengthOfChunk",
    from: 'Buffer.byteLength(chunk, "utf8")',
    to: `chunk.length < ${SHORT} ? utf8Length(chunk) : Buffer.byteLength(chunk, "utf8")`,
    append: `
function utf8Length(s) {
  for (var n = s.length, i = 0; i < s.length; i++) {
    var c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) (n += 2), i++;
    else n += 2; // three bytes; a lone surrogate is written as U+FFFD, also three
  }
  return n;
}
`,
  },
];

/** The patched source of React's Node server build, or an error naming the edit that no longer applies. */
export function patchReactServerWrites(code) {
  let out = code;
  for (const e of EDITS) {
    const at = out.indexOf(e.from);
    if (at === -1 || out.indexOf(e.from, at + 1) !== -1) {
      throw new Error(`react-server-writes: ${e.what} is not where it was in react-dom-server.node.production.js; update scripts/react-server-writes.mjs (decision 0026)`);
    }
    out = out.slice(0, at) + e.to + out.slice(at + e.from.length) + (e.append ?? "");
  }
  return out;
}

/** @returns {import("vite").Plugin} */
export function reactServerWrites() {
  return {
    name: "playfront:react-server-writes",
    enforce: "pre",
    transform(code, id) {
      if (!FILE.test(id.split("?")[0])) return null;
      return { code: patchReactServerWrites(code), map: null };
    },
  };
}

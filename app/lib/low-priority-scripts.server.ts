const HEAD_END = new TextEncoder().encode("</head>");
const PRELOAD = /<link rel="modulepreload"/g;
const LOW = '<link rel="modulepreload" fetchpriority="low"';

function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = Math.max(0, from); i <= bytes.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * Marks the document head's `<link rel="modulepreload">` (React Router's `<Scripts>`, which takes
 * no priority) `fetchpriority="low"`, so that on a slow link the browser spends the first round
 * trips on what the first paint needs, the document and the likely largest image (preloaded
 * `fetchpriority="high"`), before the scripts that hydrate it (decision 0019).
 *
 * Only the head is held and rewritten (it ends in ASCII, so it is whole UTF-8); every byte after
 * `</head>` passes through untouched.
 */
export function lowPriorityModulePreloads(): TransformStream<Uint8Array, Uint8Array> {
  let held = new Uint8Array(0);
  let done = false;
  const rewrite = (bytes: Uint8Array) => new TextEncoder().encode(new TextDecoder().decode(bytes).replace(PRELOAD, LOW));
  return new TransformStream({
    transform(chunk, controller) {
      if (done) return controller.enqueue(chunk);
      const joined = new Uint8Array(held.length + chunk.length);
      joined.set(held);
      joined.set(chunk, held.length);
      const end = indexOf(joined, HEAD_END, held.length - HEAD_END.length + 1);
      if (end === -1) {
        held = joined;
        return;
      }
      done = true;
      const cut = end + HEAD_END.length;
      controller.enqueue(rewrite(joined.subarray(0, cut)));
      if (cut < joined.length) controller.enqueue(joined.slice(cut));
      held = new Uint8Array(0);
    },
    flush(controller) {
      if (held.length) controller.enqueue(rewrite(held));
    },
  });
}

import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./low-priority-scripts.server";

async function run(parts: Uint8Array[]): Promise<Uint8Array> {
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(p);
      c.close();
    },
  }).pipeThrough(lowPriorityModulePreloads());
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe("lowPriorityModulePreloads", () => {
  const head = '<html><head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head>';
  const body = '<body><p>Ünïcødé €</p><link rel="modulepreload" href="/late.js"/></body></html>';

  it("lowers the head's module preloads and leaves the body alone", async () => {
    const out = dec(await run([enc(head + body)]));
    expect(out).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/></head>' + body,
    );
  });

  it("finds the head's end across chunk boundaries, and keeps split characters whole", async () => {
    const bytes = enc(head + body);
    const whole = dec(await run([bytes]));
    for (const size of [1, 3, 7, 64]) {
      const parts: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) parts.push(bytes.slice(i, i + size));
      expect(dec(await run(parts))).toBe(whole);
    }
  });

  it("passes a document without a head through, rewritten", async () => {
    expect(dec(await run([enc('<link rel="modulepreload" href="/x.js"/>')]))).toBe('<link rel="modulepreload" fetchpriority="low" href="/x.js"/>');
  });
});

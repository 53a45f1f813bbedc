import { describe, expect, it } from "vitest";
import { contentFirstScripts, preloadScript } from "./content-first-scripts.server";

async function run(parts: Uint8Array[], options?: Parameters<typeof contentFirstScripts>[0]): Promise<string> {
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(p);
      c.close();
    },
  }).pipeThrough(contentFirstScripts(options));
  return new TextDecoder().decode(await new Response(stream).arrayBuffer());
}

const enc = (s: string) => new TextEncoder().encode(s);
const inChunks = (s: string, size: number) => {
  const bytes = enc(s);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.slice(i, i + size));
  return parts;
};

describe("contentFirstScripts", () => {
  const head =
    '<html><head><style>p{}</style><link rel="modulepreload" href="/a.js" nonce="n1"/><link rel="modulepreload" fetchpriority="low" href="/b.js" nonce="n1"/></head>';
  const content = `<body><main><p>Ünïcødé € ${"x".repeat(2000)}</p><img src="/cover.webp"></main>`;
  const bootstrap = '<script nonce="n1" type="module" async="">import "/a.js";</script>';
  const tail = '<div hidden id="S:1"><p>late</p></div><script nonce="n1">$RC("B:1","S:1")</script></body></html>';

  it("takes the module preloads out of the head and asks for them just before the bootstrap", async () => {
    const out = await run([enc(head + content + bootstrap + tail)]);
    expect(out).toBe(`<html><head><style>p{}</style></head>${content}${preloadScript(["/a.js", "/b.js"], "n1")}${bootstrap}${tail}`);
    // The images of the content come before any request for code.
    expect(out.indexOf("/cover.webp")).toBeLessThan(out.indexOf("modulepreload"));
  });

  it("writes the page's translations just before the bootstrap, and the banner after the document, in any chunking", async () => {
    const messages = '<script nonce="n1">window.__pfm={"a":"b"}</script>';
    const banner = '<form class="consent"></form>';
    const want = `<html><head><style>p{}</style></head>${content}${preloadScript(["/a.js", "/b.js"], "n1")}${messages}${bootstrap}${tail}${banner}`;
    for (const size of [7, 64, 100_000])
      expect(await run(inChunks(head + content + bootstrap + tail, size), { beforeBootstrap: messages, after: banner })).toBe(want);
    // A head without module preloads: still just before the bootstrap.
    const bare = `<html><head><style>p{}</style></head>${content}`;
    expect(await run([enc(bare + bootstrap + tail)], { beforeBootstrap: messages })).toBe(`${bare}${messages}${bootstrap}${tail}`);
    // A document without the router's bootstrap: at its end.
    expect(await run([enc(bare + tail)], { beforeBootstrap: messages })).toBe(`${bare}${tail}${messages}`);
  });

  it("passes what one task writes on as one chunk, and a later task's writes as another (the document still streams)", async () => {
    const transform = contentFirstScripts();
    const writer = transform.writable.getWriter();
    const reader = transform.readable.getReader();
    // React's shell: many small writes in one task.
    for (const part of inChunks(head + content + bootstrap, 64)) void writer.write(part);
    const shell = await reader.read();
    expect(new TextDecoder().decode(shell.value)).toBe(`<html><head><style>p{}</style></head>${content}${preloadScript(["/a.js", "/b.js"], "n1")}${bootstrap}`);
    // A deferred section, later: its own chunk, before the document ends.
    await new Promise((r) => setTimeout(r, 5));
    for (const part of inChunks(tail, 16)) void writer.write(part);
    const late = await reader.read();
    expect(new TextDecoder().decode(late.value)).toBe(tail);
    void writer.close();
    expect((await reader.read()).done).toBe(true);
  });

  it("gives the script and the links it makes the page's nonce, and escapes the list", () => {
    const s = preloadScript(["/x.js", "/</script>.js"], "abc");
    expect(s.startsWith('<script nonce="abc">')).toBe(true);
    expect(s).toContain('l.nonce="abc"');
    expect(s).not.toContain("</script>.js");
    expect(preloadScript(["/x.js"], "")).not.toContain("nonce");
  });

  it("after the first paint, adds the preloads one per task, in order, at low priority, with the nonce", () => {
    const code = preloadScript(["/a.js", "/b.js", "/c.js"], "n1").replace(/^<script[^>]*>|<\/script>$/g, "");
    const head: Record<string, string>[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const document = { createElement: () => ({}), head: { appendChild: (l: Record<string, string>) => head.push(l) } };
    new Function("document", "requestAnimationFrame", "setTimeout", code)(
      document,
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
    );
    expect(head).toHaveLength(0); // nothing before the frame is painted
    frames.shift()!();
    const added: number[] = [];
    while (timers.length) {
      timers.shift()!();
      added.push(head.length);
    }
    expect(added).toEqual([1, 2, 3, 3]); // one link per task, then the chain ends
    expect(head.map((l) => l.href)).toEqual(["/a.js", "/b.js", "/c.js"]);
    expect(head.every((l) => l.rel === "modulepreload" && l.fetchPriority === "low" && l.nonce === "n1")).toBe(true);
  });

  it("gives the same bytes however the document is cut into chunks, characters split included", async () => {
    const doc = head + content + bootstrap + tail;
    const whole = await run([enc(doc)]);
    for (const size of [1, 5, 13, 64, 511, 512, 513, 700, 1031, 4096]) expect(await run(inChunks(doc, size))).toBe(whole);
  });

  it("passes on the shell without waiting for streamed content", async () => {
    const shell = head + content + bootstrap;
    let pushLate: (() => void) | undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc(shell));
        pushLate = () => {
          c.enqueue(enc(tail));
          c.close();
        };
      },
    }).pipeThrough(contentFirstScripts());
    const reader = stream.getReader();
    let early = "";
    while (!early.includes('type="module"')) early += new TextDecoder().decode((await reader.read()).value);
    expect(early).toContain("<main>");
    pushLate!();
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      early += new TextDecoder().decode(value);
    }
    expect(early.endsWith("</html>")).toBe(true);
  });

  it("leaves a document with no module preloads untouched", async () => {
    const doc = "<html><head><title>x</title></head><body><p>no scripts</p></body></html>";
    expect(await run(inChunks(doc, 7))).toBe(doc);
  });
});

import { describe, expect, it } from "vitest";
import { contentFirstWriter, preloadScript } from "./content-first-scripts.server";

/** Pieces decoded as one: a piece may end inside a character. */
const dec = (parts: Uint8Array[]) => new TextDecoder().decode(new Uint8Array(parts.flatMap((p) => [...p])));

/** What the rewrite passes on for a document written in `parts`. */
function run(parts: Uint8Array[], options?: Parameters<typeof contentFirstWriter>[1]): string {
  const out: Uint8Array[] = [];
  const writer = contentFirstWriter((bytes) => out.push(bytes), options);
  for (const p of parts) writer.write(p);
  writer.end();
  return dec(out);
}

const enc = (s: string) => new TextEncoder().encode(s);
const inChunks = (s: string, size: number) => {
  const bytes = enc(s);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.slice(i, i + size));
  return parts;
};

describe("contentFirstWriter", () => {
  const head =
    '<html><head><style>p{}</style><link rel="modulepreload" href="/a.js" nonce="n1"/><link rel="modulepreload" fetchpriority="low" href="/b.js" nonce="n1"/></head>';
  const content = `<body><main><p>Ünïcødé € ${"x".repeat(2000)}</p><img src="/cover.webp"></main>`;
  const bootstrap = '<script nonce="n1" type="module" async="">import "/a.js";</script>';
  const tail = '<div hidden id="S:1"><p>late</p></div><script nonce="n1">$RC("B:1","S:1")</script></body></html>';

  it("takes the module preloads out of the head and asks for them just before the bootstrap", () => {
    const out = run([enc(head + content + bootstrap + tail)]);
    expect(out).toBe(`<html><head><style>p{}</style></head>${content}${preloadScript(["/a.js", "/b.js"], "n1")}${bootstrap}${tail}`);
    // The images of the content come before any request for code.
    expect(out.indexOf("/cover.webp")).toBeLessThan(out.indexOf("modulepreload"));
  });

  it("writes the page's translations just before the bootstrap, and the banner after the document, in any chunking", () => {
    const messages = '<script nonce="n1">window.__pfm={"a":"b"}</script>';
    const banner = '<form class="consent"></form>';
    const want = `<html><head><style>p{}</style></head>${content}${preloadScript(["/a.js", "/b.js"], "n1")}${messages}${bootstrap}${tail}${banner}`;
    for (const size of [7, 64, 100_000])
      expect(run(inChunks(head + content + bootstrap + tail, size), { beforeBootstrap: messages, after: banner })).toBe(want);
    // A head without module preloads: still just before the bootstrap.
    const bare = `<html><head><style>p{}</style></head>${content}`;
    expect(run([enc(bare + bootstrap + tail)], { beforeBootstrap: messages })).toBe(`${bare}${messages}${bootstrap}${tail}`);
    // A document without the router's bootstrap: at its end.
    expect(run([enc(bare + tail)], { beforeBootstrap: messages })).toBe(`${bare}${tail}${messages}`);
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

  it("gives the same bytes however the document is cut into chunks, characters split included", () => {
    const doc = head + content + bootstrap + tail;
    const whole = run([enc(doc)]);
    for (const size of [1, 5, 13, 64, 511, 512, 513, 700, 1031, 4096]) expect(run(inChunks(doc, size))).toBe(whole);
  });

  it("passes on the shell as soon as it is written, without waiting for streamed content", () => {
    const out: Uint8Array[] = [];
    const writer = contentFirstWriter((bytes) => out.push(bytes));
    writer.write(enc(head + content + bootstrap));
    const early = dec(out);
    expect(early).toContain("<main>");
    expect(early.endsWith(bootstrap)).toBe(true);
    writer.write(enc(tail));
    writer.end();
    expect(dec(out).endsWith("</html>")).toBe(true);
  });

  it("leaves a document with no module preloads untouched", () => {
    const doc = "<html><head><title>x</title></head><body><p>no scripts</p></body></html>";
    expect(run(inChunks(doc, 7))).toBe(doc);
  });
});

import { Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { streamDeadline } from "./deferred.server";
import { renderDocument } from "./render-document.server";

const decoder = new TextDecoder();

/** Every chunk of the stream, decoded; `settle` runs once the first chunk has come. */
async function chunks(stream: ReadableStream<Uint8Array>, settle?: () => void): Promise<string[]> {
  const reader = stream.getReader();
  const out: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out.push(decoder.decode(value, { stream: true }));
    if (out.length === 1) settle?.();
  }
  return out;
}

function Late({ value }: { value: Promise<string> }) {
  return <p>{use(value)}</p>;
}

const LONG = `Ünïcødé € ${"x".repeat(5000)}`;

function Page({ late }: { late: Promise<string> }) {
  return (
    <html lang="en">
      <head>
        <link rel="modulepreload" href="/a.js" />
        <title>t</title>
      </head>
      <body>
        <main>
          <p title={LONG}>{LONG}</p>
          <Suspense fallback={<i>wait</i>}>
            <Late value={late} />
          </Suspense>
        </main>
        <script type="module" async>
          {'import "/a.js";'}
        </script>
      </body>
    </html>
  );
}

function Broken(): never {
  throw new Error("broken shell");
}

function deferred() {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("renderDocument", () => {
  it("sends the shell as one chunk, then the streamed section as another, with the rewrite applied", async () => {
    const late = deferred();
    let ended = 0;
    const stream = await renderDocument(<Page late={late.promise} />, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      beforeBootstrap: "<script>window.m=1</script>",
      after: "<form></form>",
      onEnd: () => ended++,
    });
    expect(ended).toBe(0); // the section is still to come
    const parts = await chunks(stream, () => late.resolve("late text"));
    expect(ended).toBe(1);
    expect(parts.length).toBe(2);
    const [shell = "", rest = ""] = parts;
    // React writes strings over 4 KB as they are: they arrive whole, not as bytes lost or mangled.
    expect(shell).toContain(`<p title="${LONG}">${LONG}</p>`);
    expect(shell).not.toContain('modulepreload" href');
    expect(shell).toContain("<i>wait</i>");
    expect(shell.indexOf("window.m=1")).toBeLessThan(shell.indexOf('type="module"'));
    expect(shell).toContain('"/a.js"');
    expect(rest).toContain("late text");
    expect(rest.endsWith("</html><form></form>")).toBe(true);
  });

  it("waits for everything when asked (crawlers): one chunk, the section in place", async () => {
    const late = deferred();
    setTimeout(() => late.resolve("late text"), 5);
    const parts = await chunks(await renderDocument(<Page late={late.promise} />, { waitForAll: true, progressiveChunkSize: Number.POSITIVE_INFINITY }));
    expect(parts.length).toBe(1);
    expect(parts[0]).toContain("<p>late text</p>");
    expect(parts[0]).not.toContain("<i>wait</i>");
  });

  it("ends the document at the signal, leaving a section that never came to the client", async () => {
    const never = new Promise<string>(() => {});
    const errors: unknown[] = [];
    const controller = new AbortController();
    const stream = await renderDocument(<Page late={never} />, { signal: controller.signal, onError: (e) => errors.push(e) });
    setTimeout(() => controller.abort(new Error("stream timeout")), 5);
    const html = (await chunks(stream)).join("");
    expect(html).toContain("<i>wait</i>");
    expect(html.endsWith("</html>")).toBe(true);
    expect(errors.length).toBe(1);
  });

  /** The isolate does nothing for `ms` (a busy machine): timers due meanwhile all come due at once. */
  function stall(ms: number) {
    const until = Date.now() + ms;
    while (Date.now() < until) {}
  }

  it("a stall past the deadline loses no section whose data came meanwhile (the deadline lets React render it)", async () => {
    const late = new Promise<string>((r) => setTimeout(() => r("came"), 20));
    const stream = await renderDocument(<Page late={late} />, { signal: streamDeadline({ late }, 40, 2_000).signal });
    stall(100);
    const html = (await chunks(stream)).join("");
    expect(html).toContain("<p>came</p>");
    expect(html).not.toContain("$RX");
  });

  it("the same stall under a plain timer would lose it: React queues the render behind the due timer", async () => {
    const late = new Promise<string>((r) => setTimeout(() => r("came"), 20));
    const stream = await renderDocument(<Page late={late} />, { signal: AbortSignal.timeout(40), onError: () => {} });
    stall(100);
    const html = (await chunks(stream)).join("");
    expect(html).not.toContain("<p>came</p>");
    expect(html).toContain("$RX");
  });

  it("rejects when the shell itself fails to render", async () => {
    let ended = 0;
    await expect(renderDocument(<Broken />, { onEnd: () => ended++ })).rejects.toThrow("broken shell");
    expect(ended).toBe(1);
  });

  it("ends when the client goes away mid-stream", async () => {
    let ended = 0;
    const stream = await renderDocument(<Page late={new Promise<string>(() => {})} />, { onEnd: () => ended++ });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel(new Error("client gone"));
    expect(ended).toBe(1);
  });
});

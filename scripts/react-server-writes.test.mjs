import { readFileSync } from "node:fs";
import { createRequire, Module } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { patchReactServerWrites } from "./react-server-writes.mjs";

const require = createRequire(import.meta.url);
const file = join(dirname(require.resolve("react-dom/package.json")), "cjs", "react-dom-server.node.production.js");
const source = readFileSync(file, "utf8");
// The production builds of react and react-dom go together (the test runner's NODE_ENV is "test").
const env = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
const React = require("react");

/** React's Node server build from `code`, loaded as the installed file would be. */
function load(code) {
  const m = new Module(file);
  m.filename = file;
  m.paths = Module._nodeModulePaths(dirname(file));
  m._compile(code, file);
  return m.exports;
}

const original = load(source);
const patched = load(patchReactServerWrites(source));
process.env.NODE_ENV = env;
const h = React.createElement;

/** Short and long texts, multi-byte and astral characters, a lone surrogate, a streamed Suspense section. */
function Page({ late }) {
  const rows = Array.from({ length: 400 }, (_, i) =>
    h("li", { key: i, className: `row r${i}`, "data-i": i }, i % 7 ? `Ünïcødé € ${i}` : `𝄞 game ${"x".repeat(i)} \ud800 end`),
  );
  return h(
    "html",
    null,
    h("head", null, h("style", { dangerouslySetInnerHTML: { __html: "p{color:red}".repeat(3000) } })),
    h("body", null, h("ul", null, rows), h(React.Suspense, { fallback: h("p", null, "loading…") }, h(Late, { late })), h("footer", null, "© ünïcødé")),
  );
}
function Late({ late }) {
  return h("p", null, React.use(late));
}

/**
 * The bytes sent before the late section's data arrives (what a player sees first) and all of
 * them. The shell is flushed synchronously when the stream is read, so once a macrotask has
 * passed with a read still waiting, everything the shell will send has been sent.
 */
async function render(server) {
  let resolve;
  const late = new Promise((r) => (resolve = r));
  const stream = await server.renderToReadableStream(h(Page, { late }), { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const reader = stream.getReader();
  const chunks = [];
  let pending = reader.read();
  for (;;) {
    const r = await Promise.race([pending, new Promise((t) => setTimeout(t, 0, null))]);
    if (r === null) break;
    chunks.push(r.value);
    pending = reader.read();
  }
  const shell = Buffer.concat(chunks);
  resolve("late ✓ — done");
  for (let r = await pending; !r.done; r = await reader.read()) chunks.push(r.value);
  return { shell, bytes: Buffer.concat(chunks) };
}

describe("React's Node server build with joined writes (decision 0026)", () => {
  it("applies to the installed React", () => {
    expect(() => patchReactServerWrites(source)).not.toThrow();
  });

  it("writes the same bytes as the unpatched build, a streamed section included", async () => {
    const a = await render(original);
    const b = await render(patched);
    expect(b.bytes.length).toBeGreaterThan(60_000);
    expect(b.shell.toString("utf8")).toContain("loading…");
    expect(b.shell.toString("utf8")).toContain("<footer>© ünïcødé</footer>");
    expect(b.shell.equals(a.shell)).toBe(true);
    expect(b.bytes.toString("utf8")).toContain("late ✓ — done");
    expect(b.bytes.equals(a.bytes)).toBe(true);
  });

  it("refuses a React whose text it no longer recognises", () => {
    expect(() => patchReactServerWrites(source.replace("function completeWriting(destination) {", "function completeWriting(d) {"))).toThrow(
      /completeWriting is not where it was/,
    );
  });
});

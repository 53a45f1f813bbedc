import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";
import { ORIGIN } from "./helpers";

/**
 * A document's translations travel in a script of their own, just before the router's bootstrap,
 * not in the root's data (issue 39, shell/page-messages.server.ts); a client navigation's data
 * still brings them, for the section it enters.
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

async function fetchText(path: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(path, ORIGIN), { headers: { "user-agent": BROWSER } }), env, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text };
}

describe("the page's translations", { timeout: 30_000 }, () => {
  it("a document carries them once, in a script before the bootstrap, and the rendered page uses them", async () => {
    const { status, text } = await fetchText("/es/gamehall");
    expect(status).toBe(200);
    const script = /<script nonce="[^"]+">window\.__pfm=(\{.*?\})<\/script>/.exec(text);
    expect(script).not.toBeNull();
    const messages = JSON.parse(script![1]!) as Record<string, Record<string, string>>;
    // The Spanish lobby's own words, rendered on the server and handed to the browser.
    const heading = messages.lobby?.title;
    expect(heading).toBeTruthy();
    expect(text).toContain(`<h1 class="lobby__title">${heading}</h1>`);
    // Not a second time in the root's data (its encoded keys are escaped strings in the stream's scripts),
    // and before the router's bootstrap module.
    expect(text).toContain('\\"locale\\"');
    expect(text).not.toContain('\\"messages\\"');
    const notFound = messages.errors?.notFound as unknown as { title: string };
    expect(text.split(notFound.title).length).toBe(2);
    expect(script!.index).toBeLessThan(text.indexOf('type="module"'));
    // Nothing in them closes the script.
    expect(script![1]).not.toContain("</");
  });

  it("a client navigation's data brings them in the root's data, in the section it enters", async () => {
    const { status, text } = await fetchText("/es/cashier.data?_routes=root");
    expect(status).toBe(200);
    expect(text).toContain('"messages"');
    expect(text).not.toContain("__pfm");
  });
});

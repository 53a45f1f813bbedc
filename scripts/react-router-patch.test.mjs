// patches/react-router+*.patch (decision 0050): React Router's single-fetch decoder (its vendored
// turbo-stream) returns a `done` promise nobody awaits for a GET. When the router aborts a
// revalidation after the response's first line arrived but before the stream ended (a new
// submission interrupting it), `done` and the decoder's own deferred rejected with the abort and
// surfaced as two unhandled rejections ("signal is aborted without reason") in the player's browser.
import { describe, expect, it } from "vitest";
import { decode } from "../node_modules/react-router/dist/production/vendor/turbo-stream-v2/turbo-stream.js";

/** A data response that sends its first line and is then cut by an abort. */
function cutAfterFirstLine() {
  const aborted = new AbortController();
  let cut;
  const body = new ReadableStream({
    start(c) {
      c.enqueue(new TextEncoder().encode('[{"_1":2},"root",{"ok":1}]\n'));
      cut = () => {
        aborted.abort();
        c.error(aborted.signal.reason);
      };
    },
  });
  return { body, cut: () => cut() };
}

describe("React Router's data decoder (patched)", () => {
  it("a data stream aborted after its first line leaves no unhandled rejection, and `done` still rejects for whoever awaits it", async () => {
    const unhandled = [];
    const onUnhandled = (reason) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const { body, cut } = cutAfterFirstLine();
      const decoded = await decode(body, {});
      expect(decoded.value).toBeTruthy();
      cut();
      // Unhandled rejections are reported after the microtask queue drains: give it a few turns.
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 5));
      expect(unhandled.map((r) => `${r?.name}: ${r?.message}`)).toEqual([]);
      await expect(decoded.done).rejects.toMatchObject({ name: "AbortError" });
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});

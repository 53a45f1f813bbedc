import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "../../app/entry.server";
import { ORIGIN, send } from "./helpers";

// A write to a page that has no action (issue 35): React Router answers it 405 and hands its
// internal error, stack and all, to the logger. Anyone can send such requests at request rate.

const browser = { origin: ORIGIN, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" };

function captureErrors() {
  const errors: unknown[][] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args));
  return errors;
}

afterEach(() => vi.restoreAllMocks());

describe("a write to a page without an action", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE"])("answers %s with a short 405 that names the methods it takes, and logs no error", async (method) => {
    const errors = captureErrors();
    for (const path of ["/about", "/gamehall", "/es/faq", "/no-such-page"]) {
      const res = await send(path, { method, headers: browser, body: new FormData() });
      expect(res.status, path).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      // Not SPEC §2's user-block page, which stands for "any other status".
      expect(await res.text()).toMatch(/^Method Not Allowed/);
    }
    expect(errors).toEqual([]);
  });

  it("still reaches a page's action where it has one", async () => {
    const res = await send("/resources/theme", { method: "POST", headers: browser, body: new URLSearchParams({ theme: "light" }) });
    expect(res.status).not.toBe(405);
  });
});

describe("React Router's error log (entry.server handleError)", () => {
  it("still logs a real error with its stack", () => {
    const errors = captureErrors();
    const failure = new Error("the platform answered nonsense");
    handleError(failure, { request: new Request(`${ORIGIN}/gamehall`), params: {}, context: undefined as never });
    expect(errors).toEqual([[failure]]);
  });

  it("logs nothing for a request the client went away from", () => {
    const errors = captureErrors();
    const gone = new AbortController();
    gone.abort();
    handleError(new Error("aborted render"), { request: new Request(`${ORIGIN}/gamehall`, { signal: gone.signal }), params: {}, context: undefined as never });
    expect(errors).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { ZOD_JITLESS_SCRIPT } from "./zod-jitless.server";

describe("the head's Zod switch", () => {
  it("is where Zod reads its configuration, so the browser never probes eval", async () => {
    new Function(ZOD_JITLESS_SCRIPT)();
    // Imported after the script ran, as in the page: Zod takes the object the head made.
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    const core = await import("zod/v4/core");
    expect(core.util.allowsEval.value).toBe(false);
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });
});

import { describe, expect, it } from "vitest";
import { OneAtATime } from "./one-at-a-time";

describe("OneAtATime", () => {
  it("runs jobs one after another in the order asked, a failed one not stopping the next", async () => {
    const writer = new OneAtATime();
    const log: string[] = [];
    const job =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name} starts`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`${name} ends`);
        if (fail) throw new Error(name);
      };
    const a = writer.run(job("a"));
    const b = writer.run(job("b", true));
    expect(writer.busy).toBe(true);
    const c = writer.run(job("c"));
    await expect(a).resolves.toBeUndefined();
    await expect(b).rejects.toThrow("b");
    await expect(c).resolves.toBeUndefined();
    expect(log).toEqual(["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
    expect(writer.busy).toBe(false);
  });
});

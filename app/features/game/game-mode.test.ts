import { describe, expect, it } from "vitest";
import { formatRtp, resolveMode, studioSrc, SYSNAME } from "./game-mode";

describe("resolveMode", () => {
  it("gives a visitor the demo whatever the query asks", () => {
    expect(resolveMode(null, false, true)).toBe("demo");
    expect(resolveMode("real", false, true)).toBe("demo");
  });
  it("gives a visitor nothing to play when the game has no demo", () => {
    expect(resolveMode("demo", false, false)).toBe("none");
  });
  it("gives a player real play by default and the demo on request when there is one", () => {
    expect(resolveMode(null, true, true)).toBe("real");
    expect(resolveMode("junk", true, true)).toBe("real");
    expect(resolveMode("demo", true, true)).toBe("demo");
    expect(resolveMode("demo", true, false)).toBe("real");
  });
});

describe("helpers", () => {
  it("builds the studio's launch path", () => {
    expect(studioSrc("aurora_phoenix", "demo")).toBe("/platform/game/aurora_phoenix?mode=demo");
  });
  it("shows RTP with two decimals", () => {
    expect(formatRtp(96.2)).toBe("96.20 %");
    expect(formatRtp(94)).toBe("94.00 %");
  });
  it("accepts catalogue sysnames only", () => {
    expect(SYSNAME.test("aurora_phoenix-2")).toBe(true);
    expect(SYSNAME.test("BAD!")).toBe(false);
    expect(SYSNAME.test("a".repeat(65))).toBe(false);
  });
});

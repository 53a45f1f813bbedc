import { describe, expect, it } from "vitest";
import { maskedName } from "./names";

describe("maskedName", () => {
  it("shows the first two and last two characters of the nickname, else of the login without its e-mail domain", () => {
    expect(maskedName("", "player42")).toBe("pl***42");
    expect(maskedName("LuckyLuke", "player42")).toBe("Lu***ke");
    expect(maskedName("", "jane.doe@example.com")).toBe("ja***oe");
    expect(maskedName("  ", "someone@example.com")).not.toContain("@");
  });
  it("keeps short names short and never empty", () => {
    expect(maskedName("", "abc")).toBe("a***c");
    expect(maskedName("", "x")).toBe("x***");
    expect(maskedName("", "")).toBe("****");
  });
});

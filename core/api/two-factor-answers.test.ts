import { describe, expect, it } from "vitest";
import { CODE_DIGITS, CODE_INVALID, CODE_USED, codeRefusal } from "./two-factor-answers";

describe("two-factor refusals", () => {
  it("tells a wrong code, a used one and a malformed one apart, for the app's words", () => {
    expect(codeRefusal(CODE_DIGITS)).toBe("digits");
    expect(codeRefusal(CODE_INVALID)).toBe("invalid");
    expect(codeRefusal(CODE_USED)).toBe("used");
    expect(codeRefusal("Time expired")).toBeNull();
  });
});

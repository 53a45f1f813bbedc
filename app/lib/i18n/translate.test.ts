import { describe, expect, it } from "vitest";
import { createT } from "./translate";

describe("createT", () => {
  const t = createT({ header: { signIn: "Sign in" }, footer: { age: "Adults {{age}}+ only, {{ who }}" } });
  it("looks up nested keys and fills placeholders", () => {
    expect(t("header.signIn")).toBe("Sign in");
    expect(t("footer.age", { age: 18, who: "please" })).toBe("Adults 18+ only, please");
  });
  it("shows the key when the bundle lacks it, and keeps unknown placeholders", () => {
    expect(t("header.nope")).toBe("header.nope");
    expect(t("header")).toBe("header");
    expect(t("footer.age", { age: 21 })).toBe("Adults 21+ only, {{ who }}");
    expect(createT(undefined)("a.b")).toBe("a.b");
  });
});

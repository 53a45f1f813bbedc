import { describe, expect, it } from "vitest";
import { EMPTY_LAYOUT_KINDS, errorAction, errorKind } from "./error-page";

describe("error page rules", () => {
  it("maps status to page", () => {
    expect(errorKind(404)).toBe("notFound");
    expect(errorKind(403)).toBe("forbidden");
    expect(errorKind(503)).toBe("maintenance");
    for (const s of [400, 401, 410, 429, 500, 502]) expect(errorKind(s)).toBe("userBlocked");
  });
  it("offers a way that exists: a retry for maintenance, home for the others (no support page yet)", () => {
    expect(errorAction("maintenance")).toBe("retry");
    for (const kind of ["notFound", "forbidden", "userBlocked"] as const) expect(errorAction(kind)).toBe("home");
  });
  it("uses the empty layout for forbidden and maintenance only", () => {
    expect([...EMPTY_LAYOUT_KINDS].sort()).toEqual(["forbidden", "maintenance"]);
  });
});

import { describe, expect, it, vi } from "vitest";

vi.mock("../../lib/api/browser-call", () => ({ browserCall: vi.fn() }));
const { previewSysname } = await import("./popup-preview");

describe("previewSysname (#popup-preview, SPEC §2)", () => {
  it("reads popup from the hash's own query, else from the page's query", () => {
    expect(previewSysname("", "#popup-preview?popup=black-friday")).toBe("black-friday");
    expect(previewSysname("?popup=welcome", "#popup-preview")).toBe("welcome");
    expect(previewSysname("?popup=welcome", "#popup-preview?popup=other")).toBe("other");
  });

  it("is nothing without the hash, without a name, or with a name that is no sysname", () => {
    expect(previewSysname("?popup=welcome", "")).toBeNull();
    expect(previewSysname("?popup=welcome", "#other")).toBeNull();
    expect(previewSysname("", "#popup-preview")).toBeNull();
    expect(previewSysname("", "#popup-preview?popup=../x")).toBeNull();
    expect(previewSysname("", `#popup-preview?popup=${"x".repeat(65)}`)).toBeNull();
  });
});

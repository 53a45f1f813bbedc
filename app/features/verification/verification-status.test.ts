import { describe, expect, it } from "vitest";
import { hostedPageUrl, isSubmittedMessage, verificationView } from "./verification-status";

const flags = (is_verified = false, is_on_verification = false) => ({ is_verified, is_on_verification });
const attempt = (status: "init" | "pending" | "approved" | "rejected_retry" | "rejected_final", review_comment: string | null = null) => ({
  status,
  review_comment,
});

describe("verificationView", () => {
  it("not started, collecting, under review, verified", () => {
    expect(verificationView(flags(), null)).toEqual({ state: "none", comment: null, canStart: true });
    expect(verificationView(flags(), attempt("init"))).toEqual({ state: "collecting", comment: null, canStart: true });
    expect(verificationView(flags(false, true), attempt("pending"))).toMatchObject({ state: "review", canStart: false });
    expect(verificationView(flags(true), attempt("approved"))).toMatchObject({ state: "verified", canStart: false });
  });

  it("under review while either side says so: submitted without the flag yet, or approved before the webhook", () => {
    expect(verificationView(flags(), attempt("pending")).state).toBe("review");
    expect(verificationView(flags(false, true), null).state).toBe("review");
    expect(verificationView(flags(), attempt("approved")).state).toBe("review");
  });

  it("rejections carry the reviewer's comment; only a 'may retry' one may start again", () => {
    expect(verificationView(flags(), attempt("rejected_retry", "Blurred"))).toEqual({ state: "rejected_retry", comment: "Blurred", canStart: true });
    expect(verificationView(flags(), attempt("rejected_final", "Forged"))).toEqual({ state: "rejected_final", comment: "Forged", canStart: false });
    // The flag of a verified account wins over an older rejected attempt.
    expect(verificationView(flags(true), attempt("rejected_retry", "x"))).toEqual({ state: "verified", comment: null, canStart: false });
  });
});

describe("hostedPageUrl", () => {
  it("takes a site path or an https page, nothing else", () => {
    expect(hostedPageUrl("/platform/demo/verification?token=abc")).toBe("/platform/demo/verification?token=abc");
    expect(hostedPageUrl("https://id.example.com/page?t=1")).toBe("https://id.example.com/page?t=1");
    for (const bad of ["//evil.test/x", "/\\evil.test", "javascript:alert(1)", "http://id.example.com/x", "https://"]) expect(hostedPageUrl(bad)).toBeNull();
  });
});

describe("isSubmittedMessage", () => {
  it("knows the hosted page's submitted message only", () => {
    expect(isSubmittedMessage({ type: "playfront:verification", status: "pending" })).toBe(true);
    for (const other of [null, "x", { type: "playfront:round" }, { type: "playfront:verification", status: "approved" }])
      expect(isSubmittedMessage(other)).toBe(false);
  });
});

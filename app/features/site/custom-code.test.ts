import { describe, expect, it } from "vitest";
import { addNonce } from "./custom-code";

describe("custom code nonce", () => {
  it("gives every script the response nonce so the CSP lets it run", () => {
    expect(addNonce('<div></div><script>a()</script><SCRIPT src="/x.js"></SCRIPT>', "N1")).toBe(
      '<div></div><script nonce="N1">a()</script><script nonce="N1" src="/x.js"></SCRIPT>',
    );
  });
  it("keeps an existing nonce and changes nothing without one", () => {
    expect(addNonce('<script nonce="old">x</script>', "N1")).toBe('<script nonce="old">x</script>');
    expect(addNonce("<script>x</script>", "")).toBe("<script>x</script>");
  });
});

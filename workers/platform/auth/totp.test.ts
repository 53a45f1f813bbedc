import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, matchTotp, otpauthUri, totpAt, totpStep } from "./totp";

// RFC 6238 appendix B: SHA-1 seed "12345678901234567890"; its 8-digit codes end in our 6 digits.
const SEED = base32Encode(new TextEncoder().encode("12345678901234567890"));
const VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(VECTORS)("at T=%i gives the last six digits of %s", async (t, code8) => {
    expect(await totpAt(SEED, totpStep(t * 1000))).toBe(code8.slice(-6));
  });

  it("round-trips base32 (RFC 4648 test vectors)", () => {
    const enc = new TextEncoder();
    expect(base32Encode(enc.encode("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Encode(enc.encode("fooba"))).toBe("MZXW6YTB");
    expect(new TextDecoder().decode(base32Decode("mzxw6ytboi======"))).toBe("foobar");
    expect(() => base32Decode("MZ1")).toThrow();
  });

  it("matches the step of a code within one step either side", async () => {
    const now = 1111111111 * 1000;
    const step = totpStep(now);
    for (const d of [-1, 0, 1]) expect(await matchTotp(SEED, await totpAt(SEED, step + d), now)).toBe(step + d);
    for (const d of [-2, 2]) expect(await matchTotp(SEED, await totpAt(SEED, step + d), now)).toBeNull();
    expect(await matchTotp(SEED, "12345", now)).toBeNull();
  });

  it("writes the otpauth URI authenticator apps read", () => {
    expect(otpauthUri("Playfront Casino", "ann@example.com", "JBSWY3DPEHPK3PXP")).toBe(
      "otpauth://totp/Playfront%20Casino:ann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Playfront%20Casino&algorithm=SHA1&digits=6&period=30",
    );
  });
});

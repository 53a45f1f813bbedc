import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, PBKDF2_ITERATIONS, verifyPassword } from "./passwords";
import { clearedSessionCookie, sessionCookie, sessionCookieName } from "./sessions";

describe("password hashes", () => {
  it("stay at Workers' PBKDF2 cap of 100,000 iterations", () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it("verify the right password only, in the versioned format", async () => {
    const h = await hashPassword("correct horse");
    expect(h).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword("correct horse", h)).toBe(true);
    expect(await verifyPassword("correct horsE", h)).toBe(false);
    expect(needsRehash(h)).toBe(false);
  });

  it("refuse missing, malformed and over-the-cap hashes (still doing the work)", async () => {
    const h = await hashPassword("pw123456");
    for (const bad of [null, undefined, "", "plain", h.replace("pbkdf2-sha256", "md5"), h.replace("$100000$", "$200000$"), `${h}$x`]) {
      expect(await verifyPassword("pw123456", bad)).toBe(false);
    }
    expect(needsRehash(h.replace("$100000$", "$50000$"))).toBe(true);
    expect(needsRehash("bcrypt$whatever")).toBe(true);
  });
});

describe("session cookie", () => {
  it("is pf_session without Secure in local runs", () => {
    expect(sessionCookieName({ APP_ENV: "local" })).toBe("pf_session");
    expect(sessionCookie({ APP_ENV: "local" }, "ab")).toBe("pf_session=ab; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax");
  });

  it.each(["test", "production"] as const)("is __Host-pf_session and Secure when APP_ENV is %s", (APP_ENV) => {
    expect(sessionCookie({ APP_ENV }, "ab")).toBe("__Host-pf_session=ab; Path=/; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax");
    expect(clearedSessionCookie({ APP_ENV })).toBe("__Host-pf_session=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax");
  });
});

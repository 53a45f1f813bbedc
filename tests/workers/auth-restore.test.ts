import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, registerPlayer, uniqueName } from "./auth-helpers";
import { data, failure, get } from "./helpers";

const resets = async (uid: number) =>
  (await env.DB.prepare("SELECT * FROM password_resets WHERE uid = ?1").bind(uid).all<Record<string, number | string | null>>()).results;

describe("auth.restore", () => {
  it("answers 1 for an account, its email and an unknown login alike", async () => {
    const p = await registerPlayer();
    const answers = await Promise.all(
      [{ login: p.login }, { email: p.email }, { login: uniqueName("nobody") }, { email: "nobody@example.com" }].map(async (fields) => {
        const res = await new Browser().post("auth/restore", fields);
        return [res.status, await res.text(), res.headers.getSetCookie()];
      }),
    );
    for (const a of answers) expect(a).toEqual([200, '{"data":1}', []]);
  });

  it("stores one hashed, single-use token per account, valid one hour, replacing older ones", async () => {
    const p = await registerPlayer();
    await data(new Browser().post("auth/restore", { login: p.login }));
    const [first] = await resets(p.uid);
    expect(first!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(first!.expires_at) - Number(first!.created_at)).toBe(60 * 60_000);
    expect(first!.used_at).toBeNull();
    await data(new Browser().post("auth/restore", { email: p.email }));
    const rows = await resets(p.uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(first!.token_hash);
  });

  it("throttles repeated requests for one login the same way whether or not it exists", async () => {
    const p = await registerPlayer();
    const ghost = uniqueName("ghost");
    for (const login of [p.login, ghost]) {
      for (let i = 0; i < 3; i++) expect(await data(new Browser().post("auth/restore", { login }))).toBe(1);
      const e = await failure(new Browser().post("auth/restore", { login }), 429, "TooManyRequestsException");
      expect(e.params?.retry_after).toBeGreaterThan(0);
    }
  });

  it("refuses bad input with 400 and GET with 405", async () => {
    const none = await failure(new Browser().post("auth/restore", {}), 400, "InvalidParameterException");
    expect(Object.keys(none.invalid_parameters ?? {})).toEqual(["login"]);
    const long = await failure(new Browser().post("auth/restore", { email: `${"a".repeat(250)}@x.io` }), 400, "InvalidParameterException");
    expect(Object.keys(long.invalid_parameters ?? {})).toEqual(["email"]);
    await failure(get("auth/restore", { login: "someone" }), 405, "InvalidRequestException");
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { data, failure, get, ORIGIN, send, STACK_TEXT } from "./helpers";

describe("method resolution", () => {
  it.each(["nosuchgroup/get", "metadata/nosuchmethod", "storage", "metadata/get/extra", "nfx/i18n", "nfx/i18n/messages/en/more"])(
    "answers 404 MethodNotFound for /api/%s",
    async (path) => {
      const e = await failure(get(path), 404, "MethodNotFoundException");
      expect(e.message).toMatch(/does not exist/);
    },
  );

  it("answers 404 MethodNotFound for a bare /api/ and for any verb", async () => {
    await failure(send(`${ORIGIN}/api/`), 404, "MethodNotFoundException");
    await failure(send(`${ORIGIN}/api/nosuch/thing`, { method: "POST", headers: { origin: ORIGIN } }), 404, "MethodNotFoundException");
  });

  it("does not echo an unbounded method name back", async () => {
    const e = await failure(get(`nosuch/${"x".repeat(5000)}`), 404, "MethodNotFoundException");
    expect(e.message.length).toBeLessThan(200);
  });

  it("matches group and method names case-insensitively", async () => {
    const expected = await data(get("metadata/getgeneralinfo"));
    expect(await data(get("METADATA/GetGeneralInfo"))).toEqual(expected);
    expect(await data(get("Metadata/getGeneralInfo"))).toEqual(expected);
    expect(await data(get("NFX/I18N/Locales"))).toEqual(await data(get("nfx/i18n/locales")));
    expect(await data(get("nfx/I18n/MESSAGES/es"))).toEqual(await data(get("nfx/i18n/messages/es")));
    expect(await data(get("Storage/GETKEYS"))).toEqual([]);
  });

  it("keeps a path parameter's value as sent: the locale itself is not lower-cased", async () => {
    await failure(get("nfx/i18n/messages/ES"), 400, "InvalidParameterException");
  });

  it("tolerates a trailing slash", async () => {
    expect(await data(get("metadata/get/"))).toEqual(await data(get("metadata/get")));
  });
});

describe("envelopes", () => {
  it("wraps success as exactly {data}, JSON, not cached", async () => {
    const res = await get("account/getInfo");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json<Record<string, unknown>>();
    expect(Object.keys(body)).toEqual(["data"]);
  });

  it("wraps failure as exactly {error: {type, message, …}}, JSON, not cached", async () => {
    const res = await get("banners/get", { count: 0 });
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json<{ error: Record<string, unknown> }>();
    expect(Object.keys(body)).toEqual(["error"]);
    expect(Object.keys(body.error).sort()).toEqual(["error_data", "invalid_parameters", "message", "type"]);
    expect(body.error.type).toBe("InvalidParameterException");
  });

  it("accepts the transport parameters v and _non_strict on any method", async () => {
    expect((await data(get("account/getInfo", { v: "42", _non_strict: "1" }))).uid).toBe(0);
  });

  it("answers HEAD on a read method without a body", async () => {
    const res = await send(`${ORIGIN}/api/metadata/get`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("turns an unexpected failure into a 500 InternalServerError without internals", async () => {
    await env.DB.prepare("ALTER TABLE banners RENAME TO banners_away").run();
    try {
      const res = await get("banners/get");
      const text = await res.clone().text();
      const e = await failure(res, 500, "InternalServerErrorException");
      expect(e.message).toBe("Something went wrong on our side. Please try again.");
      expect(text).not.toMatch(/banners|no such table|D1|SQL/i);
      expect(text).not.toMatch(STACK_TEXT);
    } finally {
      await env.DB.prepare("ALTER TABLE banners_away RENAME TO banners").run();
    }
    expect((await data(get("banners/get"))).items).toBeDefined();
  });
});

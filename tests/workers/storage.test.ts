import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { apiUrl, data, failure, get, ORIGIN, post, send, setCookie } from "./helpers";

/** A new visitor: the pf_vid cookie the platform hands out on the first storage call. */
async function newVisitor(): Promise<string> {
  const res = await get("storage/getKeys");
  const vid = setCookie(res, "pf_vid");
  expect(vid, "a first storage call sets pf_vid").toBeDefined();
  expect(await data(res)).toEqual([]);
  return `pf_vid=${vid!.value}`;
}

describe("visitor identity", () => {
  it("gives a first-time visitor a pf_vid cookie: 32 hex digits, HttpOnly, a year long", async () => {
    const res = await get("storage/get", { key: "theme" });
    expect(await data(res)).toBeNull();
    const vid = setCookie(res, "pf_vid")!;
    expect(vid.value).toMatch(/^[0-9a-f]{32}$/);
    expect(vid.attributes).toMatch(/HttpOnly/i);
    expect(vid.attributes).toMatch(/Path=\//i);
    expect(vid.attributes).toMatch(/Max-Age=31536000|Expires=/i);
  });

  it("reuses the pf_vid the browser sends back instead of issuing another", async () => {
    const cookie = await newVisitor();
    const res = await post("storage/set", { key: "theme", value: "light" }, { cookie });
    expect(await data(res)).toBe(true);
    expect(setCookie(res, "pf_vid")).toBeUndefined();
    const again = await get("storage/get", { key: "theme" }, { cookie });
    expect(setCookie(again, "pf_vid")).toBeUndefined();
    expect(await data(again)).toBe("light");
  });

  it("replaces a malformed pf_vid with a fresh one", async () => {
    const res = await get("storage/getKeys", {}, { cookie: "pf_vid=not-a-visitor-id" });
    expect(await data(res)).toEqual([]);
    expect(setCookie(res, "pf_vid")?.value).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps one visitor's values from another", async () => {
    const alice = await newVisitor();
    const bob = await newVisitor();
    expect(alice).not.toBe(bob);
    await data(post("storage/set", { key: "secret", value: "alice's" }, { cookie: alice }));
    expect(await data(get("storage/get", { key: "secret" }, { cookie: bob }))).toBeNull();
    expect(await data(get("storage/getKeys", {}, { cookie: bob }))).toEqual([]);
    expect(await data(get("storage/get", { key: "secret" }, { cookie: alice }))).toBe("alice's");
  });
});

describe("storage.set, storage.get and storage.getKeys", () => {
  it("stores a value, reads it back, overwrites it and lists keys in order", async () => {
    const cookie = await newVisitor();
    expect(await data(post("storage/set", { key: "b.last:seen-1", value: "x" }, { cookie }))).toBe(true);
    expect(await data(post("storage/set", { key: "a_first", value: '{"json":"kept as text"}' }, { cookie }))).toBe(true);
    expect(await data(get("storage/get", { key: "a_first" }, { cookie }))).toBe('{"json":"kept as text"}');
    await data(post("storage/set", { key: "a_first", value: "ünïcödé ✓" }, { cookie }));
    expect(await data(get("storage/get", { key: "a_first" }, { cookie }))).toBe("ünïcödé ✓");
    expect(await data(get("storage/getKeys", {}, { cookie }))).toEqual(["a_first", "b.last:seen-1"]);
  });

  it("deletes a key when set to an empty value", async () => {
    const cookie = await newVisitor();
    await data(post("storage/set", { key: "gone", value: "soon" }, { cookie }));
    expect(await data(post("storage/set", { key: "gone", value: "" }, { cookie }))).toBe(true);
    expect(await data(get("storage/get", { key: "gone" }, { cookie }))).toBeNull();
    expect(await data(get("storage/getKeys", {}, { cookie }))).toEqual([]);
    // Deleting a key that is not there is fine too.
    expect(await data(post("storage/set", { key: "never", value: "" }, { cookie }))).toBe(true);
  });

  it("accepts a urlencoded form body as well as multipart", async () => {
    const cookie = await newVisitor();
    const res = await send(apiUrl("storage/set"), {
      method: "POST",
      headers: { origin: ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ key: "k", value: "v w" }),
    });
    expect(await data(res)).toBe(true);
    expect(await data(get("storage/get", { key: "k" }, { cookie }))).toBe("v w");
  });

  it("accepts a value of exactly 4096 characters and refuses 4097 with 400", async () => {
    const cookie = await newVisitor();
    expect(await data(post("storage/set", { key: "big", value: "v".repeat(4096) }, { cookie }))).toBe(true);
    expect((await data<string>(get("storage/get", { key: "big" }, { cookie }))).length).toBe(4096);
    const e = await failure(post("storage/set", { key: "big", value: "v".repeat(4097) }, { cookie }), 400, "InvalidParameterException");
    expect(e.invalid_parameters).toEqual({ value: ["value must be at most 4096 characters"] });
    expect((await data<string>(get("storage/get", { key: "big" }, { cookie }))).length).toBe(4096);
  });

  it.each([
    ["", /required/],
    ["k".repeat(65), /at most 64/],
    ["with space", /letters, digits/],
    ["slash/key", /letters, digits/],
    ["ключ", /letters, digits/],
  ])("refuses the key %j with 400 on every method", async (key, message) => {
    const cookie = await newVisitor();
    const onSet = await failure(post("storage/set", { key, value: "v" }, { cookie }), 400, "InvalidParameterException");
    expect(onSet.invalid_parameters?.key?.[0]).toMatch(message);
    const onGet = await failure(get("storage/get", { key }, { cookie }), 400, "InvalidParameterException");
    expect(onGet.invalid_parameters?.key?.[0]).toMatch(message);
    expect(await data(get("storage/getKeys", {}, { cookie }))).toEqual([]);
  });

  it("refuses calls without the required parameters", async () => {
    const get1 = await failure(get("storage/get"), 400, "InvalidParameterException");
    expect(Object.keys(get1.invalid_parameters ?? {})).toEqual(["key"]);
    const set1 = await failure(post("storage/set", {}), 400, "InvalidParameterException");
    expect(Object.keys(set1.invalid_parameters ?? {}).sort()).toEqual(["key", "value"]);
  });

  it("accepts a 64-character key", async () => {
    const cookie = await newVisitor();
    const key = "k".repeat(64);
    await data(post("storage/set", { key, value: "ok" }, { cookie }));
    expect(await data(get("storage/get", { key }, { cookie }))).toBe("ok");
  });
});

describe("storage quota", () => {
  it("holds 100 keys and answers 413 StorageQuotaExceeded for the 101st", async () => {
    const cookie = await newVisitor();
    const subject = `v:${cookie.slice("pf_vid=".length)}`;
    // 99 keys straight into D1, the 100th through the API.
    const insert = env.DB.prepare("INSERT INTO storage (subject, key, value, updated_at) VALUES (?1, ?2, 'x', 0)");
    await env.DB.batch(Array.from({ length: 99 }, (_, i) => insert.bind(subject, `key${String(i).padStart(3, "0")}`)));
    expect(await data(post("storage/set", { key: "key099", value: "x" }, { cookie }))).toBe(true);
    expect(await data<string[]>(get("storage/getKeys", {}, { cookie }))).toHaveLength(100);

    const e = await failure(post("storage/set", { key: "one-too-many", value: "x" }, { cookie }), 413, "StorageQuotaExceededException");
    expect(e.params).toEqual({ limit: 100, size_limit: 65_536 });
    expect(await data(get("storage/get", { key: "one-too-many" }, { cookie }))).toBeNull();

    // A full store still takes updates of existing keys, and room made by a delete.
    expect(await data(post("storage/set", { key: "key000", value: "updated" }, { cookie }))).toBe(true);
    expect(await data(get("storage/get", { key: "key000" }, { cookie }))).toBe("updated");
    await data(post("storage/set", { key: "key001", value: "" }, { cookie }));
    expect(await data(post("storage/set", { key: "one-too-many", value: "now fits" }, { cookie }))).toBe(true);
  });

  it("holds 65,536 characters of values in all: a value that would pass them is refused, a smaller one fits", async () => {
    const cookie = await newVisitor();
    const big = "v".repeat(4096);
    // 15 full values (61,440 characters) and one of 4,000 leave 96 characters of room.
    for (let i = 0; i < 15; i++) expect(await data(post("storage/set", { key: `big${i}`, value: big }, { cookie }))).toBe(true);
    expect(await data(post("storage/set", { key: "last", value: "v".repeat(4000) }, { cookie }))).toBe(true);
    const e = await failure(post("storage/set", { key: "more", value: "v".repeat(97) }, { cookie }), 413, "StorageQuotaExceededException");
    expect(e.message).toMatch(/65536 characters/);
    expect(await data(get("storage/get", { key: "more" }, { cookie }))).toBeNull();
    expect(await data(post("storage/set", { key: "more", value: "v".repeat(96) }, { cookie }))).toBe(true);
    // Replacing a value counts its new size, not both.
    expect(await data(post("storage/set", { key: "big0", value: "short" }, { cookie }))).toBe(true);
    expect(await data(post("storage/set", { key: "big1", value: big }, { cookie }))).toBe(true);
  });

  it("counts the quota per visitor", async () => {
    const full = await newVisitor();
    const subject = `v:${full.slice("pf_vid=".length)}`;
    const insert = env.DB.prepare("INSERT INTO storage (subject, key, value, updated_at) VALUES (?1, ?2, 'x', 0)");
    await env.DB.batch(Array.from({ length: 100 }, (_, i) => insert.bind(subject, `k${i}`)));
    await failure(post("storage/set", { key: "more", value: "x" }, { cookie: full }), 413, "StorageQuotaExceededException");
    const other = await newVisitor();
    expect(await data(post("storage/set", { key: "more", value: "x" }, { cookie: other }))).toBe(true);
  });
});

describe("storage transport rules", () => {
  it("answers 405 InvalidRequest to GET on storage.set, and stores nothing", async () => {
    const cookie = await newVisitor();
    const e = await failure(get("storage/set", { key: "k", value: "v" }, { cookie }), 405, "InvalidRequestException");
    expect(e.message).toMatch(/POST only/);
    expect(await data(get("storage/getKeys", {}, { cookie }))).toEqual([]);
  });

  it("answers 405 to POST on storage.get and storage.getKeys", async () => {
    await failure(post("storage/get", { key: "k" }), 405, "InvalidRequestException");
    await failure(post("storage/getKeys"), 405, "InvalidRequestException");
  });

  it("answers 415 to a JSON body", async () => {
    const cookie = await newVisitor();
    const res = send(apiUrl("storage/set"), {
      method: "POST",
      headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
      body: JSON.stringify({ key: "k", value: "v" }),
    });
    const e = await failure(res, 415, "InvalidRequestException");
    expect(e.message).toMatch(/multipart\/form-data/);
    expect(await data(get("storage/getKeys", {}, { cookie }))).toEqual([]);
  });

  it("answers 400 to a multipart body that cannot be parsed", async () => {
    const res = send(apiUrl("storage/set"), {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "multipart/form-data; boundary=nope" },
      body: "this is not multipart",
    });
    await failure(res, 400, "InvalidRequestException");
  });

  it("refuses a file where text is expected", async () => {
    const body = new FormData();
    body.append("key", "avatar");
    body.append("value", new File(["binary"], "a.bin"));
    const e = await failure(send(apiUrl("storage/set"), { method: "POST", body, headers: { origin: ORIGIN } }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["value"]);
  });
});

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import seedPopups from "../../migrations/seed/popups.json";
import { data, failure, get, post } from "./helpers";

const seededFor = (locale: string) => seedPopups.filter((p) => p.locale === locale);

beforeAll(async () => {
  // A second English popup, a Spanish one and a switched-off one, beside the seed.
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO popups (id, locale, sysname, title, content, is_active) VALUES
       (901, 'en', 'test-deposit', 'Deposit offer', '<p>Deposit</p>', 1),
       (902, 'es', 'test-bienvenida', 'Bienvenido', '<p>Hola</p>', 1),
       (903, 'en', 'test-retired', 'Retired', '<p>Old</p>', 0)`,
    ),
  ]);
});

describe("GET /api/popups/get", () => {
  it("lists the active popups of the default locale as {items, count}", async () => {
    const list = await data(get("popups/get"));
    const sysnames = list.items.map((p: { sysname: string }) => p.sysname);
    expect(sysnames).toEqual([...seededFor("en").map((p) => p.sysname), "test-deposit"]);
    expect(list.count).toBe(list.items.length);
    expect(sysnames).not.toContain("test-retired");
    for (const p of list.items) {
      expect(Object.keys(p).sort()).toEqual(["buttonLink", "buttonTitle", "content", "id", "image", "sysname", "title"]);
    }
  });

  it("answers the seeded welcome popup with its content", async () => {
    const seeded = seededFor("en")[0]!;
    const list = await data(get("popups/get", { sysname: seeded.sysname }));
    expect(list.count).toBe(1);
    expect(list.items[0]).toMatchObject({
      sysname: seeded.sysname,
      title: seeded.title,
      content: seeded.content,
      buttonTitle: seeded.buttonTitle,
      buttonLink: seeded.buttonLink,
    });
  });

  it("filters by sysname, and an unknown sysname is an empty list", async () => {
    expect((await data(get("popups/get", { sysname: "test-deposit" }))).items.map((p: { id: number }) => p.id)).toEqual([901]);
    expect(await data(get("popups/get", { sysname: "no-such-popup" }))).toEqual({ items: [], count: 0 });
    expect(await data(get("popups/get", { sysname: "test-retired" }))).toEqual({ items: [], count: 0 });
  });

  it("answers the popups of the request locale", async () => {
    const es = await data(get("popups/get", { locale: "es" }));
    expect(es.items.map((p: { sysname: string }) => p.sysname)).toEqual([...seededFor("es").map((p) => p.sysname), "test-bienvenida"]);
    // A popup of another locale is not found by sysname either.
    expect((await data(get("popups/get", { locale: "es", sysname: "test-deposit" }))).count).toBe(0);
  });

  it("refuses a sysname longer than 64 characters", async () => {
    const e = await failure(get("popups/get", { sysname: "x".repeat(65) }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["sysname"]);
  });

  it("refuses POST with 405", async () => {
    await failure(post("popups/get"), 405, "InvalidRequestException");
  });
});

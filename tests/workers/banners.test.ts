import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import seedBanners from "../../migrations/seed/banners.json";
import { data, failure, get, post } from "./helpers";

const display = JSON.stringify({
  label: "L",
  value: "V",
  addition: "A",
  banner_type: "compact",
  image: "/i.svg",
  image_mobile: "/m.svg",
});
const now = () => Math.floor(Date.now() / 1000);
/** Seeded banners still running, in a locale (seeded banners have no start date). */
const seeded = (locale: string) =>
  (seedBanners as ((typeof seedBanners)[number] & { finished_at?: number | null })[]).filter(
    (b) => b.locale === locale && (b.finished_at == null || b.finished_at > now()),
  );
const seededEn = seeded("en");
const seededEs = seeded("es");
/** English banners this file adds in the "strip" position, after the seeded ones. */
const STRIP = 12;

beforeAll(async () => {
  const insert = env.DB.prepare(
    `INSERT INTO banners (id, locale, position, title, display, sort, starts_at, finished_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
  );
  await env.DB.batch([
    ...Array.from({ length: STRIP }, (_, i) => insert.bind(1000 + i, "en", "strip", `Strip ${"ABCDEFGHIJKL"[i]}`, display, 1000 + i, null, null)),
    insert.bind(2000, "es", "home", "Bono de bienvenida", display, 0, null, now() + 86_400),
    insert.bind(2001, "en", "strip", "Expired", display, 5000, null, now() - 60),
    insert.bind(2002, "en", "strip", "Not yet", display, 5001, now() + 3600, null),
  ]);
});

const ids = (list: { items: { id: number }[] }) => list.items.map((b) => b.id);

describe("GET /api/banners/get", () => {
  it("answers 10 active banners of the default locale by default, with the total count", async () => {
    const list = await data(get("banners/get"));
    expect(list.items).toHaveLength(10);
    expect(list.count).toBe(seededEn.length + STRIP);
    expect(list.items.slice(0, seededEn.length).map((b: { description: { title: string } }) => b.description.title)).toEqual(seededEn.map((b) => b.title));
  });

  it("answers banners in the wire shape: description and display", async () => {
    const [first] = (await data(get("banners/get", { count: 1 }))).items;
    const banner = seededEn[0]!;
    expect(first).toEqual({
      id: expect.any(Number),
      finished_at: banner.finished_at ?? null,
      description: {
        position: banner.position,
        title: banner.title,
        subtitle: banner.subtitle,
        buttonTitle: banner.buttonTitle,
        link: banner.link,
        content: "",
      },
      // Its numbers filled from what it claims (decision 0084): the welcome bonus and the registration's spins.
      display: { ...banner.display, value: "100% up to $500", addition: "+ 20 free spins" },
      // And the significant terms of what it advertises, for beside its button (decision 0086).
      terms: expect.objectContaining({ wager_multiplier: 10, wagering_days: 30 }),
    });
  });

  it("answers only the parts `fields` names (id, finished_at and terms always); blanks and repeats are ignored", async () => {
    const [full] = (await data(get("banners/get", { count: 1 }))).items;
    expect((await data(get("banners/get", { count: 1, fields: "description" }))).items).toEqual([
      { id: full.id, finished_at: full.finished_at, terms: full.terms, description: full.description },
    ]);
    expect((await data(get("banners/get", { count: 1, fields: " display , display," }))).items).toEqual([
      { id: full.id, finished_at: full.finished_at, terms: full.terms, display: full.display },
    ]);
    expect((await data(get("banners/get", { count: 1, fields: "display,description" }))).items).toEqual([full]);
    expect((await data(get("banners/get", { count: 1, fields: "" }))).items).toEqual([full]);
  });

  it("pages with offset and count over the same ordering", async () => {
    const all = ids(await data(get("banners/get", { count: 100 })));
    expect(all).toHaveLength(seededEn.length + STRIP);
    expect(ids(await data(get("banners/get", { offset: 2, count: 3 })))).toEqual(all.slice(2, 5));
    const rest = await data(get("banners/get", { offset: 10 }));
    expect(ids(rest)).toEqual(all.slice(10));
    expect(rest.count).toBe(all.length);
    expect(await data(get("banners/get", { offset: 500 }))).toEqual({ items: [], count: all.length });
  });

  it("leaves out expired banners and banners not started yet", async () => {
    const all = ids(await data(get("banners/get", { count: 100 })));
    expect(all).not.toContain(2001);
    expect(all).not.toContain(2002);
  });

  it("filters by position", async () => {
    const strip = await data(get("banners/get", { position: "strip", count: 100 }));
    expect(strip.count).toBe(STRIP);
    expect(strip.items.every((b: { description: { position: string } }) => b.description.position === "strip")).toBe(true);
    const home = await data(get("banners/get", { position: "home" }));
    expect(home.count).toBe(seededEn.filter((b) => b.position === "home").length);
    expect(await data(get("banners/get", { position: "nowhere" }))).toEqual({ items: [], count: 0 });
  });

  it("answers the banners of the locale asked with ?locale=", async () => {
    const es = await data(get("banners/get", { locale: "es" }));
    expect(es.count).toBe(seededEs.length + 1);
    expect(ids(es)).toContain(2000);
    expect(es.items.find((b: { id: number }) => b.id === 2000)).toMatchObject({
      finished_at: expect.any(Number),
      description: { title: "Bono de bienvenida" },
    });
  });

  it("takes the locale from the locale cookie, and an unknown locale falls back to the default", async () => {
    expect(ids(await data(get("banners/get", {}, { cookie: "locale=es" })))).toContain(2000);
    const unknown = await data(get("banners/get", { locale: "xx" }));
    expect(unknown.count).toBe(seededEn.length + STRIP);
  });

  it.each([
    [{ offset: -1 }, "offset", /0 or more/],
    [{ offset: "abc" }, "offset", /.+/],
    [{ offset: 1.5 }, "offset", /integer/],
    [{ count: 0 }, "count", /at least 1/],
    [{ count: 1000 }, "count", /at most 100/],
    [{ count: 101 }, "count", /at most 100/],
    [{ count: "ten" }, "count", /.+/],
    [{ position: "p".repeat(41) }, "position", /.+/],
    [{ fields: "f".repeat(501) }, "fields", /.+/],
    [{ fields: "description,images" }, "fields", /description, display \(not images\)/],
  ])("refuses %j with 400 on that field", async (query, field, message) => {
    const e = await failure(get("banners/get", query), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual([field]);
    expect(e.invalid_parameters![field]![0]).toMatch(message);
    expect(e.message).toContain(field);
  });

  it("accepts the bounds: count 1 and 100, offset 0", async () => {
    expect((await data(get("banners/get", { count: 1, offset: 0 }))).items).toHaveLength(1);
    expect((await data(get("banners/get", { count: 100 }))).items).toHaveLength(seededEn.length + STRIP);
  });

  it("refuses POST with 405", async () => {
    await failure(post("banners/get", { count: 1 }), 405, "InvalidRequestException");
  });

  it("answers the promotions with their detail text, in the request locale", async () => {
    const en = await data(get("banners/get", { position: "promotions" }));
    expect(en.items.map((b: any) => b.description.title)).toEqual(["Weekend reload", "Weekly cashback"]);
    expect(en.items[0].description.content).toContain("50% bonus up to $200");
    const ar = await data(get("banners/get", { position: "promotions", locale: "ar" }));
    expect(ar.items[0].description.title).toBe("شحن نهاية الأسبوع");
  });

  it("the sidebar banner is one of its own position", async () => {
    const side = await data(get("banners/get", { position: "sidebar", locale: "es" }));
    expect(side.items.map((b: any) => [b.description.title, b.description.buttonTitle])).toEqual([["Recarga de fin de semana", "Reclamar la recarga"]]);
  });

  it("a banner shows from its start until its finish, and says when it finishes", async () => {
    const start = now() + 2;
    await env.DB.prepare(`INSERT INTO banners (id, locale, position, title, display, starts_at, finished_at) VALUES (2100, 'en', 'boxed', 'Boxed', ?1, ?2, ?3)`)
      .bind(display, now() - 5, start)
      .run();
    const during = await data(get("banners/get", { position: "boxed" }));
    expect(during.items).toEqual([expect.objectContaining({ id: 2100, finished_at: start })]);
    await env.DB.prepare("UPDATE banners SET finished_at = ?1 WHERE id = 2100").bind(now()).run();
    expect(await data(get("banners/get", { position: "boxed" }))).toEqual({ items: [], count: 0 });
  });
});

describe("the configured image key", () => {
  it("display.image is the image under the operator's key; a banner without it keeps its own", async () => {
    await env.DB.prepare(`INSERT INTO banners (id, locale, position, title, display) VALUES (2200, 'en', 'keyed', 'No mobile', ?1)`)
      .bind(JSON.stringify({ label: "", value: "", addition: "", banner_type: "normal", image: "/only.svg", image_mobile: "" }))
      .run();
    await env.DB.prepare(`INSERT INTO banners (id, locale, position, title, display, sort) VALUES (2201, 'en', 'keyed', 'Mobile', ?1, 1)`).bind(display).run();
    const images = async () => (await data(get("banners/get", { position: "keyed" }))).items.map((b: any) => b.display.image);
    expect(await images()).toEqual(["/only.svg", "/i.svg"]);
    await env.DB.prepare(`UPDATE settings SET value = '{"image_key":"image_mobile"}' WHERE key = 'content_images'`).run();
    try {
      expect(await images()).toEqual(["/only.svg", "/m.svg"]);
    } finally {
      await env.DB.prepare(`UPDATE settings SET value = '{"image_key":"image"}' WHERE key = 'content_images'`).run();
    }
  });
});

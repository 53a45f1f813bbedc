import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import seedPopups from "../../migrations/seed/popups.json";
import { Browser, registerPlayer } from "./auth-helpers";
import { data, failure, get, post } from "./helpers";

const seededFor = (locale: string) =>
  (seedPopups as ((typeof seedPopups)[number] & { audienceEvent?: string; isActive?: boolean })[]).filter((p) => p.locale === locale && p.isActive !== false);

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
    // The seeded weekend reload has an audience event: a visitor does not get it unnamed.
    expect(sysnames).toEqual([
      ...seededFor("en")
        .filter((p) => !p.audienceEvent)
        .map((p) => p.sysname),
      "test-deposit",
    ]);
    expect(list.count).toBe(list.items.length);
    expect(sysnames).not.toContain("test-retired");
    for (const p of list.items) {
      expect(Object.keys(p).sort()).toEqual(["audience_event", "buttonLink", "buttonTitle", "content", "id", "image", "sysname", "terms", "title"]);
    }
  });

  it("answers the seeded welcome popup with its content", async () => {
    const seeded = seededFor("en")[0]!;
    const list = await data(get("popups/get", { sysname: seeded.sysname }));
    expect(list.count).toBe(1);
    expect(list.items[0]).toMatchObject({
      sysname: seeded.sysname,
      title: seeded.title,
      // Its numbers filled from what it claims (decision 0084): the first deposit's bonus and the registration's spins.
      content: seeded.content
        .replace("{{bonus.percent}}", "100")
        .replace("{{bonus.cap}}", "$500")
        .replace("{{spins.count}}", "20")
        .replace("{{bonus.min_deposit}}", "$20")
        .replace("{{bonus.wager}}", "10")
        .replace("{{bonus.days}}", "30"),
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
    expect(es.items.map((p: { sysname: string }) => p.sysname)).toEqual([
      ...seededFor("es")
        .filter((p) => !p.audienceEvent)
        .map((p) => p.sysname),
      "test-bienvenida",
    ]);
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

  it("preview=1 answers a switched-off popup by sysname; without it, or unnamed, it stays hidden", async () => {
    expect((await data(get("popups/get", { sysname: "test-retired", preview: 1 }))).items).toEqual([
      expect.objectContaining({ id: 903, title: "Retired", content: "<p>Old</p>" }),
    ]);
    expect((await data(get("popups/get", { sysname: "test-retired", preview: "true" }))).count).toBe(1);
    expect((await data(get("popups/get", { sysname: "test-retired", preview: 0 }))).count).toBe(0);
    // The seeded Flash Friday popup is switched off: only its preview shows it, in the request locale.
    expect((await data(get("popups/get", { sysname: "black-friday" }))).count).toBe(0);
    expect((await data(get("popups/get", { sysname: "black-friday", preview: 1, locale: "pt" }))).items[0].title).toBe("Prévia da Flash Friday");
    const unnamed = (await data(get("popups/get", { preview: 1 }))).items.map((p: { sysname: string }) => p.sysname);
    expect(unnamed).not.toContain("test-retired");
  });

  it("refuses a preview flag other than 1 or 0", async () => {
    const e = await failure(get("popups/get", { sysname: "welcome", preview: "yes" }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["preview"]);
  });
});

describe("campaign popups with an audience event", () => {
  const unnamed = async (p: { browser: { get: (path: string, q?: Record<string, string>) => Promise<Response> } }, locale = "en") =>
    (await data(p.browser.get("popups/get", { locale }))).items.map((x: { sysname: string }) => x.sysname);

  it("a player gets the weekend reload after signing in, until closing it, and again after the next sign-in", async () => {
    const p = await registerPlayer();
    // Registration is not a sign-in: its own queue has the welcome popup.
    expect(await unnamed(p)).not.toContain("weekend-reload");
    await data(p.browser.post("auth/login", { login: p.login, password: p.password }));
    const list = await data(p.browser.get("popups/get"));
    expect(list.items.find((x: { sysname: string }) => x.sysname === "weekend-reload")).toMatchObject({
      title: "Weekend reload",
      audience_event: "login",
    });
    await data(p.browser.post("events/handle", { event_name: "popup_closed", event_params: JSON.stringify({ sysname: "weekend-reload" }) }));
    expect(await unnamed(p)).not.toContain("weekend-reload");
    // A refused sign-in records nothing.
    await failure(new Browser().post("auth/login", { login: p.login, password: "wrong-password" }), 401, "AuthorizationException");
    expect(await unnamed(p)).not.toContain("weekend-reload");
    await data(new Browser().post("auth/login", { login: p.login, password: p.password }));
    expect(await unnamed(p)).toContain("weekend-reload");
    // Closing another popup does not count; in Spanish it is the Spanish one.
    await data(p.browser.post("events/handle", { event_name: "popup_closed", event_params: JSON.stringify({ sysname: "welcome" }) }));
    expect(await unnamed(p, "es")).toContain("weekend-reload");
    expect((await data(p.browser.get("popups/get", { locale: "es" }))).items.find((x: { sysname: string }) => x.sysname === "weekend-reload").title).toBe(
      "Recarga de fin de semana",
    );
  });

  it("another player's event does not make it due, and a visitor never gets it unnamed", async () => {
    const a = await registerPlayer();
    const b = await registerPlayer();
    await data(a.browser.post("auth/login", { login: a.login, password: a.password }));
    expect(await unnamed(b)).not.toContain("weekend-reload");
    expect((await data(get("popups/get"))).items.map((x: { sysname: string }) => x.sysname)).not.toContain("weekend-reload");
  });
});

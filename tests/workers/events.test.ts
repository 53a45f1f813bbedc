import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EVENTS_PER_MINUTE } from "../../core/api/contract-events";
import { Browser, registerPlayer, uid } from "./auth-helpers";
import { data, failure, get } from "./helpers";

/** events.handle (decision 0045): validated, rate-limited, recorded for campaigns. */

const recorded = async (subject: string) =>
  (
    await env.DB.prepare("SELECT event_name, params FROM player_events WHERE subject = ?1 ORDER BY id")
      .bind(subject)
      .all<{ event_name: string; params: string }>()
  ).results;

describe("POST /api/events/handle", () => {
  it("records a player's event with its params", async () => {
    const p = await registerPlayer();
    expect(
      await data(p.browser.post("events/handle", { event_name: "promotions.viewed", event_params: JSON.stringify({ id: 7, from: "home", ok: true }) })),
    ).toBe(true);
    expect(await recorded(`u:${await uid(p.browser)}`)).toEqual([{ event_name: "promotions.viewed", params: '{"id":7,"from":"home","ok":true}' }]);
  });

  it("records a visitor's event too, without params as {}", async () => {
    const b = new Browser();
    expect(await data(b.post("events/handle", { event_name: "landing_seen" }))).toBe(true);
    const row = await env.DB.prepare("SELECT subject, params FROM player_events WHERE event_name = 'landing_seen' ORDER BY id DESC").first<{
      subject: string;
      params: string;
    }>();
    expect(row).toMatchObject({ subject: expect.stringMatching(/^v:/), params: "{}" });
  });

  it.each([
    [{}, "event_name"],
    [{ event_name: "" }, "event_name"],
    [{ event_name: "Bad Name" }, "event_name"],
    [{ event_name: "x".repeat(65) }, "event_name"],
    [{ event_name: "ok", event_params: "not json" }, "event_params"],
    [{ event_name: "ok", event_params: "[1,2]" }, "event_params"],
    [{ event_name: "ok", event_params: '{"nested":{"a":1}}' }, "event_params"],
    [{ event_name: "ok", event_params: JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]))) }, "event_params"],
    [{ event_name: "ok", event_params: JSON.stringify({ a: "x".repeat(2000) }) }, "event_params"],
  ])("refuses %j with 400 on that field, recording nothing", async (fields, field) => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("events/handle", fields), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual([field]);
    expect(await recorded(`u:${await uid(p.browser)}`)).toEqual([]);
  });

  it(`refuses the event after ${EVENTS_PER_MINUTE} in a minute with 429, for that player only`, async () => {
    const p = await registerPlayer();
    for (let i = 0; i < EVENTS_PER_MINUTE; i++) await data(p.browser.post("events/handle", { event_name: "tick" }));
    const e = await failure(p.browser.post("events/handle", { event_name: "tick" }), 429, "TooManyRequestsException");
    expect(e.params).toEqual({ retry_after: 60 });
    expect(await recorded(`u:${await uid(p.browser)}`)).toHaveLength(EVENTS_PER_MINUTE);
    const q = await registerPlayer();
    expect(await data(q.browser.post("events/handle", { event_name: "tick" }))).toBe(true);
  });

  it("takes GET from the site's own pages (SPEC §7 names no verb), and refuses it from another site", async () => {
    const p = await registerPlayer();
    expect(await data(p.browser.get("events/handle", { event_name: "by_get", event_params: JSON.stringify({ n: 1 }) }))).toBe(true);
    expect(await recorded(`u:${await uid(p.browser)}`)).toEqual([{ event_name: "by_get", params: '{"n":1}' }]);
    const e = await failure(get("events/handle", { event_name: "x" }, { "sec-fetch-site": "cross-site" }), 403, "AccessDeniedException");
    expect(e.message).toMatch(/Cross-site/);
    await failure(get("events/handle", { event_name: "BAD NAME" }), 400, "InvalidParameterException");
  });
});

import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGE_MAX } from "../../core/api/contract-support";
import { supportInboxRoutes, type InboxItem } from "../../workers/platform/demo/support-inbox";
import { supportClock } from "../../workers/platform/support/feedback";
import { Browser, registerPlayer } from "./auth-helpers";
import { data, failure, get, ORIGIN, send } from "./helpers";

/** support.getsettings, support.sendFeedback and the demo operator inbox (decision 0052). */

type Row = InboxItem;
const stored = (id: number) => env.DB.prepare("SELECT * FROM support_feedback WHERE id = ?1").bind(id).first<Row>();
const countFrom = async (ip: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM support_feedback WHERE ip = ?1").bind(ip).first<{ n: number }>())!.n;

const MESSAGE = "My deposit has not arrived yet, please check.";
const visitorFeedback = { name: "Ana Visitor", email: "Ana@Example.com", topic: "payments", message: MESSAGE };

afterEach(() => {
  supportClock.now = () => Date.now();
});

describe("GET /api/support/getsettings", () => {
  it("answers the topics in the request's locale, the email and the demo chat by default", async () => {
    const en = await data(get("support/getsettings"));
    expect(en.email).toBe("support@playfront.example");
    expect(en.topics[0]).toEqual({ id: "account", label: "My account" });
    expect(en.topics.map((t: { id: string }) => t.id)).toContain("payments");
    expect(en.chat).toEqual({ provider: "demo", lang: "en" });
    const es = await data(get("support/getsettings", { locale: "es" }));
    expect(es.topics[0]).toEqual({ id: "account", label: "Mi cuenta" });
    expect(es.chat.lang).toBe("es");
  });

  it("answers the configured provider's own keys when the operator switches provider", async () => {
    const row = await env.DB.prepare("SELECT value FROM settings WHERE key = 'support'").first<{ value: string }>();
    const setting = JSON.parse(row!.value);
    setting.chat.provider = "jivoSite";
    setting.chat.providers.jivoSite.widget_id = "abc123";
    await env.DB.prepare("UPDATE settings SET value = ?1 WHERE key = 'support'").bind(JSON.stringify(setting)).run();
    try {
      const s = await data(get("support/getsettings"));
      expect(s.chat).toEqual({ provider: "jivoSite", widget_id: "abc123", src: "https://code.jivosite.com/widget/", lang: "en" });
    } finally {
      await env.DB.prepare("UPDATE settings SET value = ?1 WHERE key = 'support'").bind(row!.value).run();
    }
  });
});

describe("POST /api/support/sendFeedback", () => {
  it("stores a visitor's message with every field, without a uid, as new", async () => {
    const b = new Browser();
    const { id } = await data(b.post("support/sendFeedback?locale=pt", { ...visitorFeedback, page_url: "/cashier/deposit?x=1" }));
    expect(await stored(id)).toMatchObject({
      uid: null,
      name: "Ana Visitor",
      email: "ana@example.com",
      topic: "payments",
      message: MESSAGE,
      page_url: "/cashier/deposit?x=1",
      locale: "pt",
      status: "new",
    });
  });

  it("fills a player's name and email from the account when left out, and keeps what the player typed", async () => {
    const p = await registerPlayer();
    const { id } = await data(p.browser.post("support/sendFeedback", { topic: "bonuses", message: "  Where is my bonus today?  " }));
    expect(await stored(id)).toMatchObject({
      uid: p.uid,
      name: p.login,
      email: p.email,
      topic: "bonuses",
      message: "Where is my bonus today?",
      page_url: null,
    });
    const typed = await data(p.browser.post("support/sendFeedback", { topic: "other", message: MESSAGE, name: "Bea", email: "bea@example.org" }));
    expect(await stored(typed.id)).toMatchObject({ uid: p.uid, name: "Bea", email: "bea@example.org" });
  });

  it("asks a visitor for name and email, naming both fields", async () => {
    const e = await failure(new Browser().post("support/sendFeedback", { topic: "payments", message: MESSAGE }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {}).sort()).toEqual(["email", "name"]);
  });

  it.each([
    [{ topic: "casino" }, "topic"],
    [{ topic: "Bad Topic!" }, "topic"],
    [{ topic: undefined }, "topic"],
    [{ message: undefined }, "message"],
    [{ message: "too short" }, "message"],
    [{ message: "x".repeat(FEEDBACK_MESSAGE_MAX + 1) }, "message"],
    [{ email: "not-an-email" }, "email"],
    [{ email: `${"a".repeat(250)}@example.com` }, "email"],
    [{ name: "n".repeat(101) }, "name"],
    [{ page_url: "//evil.example/x" }, "page_url"],
    [{ page_url: "javascript:alert(1)" }, "page_url"],
    [{ page_url: `/${"p".repeat(500)}` }, "page_url"],
  ])("refuses %j with 400 on that field, storing nothing", async (change, field) => {
    const b = new Browser();
    const e = await failure(b.post("support/sendFeedback", { ...visitorFeedback, ...change }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual([field]);
    expect(await countFrom(b.ip)).toBe(0);
  });

  it("refuses GET with 405", async () => {
    await failure(get("support/sendFeedback", visitorFeedback), 405, "InvalidRequestException");
  });

  it(`refuses the ${FEEDBACK_LIMITS.perSender + 1}th message in the window with 429 and the wait, and takes it once the window has passed`, async () => {
    let now = Date.now();
    supportClock.now = () => now;
    const p = await registerPlayer();
    for (let i = 0; i < FEEDBACK_LIMITS.perSender; i++) {
      await data(p.browser.post("support/sendFeedback", { topic: "games", message: `${MESSAGE} #${i}` }));
      now += 60_000;
    }
    const e = await failure(p.browser.post("support/sendFeedback", { topic: "games", message: MESSAGE }), 429, "TooManyRequestsException");
    // The first message leaves the window 10 minutes after it was sent: 3 minutes have passed.
    expect(e.params).toEqual({ retry_after: FEEDBACK_LIMITS.windowMs / 1000 - 180 });
    expect(e.message).toMatch(/420 seconds/);
    // Another player on another address is not held back.
    const q = await registerPlayer();
    await data(q.browser.post("support/sendFeedback", { topic: "games", message: MESSAGE }));
    now += (e.params!.retry_after as number) * 1000;
    await data(p.browser.post("support/sendFeedback", { topic: "games", message: MESSAGE }));
  });

  it(`limits one address to ${FEEDBACK_LIMITS.perAddress} messages in the window, whoever sends them`, async () => {
    const ip = "2001:db8:feed::1";
    for (let i = 0; i < FEEDBACK_LIMITS.perAddress; i++) {
      await data(new Browser(ip).post("support/sendFeedback", visitorFeedback));
    }
    const e = await failure(new Browser(ip).post("support/sendFeedback", visitorFeedback), 429, "TooManyRequestsException");
    expect(e.params!.retry_after).toBeGreaterThan(0);
    expect(await countFrom(ip)).toBe(FEEDBACK_LIMITS.perAddress);
  });
});

describe("the /support page's form (server-rendered action)", () => {
  const sendForm = (b: Browser, fields: Record<string, string>) =>
    send(`${ORIGIN}/support`, {
      method: "POST",
      body: new URLSearchParams(fields),
      redirect: "manual",
      headers: { ...b.headers(), origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });

  it("sends and lands on the confirmation; over the limit it says how long to wait and keeps the message", async () => {
    const now = Date.now();
    supportClock.now = () => now;
    const p = await registerPlayer();
    for (let i = 0; i < FEEDBACK_LIMITS.perSender; i++) {
      const res = p.browser.keep(await sendForm(p.browser, { topic: "games", name: "", email: "", message: `${MESSAGE} ${i}` }));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/support\?sent=\d+$/);
    }
    const refused = await sendForm(p.browser, { topic: "games", message: "One more question about my bets." });
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toContain("Please try again in 10 min.");
    expect(html).toContain("One more question about my bets.");
  });
});

describe("the demo support inbox", () => {
  const inbox = () => send(`${ORIGIN}/platform/demo/support`);
  const markAnswered = (id: string) => {
    const body = new FormData();
    body.append("id", id);
    return send(`${ORIGIN}/platform/demo/support`, { method: "POST", body, redirect: "manual", headers: { origin: ORIGIN } });
  };

  it("lists the newest feedback with sender, topic, message and page, escaped", async () => {
    const b = new Browser();
    const { id } = await data(
      b.post("support/sendFeedback", { ...visitorFeedback, name: "Eve <b>", message: "<script>alert(1)</script> hello there", page_url: "/gamehall" }),
    );
    const res = await inbox();
    expect(res.status).toBe(200);
    const html = await res.text();
    const item = html.slice(html.indexOf(`data-id="${id}"`));
    expect(item).toContain("Eve &lt;b&gt;");
    expect(item).toContain("ana@example.com");
    expect(item).toContain("Deposits and withdrawals");
    expect(item).toContain("&lt;script&gt;alert(1)&lt;/script&gt; hello there");
    expect(item).toContain("page /gamehall");
    expect(html).not.toContain("<script>alert(1)");
    expect(item).toMatch(/data-status="new"/);
  });

  it("marks one answered and shows it so; a bad or unknown id is a 4xx", async () => {
    const { id } = await data(new Browser().post("support/sendFeedback", visitorFeedback));
    const res = await markAnswered(String(id));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/platform/demo/support");
    expect((await stored(id))!.status).toBe("answered");
    const html = await (await inbox()).text();
    expect(html).toContain(`data-id="${id}" data-status="answered"`);
    expect((await markAnswered("abc")).status).toBe(400);
    expect((await markAnswered("999999999")).status).toBe(404);
  });

  it("does not exist in production: reading and answering are 404", async () => {
    await data(new Browser().post("support/sendFeedback", { ...visitorFeedback, message: "A secret only the operator reads here." }));
    const production = { ...env, APP_ENV: "production" } as Env;
    for (const init of [{}, { method: "POST", body: new URLSearchParams({ id: "1" }) }]) {
      for (const path of ["/platform/demo/support", "/platform/demo/support?format=json"]) {
        const res = await supportInboxRoutes.fetch(new Request(`https://playfront.test${path}`, init), production);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain("secret");
      }
    }
  });
});

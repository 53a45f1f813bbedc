import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mailboxRoutes } from "../../workers/platform/demo/mailbox";
import { messageDelivery } from "../../workers/platform/providers/messaging-registry";
import { send } from "./helpers";

const MAILBOX = "/platform/demo/mailbox";

describe("demo mailbox", () => {
  it("lists an address's messages newest first as JSON, whatever case or phone formatting", async () => {
    const delivery = messageDelivery(env);
    await delivery.send(env, { channel: "email", to: "Reader@Example.com", subject: "First", text: "one" });
    await delivery.send(env, { channel: "email", to: "someone.else@example.com", subject: "Not yours", text: "x" });
    await delivery.send(env, { channel: "email", to: "reader@example.com", subject: "Second", text: "two", link: "https://playfront.test/?a=1" });
    await delivery.send(env, { channel: "sms", to: "+1 (555) 000-1234", subject: "Code", text: "123456" });

    const res = await send(`${MAILBOX}?format=json&to=READER@example.com`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { items } = (await res.json()) as { items: Record<string, unknown>[] };
    expect(items.map((i) => i.subject)).toEqual(["Second", "First"]);
    expect(Object.keys(items[0]!)).toEqual(["channel", "to", "subject", "text", "link", "created_at"]);
    expect(items[0]).toMatchObject({ channel: "email", to: "reader@example.com", text: "two", link: "https://playfront.test/?a=1" });
    expect(items[1]!.link).toBeNull();
    expect(typeof items[0]!.created_at).toBe("number");

    const sms = (await (await send(`${MAILBOX}?format=json&to=${encodeURIComponent("+15550001234")}`)).json()) as { items: unknown[] };
    expect(sms.items).toEqual([expect.objectContaining({ channel: "sms", to: "15550001234", text: "123456" })]);
    const empty = (await (await send(`${MAILBOX}?format=json&to=nobody@example.com`)).json()) as { items: unknown[] };
    expect(empty.items).toEqual([]);
    const none = (await (await send(`${MAILBOX}?format=json`)).json()) as { items: unknown[] };
    expect(none.items).toEqual([]);
  });

  it("shows messages as a script-free HTML page, escaping what they say", async () => {
    await messageDelivery(env).send(env, {
      channel: "email",
      to: "html@example.com",
      subject: "<script>alert(1)</script>",
      text: "Hello <b>there</b> & bye",
      link: "javascript:alert(1)",
    });
    await messageDelivery(env).send(env, {
      channel: "email",
      to: "html@example.com",
      subject: "Reset",
      text: "Go",
      link: "https://playfront.test/?reset_token=abc",
    });
    const res = await send(`${MAILBOX}?to=html@example.com`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toContain("script-src");
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("Hello &lt;b&gt;there&lt;/b&gt; &amp; bye");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<a href="https://playfront.test/?reset_token=abc">');
    expect(html.indexOf("Reset")).toBeLessThan(html.indexOf("&lt;script&gt;"));

    const blank = await send(MAILBOX);
    expect(blank.status).toBe(200);
    expect(await blank.text()).toContain('<form method="get"');
  });

  it("does not exist in production", async () => {
    const production = { ...env, APP_ENV: "production" } as Env;
    for (const path of [`${MAILBOX}?to=reader@example.com`, `${MAILBOX}?to=reader@example.com&format=json`]) {
      const res = await mailboxRoutes.fetch(new Request(`https://playfront.test${path}`), production);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("reader");
    }
  });
});

import { describe, expect, it } from "vitest";
import { registerPlayer, type Player } from "./auth-helpers";
import { ORIGIN, send } from "./helpers";

/**
 * The mobile pay page's "Open the payment page" button (issue 15): it shows only the payment
 * page the platform answered for this player's waiting payment, as the deposit action signed
 * it; a hand-written `url` (another site, a protocol-relative trick) shows no button, and says why.
 */
const OPEN = "Open the payment page";
const REFUSED = "This link does not lead to your payment";

async function depositMobile(p: Player): Promise<URL> {
  const body = new URLSearchParams({ method: "demo_mobile", amount: "30", req_phone: "2025550123", idempotency_key: crypto.randomUUID() });
  const res = await send(`${ORIGIN}/cashier/deposit/demo_mobile`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { ...p.browser.headers(), origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!, ORIGIN);
}

async function payPage(p: Player, url: URL): Promise<string> {
  const res = await send(url.href, { headers: p.browser.headers() });
  expect(res.status).toBe(200);
  return res.text();
}

/** Whether the page says the link was refused (the text itself also travels in the page's messages). */
const saysRefused = (html: string) => new RegExp(`role="alert">${REFUSED}`).test(html);

/** The href of the payment page button, or null when the page shows none. */
const buttonHref = (html: string) => new RegExp(`<a[^>]*href="([^"]*)"[^>]*>${OPEN}</a>`).exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;

describe("the mobile pay page's payment link", () => {
  it("shows the payment page the platform answered for the player's payment", async () => {
    const p = await registerPlayer();
    const page = await depositMobile(p);
    expect(page.pathname).toBe("/cashier/paymobile");
    const url = page.searchParams.get("url")!;
    expect(url).toMatch(/^\/platform\/demo\/pay\//);
    const html = await payPage(p, page);
    expect(buttonHref(html)).toBe(url);
    expect(saysRefused(html)).toBe(false);
  });

  it.each([
    ["another site", "https://evil.example/pay"],
    ["a tab making a protocol-relative link", "/\t/evil.example"],
    ["a backslash making a protocol-relative link", "/\\evil.example"],
    ["a site path that is not this payment's page", "/platform/demo/pay/someone-else"],
  ])("shows no button for %s, with the signature of the real link", async (_, forged) => {
    const p = await registerPlayer();
    const page = await depositMobile(p);
    page.searchParams.set("url", forged);
    const html = await payPage(p, page);
    expect(buttonHref(html)).toBeNull();
    expect(saysRefused(html)).toBe(true);
    // The forged value is echoed only inside this page's own links (language, check again).
    expect(html).not.toMatch(/href="(?:https:\/\/evil|\/\/|\/\s|\/\\)/);
  });

  it("shows no button without a signature; another player's payment is no page of theirs (404)", async () => {
    const p = await registerPlayer();
    const page = await depositMobile(p);
    const unsigned = new URL(page);
    unsigned.searchParams.delete("sig");
    expect(buttonHref(await payPage(p, unsigned))).toBeNull();

    const other = await registerPlayer();
    const res = await send(page.href, { headers: other.browser.headers() });
    expect(res.status).toBe(404);
    expect(buttonHref(await res.text())).toBeNull();
  });

  it("shows no button and no message when no link was asked for", async () => {
    const p = await registerPlayer();
    const html = await payPage(p, new URL("/cashier/paymobile", ORIGIN));
    expect(buttonHref(html)).toBeNull();
    expect(saysRefused(html)).toBe(false);
  });
});

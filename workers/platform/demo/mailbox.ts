import { Hono } from "hono";
import { demoOn } from "./switches";
import { FAVICON_LINK } from "../auth/oauth-html";
import { outboxAddress } from "./messenger";
import { escapeMarkup } from "../../../core/markup";

/**
 * The demo messaging provider's mailbox: what it "sent" to one address, newest first.
 * `GET /platform/demo/mailbox?to=<address>` is a plain HTML page (no scripts); `&format=json`
 * answers `{ items: [{ channel, to, subject, text, link, created_at }] }` for tests and tools.
 * It does not exist in production, where a real provider delivers.
 */
export const mailboxRoutes = new Hono<{ Bindings: Env }>();

const SHOWN = 50;

interface MailboxItem {
  channel: "email" | "sms";
  to: string;
  subject: string;
  text: string;
  link: string | null;
  created_at: number;
}

/** Only http(s) links become anchors; anything else is shown as text. */
function linkHtml(link: string): string {
  const safe = /^https?:\/\//i.test(link);
  return safe ? `<a href="${escapeMarkup(link)}">${escapeMarkup(link)}</a>` : escapeMarkup(link);
}

/** A message's text with its http(s) links as anchors (a mail client's way): the unsubscribe footer's link can be followed. */
function textHtml(text: string): string {
  return text
    .split(/(https?:\/\/[^\s]+)/i)
    .map((part, i) => (i % 2 === 1 ? linkHtml(part) : escapeMarkup(part)))
    .join("");
}

function page(to: string, items: MailboxItem[]): string {
  const rows = items
    .map(
      (m) => `<article style="border:1px solid #ccc;border-radius:6px;padding:12px;margin:12px 0">
  <p style="margin:0;color:#555;font-size:14px">${m.channel === "sms" ? "SMS" : "Email"} to ${escapeMarkup(m.to)} · <time datetime="${new Date(m.created_at).toISOString()}">${escapeMarkup(new Date(m.created_at).toISOString().replace("T", " ").slice(0, 19))} UTC</time></p>
  <h2 style="font-size:18px;margin:6px 0">${escapeMarkup(m.subject)}</h2>
  <p style="white-space:pre-wrap;margin:6px 0">${textHtml(m.text)}</p>
  ${m.link ? `<p style="margin:6px 0">${linkHtml(m.link)}</p>` : ""}
</article>`,
    )
    .join("\n");
  const body = !to
    ? "<p>Enter an email address or a phone number (with its country code) to read what was sent to it.</p>"
    : items.length
      ? rows
      : `<p>Nothing was sent to ${escapeMarkup(to)}.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Demo mailbox</title>
${FAVICON_LINK}
</head>
<body style="font-family:system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px">
<h1 style="font-size:24px">Demo mailbox</h1>
<p style="color:#555">Messages of the demo mail and SMS provider (not shown in production).</p>
<form method="get" action="/platform/demo/mailbox">
  <label for="to">Address</label>
  <input id="to" name="to" value="${escapeMarkup(to)}" autocomplete="off" style="min-width:260px">
  <button type="submit">Show</button>
</form>
${body}
</body>
</html>`;
}

mailboxRoutes.get("/platform/demo/mailbox", async (c) => {
  if (!demoOn(c.env, "mailbox")) return c.text("Not found", 404);
  const raw = (c.req.query("to") ?? "").trim().slice(0, 254);
  const address = raw ? outboxAddress(raw) : "";
  let items: MailboxItem[] = [];
  if (address) {
    const { results } = await c.env.DB.prepare(
      `SELECT channel, recipient AS "to", subject, text, link, created_at FROM outbox
       WHERE recipient = ?1 ORDER BY id DESC LIMIT ${SHOWN}`,
    )
      .bind(address)
      .all<MailboxItem>();
    items = results;
  }
  c.header("cache-control", "no-store");
  if (c.req.query("format") === "json") return c.json({ items });
  return c.html(page(raw, items));
});

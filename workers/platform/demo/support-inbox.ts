import { Hono } from "hono";
import { demoOnly } from "./switches";
import { escapeMarkup } from "../../../core/markup";
import { htmlPage } from "../auth/oauth-html";
import { readSupportSetting } from "../support/settings";

/**
 * The demo operator's support inbox (`/platform/demo/support`, decision 0052): the newest feedback
 * sent through support.sendFeedback, each with a button to mark it answered. Open like the demo
 * mailbox and the verification console, and like them not found in production, where the
 * operator's own help desk reads the feedback. Plain forms, no scripts. `?format=json` answers
 * `{ items }` for tests and tools.
 */
export const SUPPORT_INBOX_PATH = "/platform/demo/support";
export const supportInboxRoutes = new Hono<{ Bindings: Env }>();

const SHOWN = 50;

/** A stored feedback message (support_feedback), as the inbox lists it. */
export interface InboxItem {
  id: number;
  uid: number | null;
  name: string;
  email: string;
  topic: string;
  message: string;
  page_url: string | null;
  locale: string;
  status: "new" | "answered";
  created_at: number;
}

supportInboxRoutes.use(SUPPORT_INBOX_PATH, demoOnly("support"));

const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

function itemHtml(m: InboxItem, topics: Map<string, string>): string {
  const sender = `${escapeMarkup(m.name)} &lt;${escapeMarkup(m.email)}&gt; · ${m.uid ? `player #${m.uid}` : "visitor"} · ${escapeMarkup(m.locale)}`;
  const answer =
    m.status === "new"
      ? `<form method="post" action="${SUPPORT_INBOX_PATH}"><input type="hidden" name="id" value="${m.id}"><button class="primary" type="submit">Mark answered</button></form>`
      : `<p><strong>Answered</strong></p>`;
  return `<article data-testid="support-item" data-id="${m.id}" data-status="${m.status}" style="border-top:1px solid #ccd;padding:12px 0">
    <h2 style="font-size:1.05rem;margin:0 0 4px">${escapeMarkup(topics.get(m.topic) ?? m.topic)}</h2>
    <p style="margin:0 0 4px">${sender}</p>
    <p style="margin:0 0 4px;color:#5b6472"><time datetime="${new Date(m.created_at).toISOString()}">${utc(m.created_at)} UTC</time>${m.page_url ? ` · page ${escapeMarkup(m.page_url)}` : ""}</p>
    <p style="white-space:pre-wrap;margin:8px 0">${escapeMarkup(m.message)}</p>
    ${answer}
  </article>`;
}

async function inbox(db: D1Database, notice = "", status = 200): Promise<Response> {
  const [{ results }, setting] = await Promise.all([
    db
      .prepare(`SELECT id, uid, name, email, topic, message, page_url, locale, status, created_at FROM support_feedback ORDER BY id DESC LIMIT ${SHOWN}`)
      .all<InboxItem>(),
    readSupportSetting(db),
  ]);
  const topics = new Map(setting.topics.map((t) => [t.id, t.label.en ?? t.id]));
  const list = results.length ? results.map((m) => itemHtml(m, topics)).join("") : `<p data-testid="support-empty">No feedback yet.</p>`;
  const body = `<style>main{max-width:760px}</style>
  <h1>Support inbox</h1>
  <p>The demo operator's inbox of the support form (not shown in production). Newest first, at most ${SHOWN}.</p>
  ${notice ? `<p role="status" class="error">${escapeMarkup(notice)}</p>` : ""}
  ${list}`;
  return htmlPage("Support inbox", body, status);
}

supportInboxRoutes.get(SUPPORT_INBOX_PATH, async (c) => {
  if (c.req.query("format") === "json") {
    const { results } = await c.env.DB.prepare(
      `SELECT id, uid, name, email, topic, message, page_url, locale, status, created_at FROM support_feedback ORDER BY id DESC LIMIT ${SHOWN}`,
    ).all<InboxItem>();
    c.header("cache-control", "no-store");
    return c.json({ items: results });
  }
  return inbox(c.env.DB);
});

/** Marks one message answered (`id`); answering it twice is harmless. */
supportInboxRoutes.post(SUPPORT_INBOX_PATH, async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const id = typeof form.id === "string" ? form.id.trim() : "";
  if (!/^[1-9][0-9]{0,9}$/.test(id)) return inbox(c.env.DB, "Choose a message from the list.", 400);
  const row = await c.env.DB.prepare(`UPDATE support_feedback SET status = 'answered', answered_at = COALESCE(answered_at, ?2) WHERE id = ?1 RETURNING id`)
    .bind(Number(id), Date.now())
    .first<{ id: number }>();
  if (!row) return inbox(c.env.DB, "This message does not exist.", 404);
  return new Response(null, { status: 303, headers: { location: SUPPORT_INBOX_PATH, "cache-control": "no-store" } });
});

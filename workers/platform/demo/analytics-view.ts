import { Hono } from "hono";
import { demoOnly } from "./switches";
import { ANALYTICS_EVENTS } from "../../../core/analytics-events";
import { DEMO_ANALYTICS_COOKIE, demoOverrides } from "../../../core/consent";
import { readCookie, serializeCookie } from "../../../core/cookies";
import { escapeMarkup } from "../../../core/markup";
import { htmlPage } from "../auth/oauth-html";

/**
 * The demo operator's analytics view (`/platform/demo/analytics`, decision 0057): the newest
 * events of the collector and the image beacon, filterable by name (`?name=`). Like the support
 * inbox, not found in production, where the operator's own analytics reads them. A plain GET form,
 * no scripts. `?format=json` answers `{ items }` for tests and tools.
 */
export const ANALYTICS_VIEW_PATH = "/platform/demo/analytics";
export const analyticsViewRoutes = new Hono<{ Bindings: Env }>();

const SHOWN = 100;
const NAMES = [...ANALYTICS_EVENTS, "beacon"] as const;

export interface AnalyticsRow {
  id: number;
  created_at: number;
  client_at: number | null;
  anon_id: string | null;
  uid: number | null;
  name: string;
  params: Record<string, unknown>;
  path: string | null;
}

analyticsViewRoutes.use(ANALYTICS_VIEW_PATH, demoOnly("analytics"));

async function latest(db: D1Database, name: string | null): Promise<AnalyticsRow[]> {
  const where = name ? "WHERE name = ?1" : "";
  const stmt = db.prepare(`SELECT id, created_at, client_at, anon_id, uid, name, params, path FROM analytics_events ${where} ORDER BY id DESC LIMIT ${SHOWN}`);
  const { results } = await (name ? stmt.bind(name) : stmt).all<Omit<AnalyticsRow, "params"> & { params: string }>();
  return results.map((r) => ({ ...r, params: JSON.parse(r.params) as Record<string, unknown> }));
}

const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");

function rowHtml(r: AnalyticsRow): string {
  const who = r.uid ? `player #${r.uid}` : "visitor";
  return `<tr data-testid="analytics-row" data-name="${escapeMarkup(r.name)}" data-uid="${r.uid ?? ""}" data-anon="${escapeMarkup(r.anon_id ?? "")}">
    <td><time datetime="${new Date(r.created_at).toISOString()}">${utc(r.created_at)}</time></td>
    <td><strong>${escapeMarkup(r.name)}</strong></td>
    <td>${who}${r.anon_id ? `<br><small>${escapeMarkup(r.anon_id)}</small>` : ""}</td>
    <td>${escapeMarkup(r.path ?? "")}</td>
    <td><code>${escapeMarkup(JSON.stringify(r.params))}</code></td>
  </tr>`;
}

analyticsViewRoutes.get(ANALYTICS_VIEW_PATH, async (c) => {
  const asked = c.req.query("name") ?? "";
  if (asked && !(NAMES as readonly string[]).includes(asked)) {
    return htmlPage("Analytics", `<h1>Analytics</h1><p role="status" class="error">Unknown event name: ${escapeMarkup(asked)}</p>`, 400);
  }
  const rows = await latest(c.env.DB, asked || null);
  if (c.req.query("format") === "json") {
    c.header("cache-control", "no-store");
    return c.json({ items: rows });
  }
  const options = ["", ...NAMES].map((n) => `<option value="${n}"${n === asked ? " selected" : ""}>${n || "All events"}</option>`).join("");
  const table = rows.length
    ? `<table style="width:100%;border-collapse:collapse"><thead><tr><th>Time (UTC)</th><th>Event</th><th>Who</th><th>Path</th><th>Params</th></tr></thead><tbody>${rows.map(rowHtml).join("")}</tbody></table>`
    : `<p data-testid="analytics-empty">No events yet.</p>`;
  const body = `<style>main{max-width:1100px}td,th{border-top:1px solid #ccd;padding:6px;text-align:start;vertical-align:top}code{word-break:break-all}</style>
  <h1>Analytics</h1>
  <p>The demo operator's view of the first-party collector and the image beacon (not shown in production). Newest first, at most ${SHOWN}. <a href="/platform/demo/vitals">Web Vitals per route and device</a></p>
  ${previewForm(readCookie(c.req.header("cookie"), DEMO_ANALYTICS_COOKIE))}
  <form method="get" action="${ANALYTICS_VIEW_PATH}"><label>Event <select name="name">${options}</select></label> <button type="submit">Filter</button></form>
  ${table}`;
  const res = htmlPage("Analytics", body);
  res.headers.set("cache-control", "no-store");
  return res;
});

/** This browser only: see the site as one requiring consent, or with SEON on (a cookie; not in production). */
function previewForm(cookie: string | undefined): string {
  const o = demoOverrides(cookie);
  return `<form method="post" action="${ANALYTICS_VIEW_PATH}" style="margin:12px 0"><fieldset><legend>Preview in this browser</legend>
    <label><input type="checkbox" name="consent" value="1"${o.consent ? " checked" : ""}> the site requires consent</label>
    <label><input type="checkbox" name="seon" value="1"${o.seon ? " checked" : ""}> SEON fraud check on</label>
    <button type="submit">Apply</button></fieldset></form>`;
}

analyticsViewRoutes.post(ANALYTICS_VIEW_PATH, async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const value = ["consent", "seon"].filter((k) => form[k] === "1").join(",");
  const cookie = serializeCookie(DEMO_ANALYTICS_COOKIE, value, { maxAge: value ? 86400 : 0, secure: c.env.APP_ENV !== "local" });
  return new Response(null, { status: 303, headers: { location: ANALYTICS_VIEW_PATH, "set-cookie": cookie, "cache-control": "no-store" } });
});

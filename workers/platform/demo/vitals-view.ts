import { Hono } from "hono";
import { WEB_VITALS } from "../../../core/analytics-events";
import { escapeMarkup } from "../../../core/markup";
import { pageRoutes } from "../analytics/page-routes";
import { htmlPage } from "../auth/oauth-html";
import { ANALYTICS_VIEW_PATH } from "./analytics-view";
import { demoOnly } from "./switches";
import { summarizeVitals, type MetricSummary, type VitalsGroup, type VitalsSample } from "./vitals-summary";

/**
 * The demo operator's Web Vitals view (`/platform/demo/vitals`, decision 0113): the field
 * `web_vitals` events of the last `?days=` (1–90, default 7) per route pattern × device class:
 * samples, p75 (nearest rank) of LCP, INP, CLS and TTFB, and the share good / needs improvement /
 * poor. Not found in production, like the analytics view (same switch). `?format=json` for tests.
 *
 * Computed in JavaScript over at most `MAX_SAMPLES` newest events of the range: the route pattern
 * comes from the app's route table (React Router's matching), which SQL cannot apply, and rows keep
 * their raw path so a changed route table regroups history. Past the cap the view says so.
 */
export const VITALS_VIEW_PATH = "/platform/demo/vitals";
export const vitalsViewRoutes = new Hono<{ Bindings: Env }>();

export const MAX_SAMPLES = 10_000;
const DAY = 86_400_000;

/** The clock the range reads; tests move it. */
export const vitalsClock = { now: (): number => Date.now() };

vitalsViewRoutes.use(VITALS_VIEW_PATH, demoOnly("analytics"));

function daysOf(asked: string | undefined): number | null {
  if (asked === undefined) return 7;
  if (!/^\d{1,2}$/.test(asked)) return null;
  const days = Number(asked);
  return days >= 1 && days <= 90 ? days : null;
}

async function samples(db: D1Database, since: number): Promise<{ rows: VitalsSample[]; capped: boolean }> {
  // analytics_events_by_name (name, id): the newest first, read until the cap.
  const { results } = await db
    .prepare(`SELECT path, params FROM analytics_events WHERE name = 'web_vitals' AND created_at >= ?1 ORDER BY id DESC LIMIT ?2`)
    .bind(since, MAX_SAMPLES + 1)
    .all<{ path: string | null; params: string }>();
  const rows = results.slice(0, MAX_SAMPLES).map((r) => ({ path: r.path ?? "/", params: JSON.parse(r.params) as VitalsSample["params"] }));
  return { rows, capped: results.length > MAX_SAMPLES };
}

const LABELS = { lcp: "LCP", inp: "INP", cls: "CLS", ttfb: "TTFB" } as const;
const pct = (x: number) => `${Math.round(x * 100)} %`;

function cell(metric: keyof typeof LABELS, s: MetricSummary): string {
  if (s.p75 === null) return `<td data-metric="${metric}">–</td>`;
  const value = metric === "cls" ? s.p75.toFixed(3) : `${s.p75} ms`;
  return `<td data-metric="${metric}"><strong>${value}</strong><br><small>n ${s.n} · good ${pct(s.good)} · NI ${pct(s.needs_improvement)} · poor ${pct(s.poor)}</small></td>`;
}

function tableHtml(groups: VitalsGroup[]): string {
  if (!groups.length) return `<p data-testid="vitals-empty">No Web Vitals in this range yet.</p>`;
  const head = `<tr><th>Route</th><th>Device</th><th>Samples</th>${WEB_VITALS.metrics.map((m) => `<th>${LABELS[m]} p75</th>`).join("")}</tr>`;
  const rows = groups
    .map(
      (g) =>
        `<tr data-testid="vitals-row" data-route="${escapeMarkup(g.route)}" data-device="${g.device}"><td><code>${escapeMarkup(g.route)}</code></td><td>${g.device}</td><td>${g.samples}</td>` +
        `${WEB_VITALS.metrics.map((m) => cell(m, g.metrics[m])).join("")}</tr>`,
    )
    .join("");
  return `<table style="width:100%;border-collapse:collapse"><thead>${head}</thead><tbody>${rows}</tbody></table>`;
}

vitalsViewRoutes.get(VITALS_VIEW_PATH, async (c) => {
  const json = c.req.query("format") === "json";
  const days = daysOf(c.req.query("days"));
  c.header("cache-control", "no-store");
  if (days === null) {
    const message = "days must be a whole number from 1 to 90";
    if (json) return c.json({ error: { type: "InvalidParameterException", message } }, 400);
    return htmlPage("Web Vitals", `<h1>Web Vitals</h1><p role="status" class="error">${message}</p>`, 400);
  }
  const to = vitalsClock.now();
  const from = to - days * DAY;
  const [{ rows, capped }, routeOf] = await Promise.all([samples(c.env.DB, from), pageRoutes()]);
  const groups = summarizeVitals(rows, routeOf);
  if (json) return c.json({ days, from, to, samples: rows.length, capped, groups });
  const t = WEB_VITALS.thresholds;
  const body = `<style>main{max-width:1200px}td,th{border-top:1px solid #ccd;padding:6px;text-align:start;vertical-align:top}</style>
  <h1>Web Vitals</h1>
  <p>Field measurements of visitors who interacted with a page (only they load <code>/analytics.js</code>), one per document, last ${days} day(s): ${rows.length} sample(s)${capped ? `, the newest ${MAX_SAMPLES} only` : ""}.
  p75 by nearest rank. Good / poor: LCP ≤ ${t.lcp[0]} / > ${t.lcp[1]} ms, INP ≤ ${t.inp[0]} / > ${t.inp[1]} ms, CLS ≤ ${t.cls[0]} / > ${t.cls[1]}, TTFB ≤ ${t.ttfb[0]} / > ${t.ttfb[1]} ms. <a href="${ANALYTICS_VIEW_PATH}">All events</a></p>
  <form method="get" action="${VITALS_VIEW_PATH}"><label>Days <input name="days" type="number" min="1" max="90" value="${days}"></label> <button type="submit">Show</button></form>
  ${tableHtml(groups)}`;
  const res = htmlPage("Web Vitals", body);
  res.headers.set("cache-control", "no-store");
  return res;
});

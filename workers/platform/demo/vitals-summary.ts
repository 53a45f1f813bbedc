import { WEB_VITALS, type WebVitalMetric } from "../../../core/analytics-events";

/** One stored `web_vitals` event: the document's path and its params (decision 0113). */
export interface VitalsSample {
  path: string;
  params: Partial<Record<WebVitalMetric, number>> & { device?: string };
}

/** One metric of a route × device: how many samples had it, their p75, and the share of each rating. */
export interface MetricSummary {
  n: number;
  p75: number | null;
  good: number;
  needs_improvement: number;
  poor: number;
}

export interface VitalsGroup {
  route: string;
  device: string;
  samples: number;
  metrics: Record<WebVitalMetric, MetricSummary>;
}

/** The 75th percentile by nearest rank: the smallest value with at least 75 % of the values at or below it. */
export function p75(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

const share = (k: number, n: number) => (n ? Math.round((k / n) * 1000) / 1000 : 0);

export function summarizeMetric(metric: WebVitalMetric, values: number[]): MetricSummary {
  const [good, poor] = WEB_VITALS.thresholds[metric];
  const g = values.filter((v) => v <= good).length;
  const p = values.filter((v) => v > poor).length;
  const n = values.length;
  return { n, p75: p75(values), good: share(g, n), needs_improvement: share(n - g - p, n), poor: share(p, n) };
}

/**
 * Per route pattern × device class (`routeOf` maps a path to the app's route): sample counts, p75
 * of each metric and the share good / needs improvement / poor. Routes in order, devices phone,
 * tablet, desktop.
 */
export function summarizeVitals(samples: VitalsSample[], routeOf: (path: string) => string): VitalsGroup[] {
  const groups = new Map<string, { route: string; device: string; samples: number; values: Record<WebVitalMetric, number[]> }>();
  for (const s of samples) {
    const route = routeOf(s.path);
    const device = s.params.device ?? "desktop";
    const key = `${route}\u0000${device}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { route, device, samples: 0, values: { lcp: [], inp: [], cls: [], ttfb: [] } }));
    g.samples++;
    for (const m of WEB_VITALS.metrics) {
      const v = s.params[m];
      if (typeof v === "number" && Number.isFinite(v)) g.values[m].push(v);
    }
  }
  const order = (d: string) => (WEB_VITALS.devices as readonly string[]).indexOf(d);
  return [...groups.values()]
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : order(a.device) - order(b.device)))
    .map((g) => ({
      route: g.route,
      device: g.device,
      samples: g.samples,
      metrics: {
        lcp: summarizeMetric("lcp", g.values.lcp),
        inp: summarizeMetric("inp", g.values.inp),
        cls: summarizeMetric("cls", g.values.cls),
        ttfb: summarizeMetric("ttfb", g.values.ttfb),
      },
    }));
}

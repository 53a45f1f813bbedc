// SSR throughput: requests per second a closed loop of C connections gets from one URL of a
// running server, over a fixed duration and a bounded count. Used on a page and on a static file
// of the same Worker, so that the ratio page / static says what a render costs on this machine
// (the static file costs about what routing through wrangler dev and workerd costs).
import { Agent, request } from "node:http";
import { BROWSER_UA } from "./first-load.mjs";

/** One GET on a kept-alive socket; resolves with the status once the whole body has arrived. */
function get(url, agent, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode));
      res.on("error", reject);
      res.on("aborted", () => reject(new Error(`${url}: response aborted`)));
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${url} took over 30 s`)));
    req.on("error", reject);
    req.end();
  });
}

/**
 * Closed-loop load: `connections` loops each send the next request as soon as the last one has
 * completed, for `seconds` or until `maxRequests` in all. A browser's headers with
 * `accept-encoding: identity`, so the page is not compressed here while the static file is.
 * Answers requests/s, the count, the non-200 count and latency percentiles (ms).
 */
export async function throughput(url, { connections = 8, seconds = 10, maxRequests = 50_000, warmup = 20 } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const headers = { "user-agent": BROWSER_UA, accept: "text/html,*/*;q=0.8", "accept-encoding": "identity" };
  try {
    for (let i = 0; i < warmup; i++) await get(url, agent, headers);
    const latencies = [];
    let errors = 0;
    let sent = 0;
    const t0 = performance.now();
    const deadline = t0 + seconds * 1000;
    const loop = async () => {
      while (performance.now() < deadline && sent < maxRequests) {
        sent += 1;
        const started = performance.now();
        // A reset or a timeout is counted, not fatal: the figures then say the server failed.
        const status = await get(url, agent, headers).catch(() => 0);
        latencies.push(performance.now() - started);
        if (status !== 200) errors += 1;
      }
    };
    await Promise.all(Array.from({ length: connections }, loop));
    const elapsed = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] * 10) / 10;
    return {
      url,
      connections,
      seconds: Math.round(elapsed * 100) / 100,
      requests: latencies.length,
      errors,
      rps: Math.round((latencies.length / elapsed) * 10) / 10,
      p50: pct(50),
      p90: pct(90),
      p99: pct(99),
    };
  } finally {
    agent.destroy();
  }
}

/**
 * Each of `pages` (label → path) and the static file `staticPath`, one after the other on the
 * same server at `origin`, with the static file measured first and last so that a machine that
 * got busier during the run shows up as two different static figures. Ratios use their mean.
 */
export async function ssrThroughput(origin, pages, staticPath, options) {
  const first = await throughput(origin + staticPath, options);
  const out = {};
  for (const [label, path] of Object.entries(pages)) out[label] = await throughput(origin + path, options);
  const last = await throughput(origin + staticPath, options);
  const staticRps = (first.rps + last.rps) / 2;
  for (const r of Object.values(out)) r.ratio = Math.round((r.rps / staticRps) * 1000) / 1000;
  return { static: { path: staticPath, rps: staticRps, first, last }, pages: out, options };
}

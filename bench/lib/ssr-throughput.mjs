// SSR throughput: requests per second a closed loop of C connections gets from one URL of a
// running server, over a fixed duration and a bounded count. Used on a page and on a static file
// of the same Worker, so that the ratio page / static says what a render costs on this machine
// (the static file costs about what routing through wrangler dev and workerd costs).
import { BROWSER_UA } from "./first-load.mjs";
import { failures, load } from "./load.mjs";

const round1 = (x) => Math.round(x * 10) / 10;

/**
 * Closed-loop load (lib/load.mjs): `connections` loops each send the next request as soon as the
 * last one has completed, for `seconds` or until `maxRequests` in all, after `warmup` requests one
 * at a time. A browser's headers with `accept-encoding: identity`, so the page is not compressed
 * here while the static file is. Answers requests/s (whole 200 answers), the count, the failed
 * count (another status, a reset, a timeout) and latency percentiles (ms).
 */
export async function throughput(url, { connections = 8, seconds = 10, maxRequests = 50_000, warmup = 20 } = {}) {
  const headers = { "user-agent": BROWSER_UA, accept: "text/html,*/*;q=0.8", "accept-encoding": "identity" };
  await load(url, { connections: 1, seconds: 120, maxRequests: warmup, headers });
  const r = await load(url, { connections, seconds, maxRequests, headers });
  return {
    url,
    connections,
    seconds: Math.round(r.seconds * 100) / 100,
    requests: r.sent,
    errors: failures(r),
    rps: round1(r.rps),
    p50: round1(r.p50),
    p90: round1(r.p90),
    p99: round1(r.p99),
  };
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

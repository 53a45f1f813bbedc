// A bounded closed-loop load on loopback: `connections` keep-alive sockets, each sending its next
// request as soon as the previous answer has been read whole, until `seconds` have passed or
// `maxRequests` have been sent. Every request is accounted for: answered whole with the expected
// status, answered with another status, cut off (the connection closed before the whole answer),
// or timed out. Nothing is retried.
import { Agent, request } from "node:http";

/**
 * @typedef {{ ok: number, badStatus: Record<string, number>, dropped: number, timedOut: number, incomplete: number,
 *   errors: Record<string, number>, latencies: number[] }} Tally
 */

function once(agent, url, headers, timeoutMs) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("aborted", () => resolve({ kind: "dropped", error: "aborted mid-body" }));
      res.on("error", (e) => resolve({ kind: "dropped", error: e.code ?? e.message }));
      res.on("end", () => {
        if (!res.complete) return resolve({ kind: "dropped", error: "incomplete body" });
        resolve({
          kind: "answer",
          status: res.statusCode,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
          type: res.headers["content-type"] ?? "",
        });
      });
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve({ kind: "timeout" });
    });
    req.on("error", (e) => resolve({ kind: "dropped", error: e.code ?? e.message }));
    req.end();
  });
}

/** A whole answer: an HTML document must end its document (a stream cut short is a failure too). */
function isWhole(answer) {
  if (!answer.type.startsWith("text/html")) return true;
  return answer.body.toString("utf8").trimEnd().endsWith("</html>");
}

/**
 * Runs the load against one URL and answers the tally with requests per second and latency
 * percentiles. `expect` is the status every answer must have.
 * @returns {Promise<Tally & { sent: number, seconds: number, rps: number, p50: number, p90: number, p99: number }>}
 */
export async function load(url, { connections = 100, seconds = 10, maxRequests = 20_000, timeoutMs = 30_000, expect = 200, headers = {} } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  /** @type {Tally} */
  const t = { ok: 0, badStatus: {}, dropped: 0, timedOut: 0, incomplete: 0, errors: {}, latencies: [] };
  let sent = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  async function worker() {
    while (performance.now() < deadline && sent < maxRequests) {
      sent++;
      const a = await once(agent, url, headers, timeoutMs);
      if (a.kind === "timeout") t.timedOut++;
      else if (a.kind === "dropped") {
        t.dropped++;
        t.errors[a.error] = (t.errors[a.error] ?? 0) + 1;
      } else if (a.status !== expect) t.badStatus[a.status] = (t.badStatus[a.status] ?? 0) + 1;
      else if (!isWhole(a)) t.incomplete++;
      else {
        t.ok++;
        t.latencies.push(a.ms);
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = t.latencies.sort((a, b) => a - b);
  const pct = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
  return { ...t, latencies: [], sent, seconds: elapsed, rps: t.ok / elapsed, p50: pct(50), p90: pct(90), p99: pct(99) };
}

/** Requests that did not end in a whole answer with the expected status. */
export const failures = (r) => r.dropped + r.timedOut + r.incomplete + Object.values(r.badStatus).reduce((a, b) => a + b, 0);

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour escapes (ESC [ … m) start with a control character
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;

/**
 * Lines of a wrangler dev log that say a request failed on the server: an exception, a request the
 * runtime cancelled because the code hung, or an answer with a 5xx status.
 */
export function serverFailures(log) {
  const patterns = [/had hung/i, /never generate a response/i, /uncaught/i, /exception/i, /\b5\d\d\b.*(GET|POST)|(GET|POST).*\b5\d\d\b/, /✘/, /\berror\b/i];
  return log
    .replace(ANSI_COLOUR, "")
    .split("\n")
    .filter((line) => patterns.some((p) => p.test(line)));
}

import { analyticsDispatcher } from "./dispatcher";
import { vitalsMath, webVitalsCollector } from "./web-vitals";

/**
 * The text of `/analytics.js` (served by workers/analytics/route.ts; never in a client bundle):
 * the dispatcher (decision 0057), then the Web Vitals collector (decision 0113) with its math
 * passed in, each function as its own text. Each is self-contained; the math goes in an object
 * whose keys, unlike local names, survive a minifier. A collector that throws leaves the
 * dispatcher running.
 */
export function analyticsModuleSource(): string {
  const math = Object.entries(vitalsMath)
    .map(([name, fn]) => `${name}: (${fn.toString()})`)
    .join(",\n");
  return (
    `export function start(cfg) {\n  var d = (${analyticsDispatcher.toString()})(cfg, window);\n` +
    `  try {\n    (${webVitalsCollector.toString()})(window, {\n${math}\n}, function (p, path) { d.record("web_vitals", p, path); });\n  } catch (e) {}\n` +
    `  return d;\n}\n`
  );
}

// Lighthouse (mobile, simulated throttling: its defaults) in Debian's Chromium, median of N runs
// per page. Lighthouse lives in bench/lighthouse/ with its own lockfile: only the bench needs it,
// so `npm install` and CI never download it; the first bench run installs it there (`npm ci`).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./servers.mjs";

const DIR = join(ROOT, "bench", "lighthouse");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// No phoning home: the flags the team's guide asks for, plus what a headless container needs.
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-default-apps",
  "--disable-extensions",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** Whether Lighthouse can run here: Chromium present and the bench copy installed (installs it). */
export function lighthouseAvailable() {
  if (!existsSync(CHROME)) return `no Chromium at ${CHROME} (set CHROME_PATH)`;
  if (!existsSync(join(DIR, "node_modules", "lighthouse"))) {
    try {
      execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: DIR, stdio: "ignore" });
    } catch (e) {
      return `could not install Lighthouse in bench/lighthouse (${e.message.split("\n")[0]})`;
    }
  }
  return null;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};

/**
 * One Chromium for many Lighthouse runs: `run(url)` measures a page and answers its category
 * scores (0–100), LCP / TBT / CLS and the audits below 0.9; `close()` stops Chromium.
 */
export async function openLighthouse() {
  const { default: lighthouse } = await import(pathToFileURL(join(DIR, "node_modules", "lighthouse", "core", "index.js")).href);
  const launcher = await import(pathToFileURL(join(DIR, "node_modules", "chrome-launcher", "dist", "index.js")).href);
  const chrome = await launcher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  return {
    /** One unmeasured visit: warms the Worker (first compile of the route's modules, D1 pages). */
    warm: (url, extraHeaders) => lighthouse(url, { port: chrome.port, logLevel: "error", onlyCategories: ["performance"], extraHeaders }),
    async run(url, extraHeaders) {
      const result = await lighthouse(url, { port: chrome.port, logLevel: "error", onlyCategories: CATEGORIES, extraHeaders });
      const lhr = result.lhr;
      return {
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
        lcp: lhr.audits["largest-contentful-paint"]?.numericValue,
        tbt: lhr.audits["total-blocking-time"]?.numericValue,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue,
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
          .map((a) => a.id),
      };
    },
    close: () => chrome.kill(),
  };
}

/** Medians of a page's runs: each category's score, LCP, TBT and CLS. */
export function medians(runs) {
  return {
    ...Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
  };
}

/**
 * Runs Lighthouse `n` times on each URL (one Chromium for all, a fresh page per run) and answers,
 * per URL, the median score of each category (0–100), the median LCP / TBT / CLS, and every run.
 * `headers`: sent with every request of the page (a signed-in player's cookie).
 */
export async function lighthouseSeries(urls, n, headers) {
  const lh = await openLighthouse();
  try {
    const out = {};
    for (const [label, url] of Object.entries(urls)) {
      await lh.warm(url, headers);
      const runs = [];
      for (let i = 0; i < n; i++) runs.push(await lh.run(url, headers));
      out[label] = { url, n, medians: medians(runs), failing: [...new Set(runs.flatMap((r) => r.failing))], runs };
    }
    return out;
  } finally {
    await lh.close();
  }
}

// Lighthouse A/B: a git revision (A) against the working tree (B), served side by side and
// measured in alternating runs, so that both sides share the machine's noise. On two shared CPUs
// one page's score swings by up to ten points from run to run, so a bench median taken now is not
// comparable with one taken an hour ago; this is the way to tell whether a change helps.
//
//   npm run bench:ab -- [--runs N] [--base REV] [path …]
//
// Defaults: 6 runs per side, REV = HEAD, paths `/` and `/gamehall`. Ports 8801 and 8802 on
// 127.0.0.1; databases `.wrangler/ab-a` and `.wrangler/ab-b`; builds in `bench/.out/ab-*`.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { lighthouseAvailable, medians, openLighthouse } from "./lib/lighthouse.mjs";
import { OUT, ROOT, build, killAllOnExit, prepareDatabaseQuietly, servePlayfront, stageRevision, stop } from "./lib/servers.mjs";
import { PLAYFRONT_ENTRIES } from "./lib/entries.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "6" }, base: { type: "string", default: "HEAD" } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 30) throw new Error(`--runs must be a whole number from 1 to 30, not ${values.runs}`);
const paths = positionals.length ? positionals : ["/", "/gamehall"];
for (const p of paths) if (!p.startsWith("/")) throw new Error(`a path starts with "/": ${p}`);
const missing = lighthouseAvailable();
if (missing) throw new Error(`Lighthouse cannot run: ${missing}`);

killAllOnExit();
const sides = [
  { name: "A", label: values.base, port: 8801 },
  { name: "B", label: "working tree", port: 8802 },
];
for (const side of sides) {
  side.dir = join(OUT, `ab-${side.name.toLowerCase()}`);
  stageRevision(side.name === "A" ? values.base : null, side.dir, PLAYFRONT_ENTRIES);
  console.log(`· ${side.name} (${side.label}) built in ${build(side.dir, side.name).toFixed(1)} s`);
  side.persistTo = join(ROOT, ".wrangler", `ab-${side.name.toLowerCase()}`);
  prepareDatabaseQuietly(side.persistTo, side.dir);
}

const results = {};
const lh = await openLighthouse();
try {
  // One server at a time while starting: two wrangler dev starting together can race for a port.
  for (const side of sides) side.server = await servePlayfront({ appDir: side.dir, port: side.port, persistTo: side.persistTo, vars: { APP_ENV: "test" } });
  const url = (side, path) => `http://127.0.0.1:${side.port}${path}`;
  for (const path of paths) for (const side of sides) await lh.warm(url(side, path));
  for (let i = 0; i < runs; i++) {
    // Alternate which side goes first, so neither always follows the other.
    const order = i % 2 ? [...sides].reverse() : sides;
    for (const path of paths) for (const side of order) ((results[path] ??= {})[side.name] ??= []).push(await lh.run(url(side, path)));
    process.stdout.write(`· round ${i + 1} of ${runs}\n`);
  }
} finally {
  await lh.close();
  for (const side of sides) if (side.server) await stop(side.server);
}

console.log(`\nLighthouse mobile A/B, ${runs} alternating runs per side (A = ${values.base}, B = working tree)`);
for (const [path, bySide] of Object.entries(results)) {
  for (const side of sides) {
    const r = bySide[side.name];
    const m = medians(r);
    const each = r.map((x) => `${x.scores.performance}/${Math.round(x.tbt)}`).join(" ");
    console.log(
      `  ${path.padEnd(28)} ${side.name}  perf ${String(m.performance).padStart(5)}  TBT ${String(Math.round(m.tbt)).padStart(4)} ms  LCP ${String(Math.round(m.lcp)).padStart(5)} ms   runs (perf/TBT): ${each}`,
    );
  }
}

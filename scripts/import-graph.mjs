// The import graph of the source tree, for the architecture test (scripts/architecture.test.mjs)
// and for a look by hand: `node scripts/import-graph.mjs` prints every import circle and every
// import that crosses a boundary of DESIGN §3. TypeScript's own pre-processor reads the imports
// (static, dynamic, `import type` and re-exports), so a string or a comment that looks like an
// import is not one. Only the project's relative imports are edges; packages and virtual modules
// are not.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/** The folders whose modules make the graph: the kernel and both wings (tests are not in it). */
export const ROOTS = ["core", "app", "workers"];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts", "/index.tsx"];

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !/\.test\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const ext of EXTENSIONS) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  // `./x.js` written for `./x.ts`.
  const stripped = base.replace(/\.(js|mjs)$/, "");
  for (const ext of [".ts", ".tsx"]) if (existsSync(stripped + ext)) return stripped + ext;
  return undefined;
}

/** Every module below `roots` (relative to `cwd`) and the modules of the tree it imports. */
export function importGraph(cwd = process.cwd(), roots = ROOTS) {
  const graph = new Map();
  for (const root of roots) {
    for (const file of sourceFiles(join(cwd, root))) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      const edges = new Set();
      for (const { fileName } of importedFiles) {
        const target = resolveImport(file, fileName);
        if (target !== undefined) edges.add(relative(cwd, target).split(sep).join("/"));
      }
      graph.set(relative(cwd, file).split(sep).join("/"), edges);
    }
  }
  return graph;
}

/** The strongly connected components of more than one module (or a module importing itself). */
export function importCircles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  let next = 0;
  // Tarjan's algorithm, iterative: the tree is deep enough to matter for recursion.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const target = edges[frame[2]++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...(graph.get(target) ?? [])], 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || graph.get(node)?.has(node)) circles.push(component.sort());
      }
    }
  }
  return circles;
}

/** The boundaries of DESIGN §3: which folder may not import which. */
export const FORBIDDEN = [
  { from: "core/", to: "app/", why: "the kernel imports nothing from the app" },
  { from: "core/", to: "workers/", why: "the kernel imports nothing from the platform" },
  { from: "app/", to: "workers/", why: "the app reaches the platform only through the /api contract" },
  {
    from: "workers/",
    to: "app/",
    // The Worker entry sets the app's loader context, and two routes serve browser modules the app
    // ships (the analytics dispatcher, the PWA client); the platform itself needs nothing of the app.
    except: ["workers/app.ts", "workers/analytics/route.ts", "workers/pwa/route.ts"],
    why: "the platform imports nothing from the app: what both use is in core/",
  },
  {
    from: "workers/platform/",
    to: "workers/platform/demo/",
    // The demo stand-ins import one another; only the Worker entry (outside workers/platform/)
    // composes them into the platform, by installing them into the provider registries.
    except: ["workers/platform/demo/"],
    why: "domain code reaches a third party through its port and registry (workers/platform/providers/), never a demo stand-in",
  },
];

/** Whether a rule's exception covers a module: a path, or every module under a folder (ending in `/`). */
const excepted = (rule, from) => rule.except?.some((e) => (e.endsWith("/") ? from.startsWith(e) : from === e)) ?? false;

/** Every import that crosses a forbidden boundary, as `from → to (why)`. */
export function boundaryViolations(graph) {
  const out = [];
  for (const [from, edges] of graph) {
    for (const to of edges) {
      const rule = FORBIDDEN.find((r) => from.startsWith(r.from) && to.startsWith(r.to) && !excepted(r, from));
      if (rule) out.push(`${from} → ${to} (${rule.why})`);
    }
  }
  return out.sort();
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const graph = importGraph();
  const circles = importCircles(graph);
  const violations = boundaryViolations(graph);
  console.log(`${graph.size} modules, ${circles.length} import circles, ${violations.length} boundary crossings`);
  for (const circle of circles) console.log(`circle of ${circle.length}:\n  ${circle.join("\n  ")}`);
  const byPair = new Map();
  for (const v of violations) {
    const key = v.replace(/ → .*?\(/, " (");
    byPair.set(key, (byPair.get(key) ?? 0) + 1);
  }
  if (process.argv.includes("--all")) for (const v of violations) console.log(v);
  else console.log(`files importing across a boundary: ${byPair.size} (--all lists every import)`);
}

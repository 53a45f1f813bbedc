// DESIGN §3's boundaries, held by a test: the kernel (core/) imports nothing from either wing, the
// app never imports the platform, the platform imports the app only where the Worker entry serves
// the app's own browser modules, domain code never imports a demo stand-in (workers/platform/demo/),
// and no module imports itself back through others (type imports included). scripts/import-graph.mjs
// reads the imports; `node scripts/import-graph.mjs` prints them.
import { describe, expect, it } from "vitest";
import { boundaryViolations, importCircles, importGraph } from "./import-graph.mjs";

const graph = importGraph();

describe("the import graph", () => {
  it("reads the tree (the kernel and both wings)", () => {
    const roots = new Set([...graph.keys()].map((f) => f.split("/")[0]));
    expect([...roots].sort()).toEqual(["app", "core", "workers"]);
    expect(graph.get("workers/app.ts")).toContain("workers/platform/index.ts");
  });

  it("crosses no boundary of DESIGN §3", () => {
    expect(boundaryViolations(graph)).toEqual([]);
  });

  it("has no import circle", () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it("finds a boundary crossing and a circle when there is one", () => {
    const bad = new Map([
      ["core/a.ts", new Set(["app/b.ts"])],
      ["app/b.ts", new Set(["workers/platform/c.ts"])],
      ["workers/platform/c.ts", new Set(["app/b.ts"])],
      ["workers/app.ts", new Set(["app/b.ts"])],
    ]);
    expect(boundaryViolations(bad)).toHaveLength(3);
    expect(importCircles(bad)).toEqual([["app/b.ts", "workers/platform/c.ts"]]);
  });

  it("finds domain code importing a demo stand-in, and lets the stand-ins and the Worker entry do so", () => {
    const graph = new Map([
      ["workers/platform/cashier/deposits.ts", new Set(["workers/platform/demo/payment-provider.ts"])],
      ["workers/platform/demo/providers.ts", new Set(["workers/platform/demo/payment-provider.ts", "workers/platform/providers/payments-registry.ts"])],
      ["workers/app.ts", new Set(["workers/platform/demo/providers.ts"])],
    ]);
    expect(boundaryViolations(graph)).toEqual([
      "workers/platform/cashier/deposits.ts → workers/platform/demo/payment-provider.ts (domain code reaches a third party through its port and registry (workers/platform/providers/), never a demo stand-in)",
    ]);
  });
});

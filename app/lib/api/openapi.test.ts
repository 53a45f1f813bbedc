import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contract } from "./contract";
import { buildApiMarkdown, buildOpenApi } from "./openapi";

const JSON_FILE = "docs/api/openapi.json";
const MD_FILE = "docs/api/README.md";

describe("generated API reference", () => {
  const json = `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
  const md = buildApiMarkdown();
  if (process.env.UPDATE_API_DOCS) {
    writeFileSync(JSON_FILE, json);
    writeFileSync(MD_FILE, md);
  }

  it("documents every method of the contract", () => {
    const doc = buildOpenApi();
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p) as { operationId: string }[]);
    expect(ops.map((o) => o.operationId).sort()).toEqual(Object.keys(contract).sort());
  });

  it("is up to date in docs/api (run `npm run docs:api` after changing the contract)", () => {
    expect(existsSync(JSON_FILE) && readFileSync(JSON_FILE, "utf8")).toBe(json);
    expect(existsSync(MD_FILE) && readFileSync(MD_FILE, "utf8")).toBe(md);
  });
});

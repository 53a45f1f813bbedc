import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { contract } from "./contract";
import { buildApiMarkdown, buildOpenApi } from "./openapi";

const JSON_FILE = "docs/api/openapi.json";
const MD_FILE = "docs/api/README.md";

/** Every `$ref` in a JSON value, with where it stands. */
function refsOf(value: unknown, at = "#"): { at: string; ref: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsOf(v, `${at}/${i}`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === "$ref" && typeof v === "string" ? [{ at, ref: v }] : refsOf(v, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`),
  );
}

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
    // A write SPEC §7 also takes as GET (alsoGet) is documented under both verbs.
    const alsoGet = Object.entries(contract).flatMap(([key, d]) => ((d as { alsoGet?: true }).alsoGet ? [`${key}Get`] : []));
    expect(alsoGet.sort()).toEqual(["auth.logoutGet", "events.handleGet"]);
    expect(ops.map((o) => o.operationId).sort()).toEqual([...Object.keys(contract), ...alsoGet].sort());
  });

  it("is a valid OpenAPI 3.1 document whose every reference resolves (the official schema, by a standard validator)", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(json));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  // `#` alone resolves too (to the document itself), so the validator cannot tell a schema that
  // points at its own root: every reference must name a component of this document.
  it("points every $ref at a component the document holds", () => {
    const doc = buildOpenApi() as { components?: { schemas?: Record<string, unknown> } };
    const named = new Set(Object.keys(doc.components?.schemas ?? {}).map((n) => `#/components/schemas/${n}`));
    const stray = refsOf(doc).filter(({ ref }) => !named.has(ref));
    expect(stray).toEqual([]);
  });

  it("is up to date in docs/api (run `npm run docs:api` after changing the contract)", () => {
    expect(existsSync(JSON_FILE) && readFileSync(JSON_FILE, "utf8")).toBe(json);
    expect(existsSync(MD_FILE) && readFileSync(MD_FILE, "utf8")).toBe(md);
  });
});

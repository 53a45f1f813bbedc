import { z } from "zod";
import { contract } from "./contract";
import type { MethodDecl } from "./define";
import { EXCEPTION_STATUS } from "./errors";

/** Builds the OpenAPI document of the /api contract from the same Zod declarations. */
export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorEnvelope = {
    type: "object",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["type", "message"],
        properties: {
          type: { type: "string", enum: Object.keys(EXCEPTION_STATUS).map((n) => `${n}Exception`) },
          message: { type: "string" },
          params: { type: "object" },
          invalid_parameters: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
          error_data: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
        },
      },
    },
  };
  for (const [key, d] of Object.entries(contract) as [string, MethodDecl][]) {
    const input = z.toJSONSchema(d.params, { io: "input", unrepresentable: "any" }) as {
      properties?: Record<string, object>;
      required?: string[];
    };
    const props = { ...input.properties };
    let path = `/api/${d.group}/${d.name}`;
    const parameters: object[] = [
      { name: "v", in: "query", schema: { type: "string" }, description: "API version" },
      { name: "_non_strict", in: "query", schema: { type: "string" }, description: "Set inside an iframe" },
    ];
    if (d.pathParam) {
      path += `/{${d.pathParam}}`;
      parameters.push({ name: d.pathParam, in: "path", required: true, schema: props[d.pathParam] });
      delete props[d.pathParam];
    }
    if (!("locale" in props)) parameters.push({ name: "locale", in: "query", schema: { type: "string" } });
    const required = new Set(input.required ?? []);
    const op: Record<string, unknown> = {
      operationId: key,
      summary: d.summary,
      tags: [d.group],
      "x-access": d.access,
      parameters,
      responses: {
        "200": {
          description: "Success",
          content: {
            "application/json": {
              schema: { type: "object", required: ["data"], properties: { data: z.toJSONSchema(d.result, { io: "output", unrepresentable: "any" }) } },
            },
          },
        },
        default: { description: "Failure: see the error catalogue", content: { "application/json": { schema: errorEnvelope } } },
      },
    };
    if (d.verb === "GET") {
      for (const [name, schema] of Object.entries(props)) {
        parameters.push({ name, in: "query", required: required.has(name), schema });
      }
    } else {
      op.requestBody = {
        required: true,
        content: {
          "multipart/form-data": {
            schema: { type: "object", properties: props, required: [...required].filter((r) => r in props) },
          },
        },
      };
    }
    (paths[path] ??= {})[d.verb.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Playfront platform API",
      version: "1",
      description: "The /api contract of DESIGN.md §2, generated from app/lib/api/contract.ts.",
    },
    paths,
    "x-exceptions": Object.fromEntries(Object.entries(EXCEPTION_STATUS).map(([n, s]) => [`${n}Exception`, s])),
  };
}

/** The human-readable reference: one line per method, and the error catalogue. */
export function buildApiMarkdown(): string {
  const rows = (Object.entries(contract) as [string, MethodDecl][]).map(([, d]) => {
    const path = `/api/${d.group}/${d.name}${d.pathParam ? `/{${d.pathParam}}` : ""}`;
    const params = Object.keys(d.params.shape).filter((p) => p !== d.pathParam);
    return `| ${d.verb} | \`${path}\` | ${params.map((p) => `\`${p}\``).join(", ") || "—"} | ${d.access} | ${d.summary} |`;
  });
  const errors = Object.entries(EXCEPTION_STATUS).map(([n, s]) => `| \`${n}Exception\` | ${s} |`);
  return [
    "# Platform API reference",
    "",
    "Generated from `app/lib/api/contract.ts` by `npm run docs:api`; a unit test fails when this file is stale.",
    "The machine-readable form is [`openapi.json`](./openapi.json).",
    "",
    "Every call may carry the query parameters `v` (API version), `locale` and `_non_strict` (inside an iframe).",
    "Reads are GET with query parameters; writes are POST with a `multipart/form-data` body.",
    'Success is `{"data": …}`; failure is an HTTP status with `{"error": {"type", "message", "params", "invalid_parameters"}}`.',
    "",
    "| Verb | Path | Parameters | Access | What it does |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
    "## Error catalogue",
    "",
    "| Type | HTTP status |",
    "| --- | --- |",
    ...errors,
    "",
  ].join("\n");
}

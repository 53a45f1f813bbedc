import { z } from "zod";
import { MenuLink } from "./cms";
import { contract, type MethodKey } from "./contract";
import type { MethodDecl } from "./define";
import { MessageBundle } from "./entities";
import { errorAnswers, UNFORESEEN, type ErrorAnswer } from "./error-answers";
import { EXCEPTION_STATUS } from "./errors";

const componentRef = (id: string) => `#/components/schemas/${id}`;

/**
 * Schemas the document names as components. A recursive schema must be one: its JSON Schema can
 * only point back at itself by a name the whole document resolves (a schema inlined in an
 * operation has no `$defs` of its own to point into, and `#` is the document's root).
 */
const NAMED_SCHEMAS: [z.ZodType, string][] = [
  [MenuLink, "MenuLink"],
  [MessageBundle, "MessageBundle"],
];
const ROOT = "__root";

/** The `{error: {…}}` body every refusal answers with (errors.ts ApiErrorBody). */
const ERROR_ENVELOPE = {
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

/** Converts Zod schemas to JSON Schema, collecting the named ones into `components`. */
function schemaConverter() {
  const components: Record<string, object> = { Error: ERROR_ENVELOPE };
  return {
    components,
    convert(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
      const registry = z.registry<{ id: string }>();
      for (const [named, id] of NAMED_SCHEMAS) registry.add(named, { id });
      const id = registry.get(schema)?.id;
      if (id === undefined) registry.add(schema, { id: ROOT });
      const { schemas } = z.toJSONSchema(registry, { io, unrepresentable: "any", uri: componentRef });
      const bodies = Object.fromEntries(
        Object.entries(schemas).map(([name, body]) => {
          // `$id` (the component's address) and `$schema` (the 2020-12 dialect, OpenAPI 3.1's own) restate the document.
          const { $id: _id, $schema: _schema, ...rest } = body as Record<string, unknown>;
          return [name, rest];
        }),
      );
      const root = id ?? ROOT;
      // Only the components this schema reaches, as seen in this direction (an object's input
      // schema allows more than its output one, so the same component read both ways could differ).
      const reached = new Set([root]);
      for (const name of reached) {
        for (const [, other] of NAMED_SCHEMAS) {
          if (JSON.stringify(bodies[name]).includes(`"${componentRef(other)}"`)) reached.add(other);
        }
      }
      for (const name of reached) {
        if (name === ROOT) continue;
        const known = components[name];
        if (known && JSON.stringify(known) !== JSON.stringify(bodies[name])) {
          throw new Error(`Component ${name} is read as input and as output, and the two differ`);
        }
        components[name] = bodies[name]!;
      }
      return id === undefined ? bodies[ROOT]! : { $ref: componentRef(id) };
    },
  };
}

/** One error response: the shared envelope, with the exception types this status carries here. */
function errorResponse(answers: readonly ErrorAnswer[]) {
  const types = [...new Set(answers.map((a) => a.type))];
  return {
    description: answers.map((a) => `${a.type}: ${a.when.join("; ")}.`).join(" "),
    content: {
      "application/json": {
        schema: {
          allOf: [{ $ref: componentRef("Error") }, { properties: { error: { properties: { type: { enum: types } } } } }],
        },
      },
    },
  };
}

function errorResponses(key: MethodKey): Record<string, object> {
  const byStatus = new Map<number, ErrorAnswer[]>();
  for (const a of errorAnswers(key)) byStatus.set(a.status, [...(byStatus.get(a.status) ?? []), a]);
  // A status listed here hides `default` for that status: an unforeseen answer of it joins the list.
  for (const a of UNFORESEEN) byStatus.get(a.status)?.push(a);
  return {
    ...Object.fromEntries([...byStatus].map(([status, answers]) => [String(status), errorResponse(answers)])),
    default: { ...errorResponse(UNFORESEEN), description: `Unforeseen: ${UNFORESEEN.map((a) => `${a.status} ${a.type}`).join(" or ")}.` },
  };
}

/** Builds the OpenAPI document of the /api contract from the same Zod declarations. */
export function buildOpenApi() {
  const schemas = schemaConverter();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, d] of Object.entries(contract) as [MethodKey, MethodDecl][]) {
    const input = schemas.convert(d.params, "input") as {
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
              schema: { type: "object", required: ["data"], properties: { data: schemas.convert(d.result, "output") } },
            },
          },
        },
        ...errorResponses(key),
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
    // SPEC §7's GET of a write: the same operation with its parameters in the query.
    if (d.alsoGet) {
      const query = Object.entries(props).map(([name, schema]) => ({ name, in: "query", required: required.has(name), schema }));
      const { requestBody: _body, ...get } = op;
      paths[path]!.get = { ...get, operationId: `${key}Get`, parameters: [...parameters, ...query] };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Playfront platform API",
      version: "1",
      description: [
        "The /api contract of DESIGN.md §2, generated from core/api/contract.ts.",
        "Each operation lists the error statuses it answers, with the exception types each carries (the `Error` envelope);",
        "a method called with another verb answers 405 InvalidRequestException, an unknown method 404 MethodNotFoundException.",
      ].join(" "),
    },
    paths,
    components: { schemas: schemas.components },
    "x-exceptions": Object.fromEntries(Object.entries(EXCEPTION_STATUS).map(([n, s]) => [`${n}Exception`, s])),
  };
}

/** The human-readable reference: one line per method, and the error catalogue. */
export function buildApiMarkdown(): string {
  const rows = (Object.entries(contract) as [MethodKey, MethodDecl][]).map(([key, d]) => {
    const path = `/api/${d.group}/${d.name}${d.pathParam ? `/{${d.pathParam}}` : ""}`;
    const params = Object.keys(d.params.shape).filter((p) => p !== d.pathParam);
    const statuses = [...new Set(errorAnswers(key).map((a) => a.status))].join(", ") || "—";
    return `| ${d.verb}${d.alsoGet ? ", GET" : ""} | \`${path}\` | ${params.map((p) => `\`${p}\``).join(", ") || "—"} | ${d.access} | ${statuses} | ${d.summary} |`;
  });
  const errors = Object.entries(EXCEPTION_STATUS).map(([n, s]) => `| \`${n}Exception\` | ${s} |`);
  return [
    "# Platform API reference",
    "",
    "Generated from `core/api/contract.ts` by `npm run docs:api`; a unit test fails when this file is stale.",
    "The machine-readable form is [`openapi.json`](./openapi.json).",
    "",
    "Every call may carry the query parameters `v` (API version), `locale` and `_non_strict` (inside an iframe).",
    "Reads are GET with query parameters; writes are POST with a `multipart/form-data` body.",
    'Success is `{"data": …}`; failure is an HTTP status with `{"error": {"type", "message", "params", "invalid_parameters"}}`.',
    "",
    "Errors lists the statuses a method answers when it refuses; openapi.json names the exception types of each and when.",
    "What every method of a kind answers is derived from how the platform checks a call (core/api/error-answers.ts):",
    "a POST from another origin 403, a POST body that is not form data 415 or 400, maintenance 503 (all but nfx/i18n, metadata",
    "and cms), a banned player 403 UserBanned (those groups and auth.logout excepted), no session 401 (player methods),",
    "bad parameters 400. A method's own refusals are declared beside it in the contract (`refuses`). Any method may also",
    "answer 500 or 503 on an unforeseen failure; another verb answers 405, an unknown method 404.",
    "",
    "| Verb | Path | Parameters | Access | Errors | What it does |",
    "| --- | --- | --- | --- | --- | --- |",
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

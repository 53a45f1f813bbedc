import { applyD1Migrations } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";

/** The app's own origin in these tests; POSTs from here pass the Worker's Origin check. */
export const ORIGIN = "https://playfront.test";

/** Applies the migrations and the seed that vitest.config.ts compiled to a D1 database. */
export async function prepareDatabase(db: D1Database): Promise<void> {
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
  await db.batch(env.TEST_SEED.map((sql) => db.prepare(sql)));
}

type Params = Record<string, string | number | undefined>;

export function apiUrl(path: string, query: Params = {}): string {
  const url = new URL(`/api/${path.replace(/^\//, "")}`, ORIGIN);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.href;
}

/** A request through the whole Worker (workers/app.ts): Hono, security middleware, platform. */
export function send(input: string | Request, init?: RequestInit): Promise<Response> {
  const request = typeof input === "string" ? new Request(new URL(input, ORIGIN), init) : input;
  return exports.default.fetch(request);
}

/** A platform read, as the browser and PlatformClient make it. */
export function get(path: string, query: Params = {}, headers: HeadersInit = {}): Promise<Response> {
  return send(apiUrl(path, query), { headers });
}

/** A platform write: multipart/form-data, null parameters dropped, from our own origin. */
export function post(path: string, fields: Params = {}, headers: HeadersInit = {}): Promise<Response> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.append(k, String(v));
  return send(apiUrl(path), { method: "POST", body, headers: { origin: ORIGIN, ...headers } });
}

/** Asserts a `{data}` success envelope and returns the data. */
export async function data<T = any>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(200);
  expect(r.headers.get("content-type")).toMatch(/^application\/json/);
  const body = JSON.parse(text);
  expect(Object.keys(body)).toEqual(["data"]);
  return body.data as T;
}

/** What a leaked stack trace or driver error looks like: frames, source positions, D1/SQLite codes. */
export const STACK_TEXT = /\bat [\w$.<>]+ \(|\n\s+at |\.(?:tsx?|m?js):\d+|D1_ERROR|SQLITE_/;

export interface ErrorBody {
  type: string;
  message: string;
  params?: Record<string, unknown>;
  invalid_parameters?: Record<string, string[]>;
  error_data?: Record<string, string[]>;
}

/**
 * Asserts an `{error}` failure envelope with this status and exception type, and that nothing of
 * the server's inside (stack frames, SQL, file paths) leaks into it. Returns the error.
 */
export async function failure(res: Response | Promise<Response>, status: number, type: string): Promise<ErrorBody> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  expect(r.headers.get("content-type")).toMatch(/^application\/json/);
  const body = JSON.parse(text);
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.type).toBe(type);
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(text).not.toMatch(STACK_TEXT);
  return body.error as ErrorBody;
}

/** The value of one cookie set by a response, or undefined. */
export function setCookie(res: Response, name: string): { value: string; attributes: string } | undefined {
  for (const header of res.headers.getSetCookie()) {
    const [pair = "", ...attrs] = header.split(";");
    const eq = pair.indexOf("=");
    if (pair.slice(0, eq).trim() === name) return { value: pair.slice(eq + 1).trim(), attributes: attrs.join(";") };
  }
  return undefined;
}

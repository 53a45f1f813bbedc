import type { HttpVerb } from "../../../core/api/define";
import { PlatformError } from "../../../core/api/errors";

/**
 * The /api wire format (DESIGN §2), without the contract's schemas: how a call becomes a request
 * and an answer becomes data or a PlatformError. PlatformClient builds on it; so do the small
 * browser calls (browser-call.ts) that must not pull the whole contract into a chunk.
 */

export const API_VERSION = "1";

export interface WireOptions {
  locale?: string;
  nonStrict?: boolean;
  headers?: HeadersInit;
  /** Outlive the page: a call made as the player leaves it (a reload, a full navigation) still arrives. */
  keepalive?: boolean;
}

/** `/api/{group}/{name}` with the default query (v, locale, _non_strict); GET params in the query, POST as multipart. */
export function apiRequest(origin: string, path: string, verb: HttpVerb, params: Record<string, unknown>, o: WireOptions = {}): Request {
  const url = new URL(path, origin);
  url.searchParams.set("v", API_VERSION);
  if (o.locale) url.searchParams.set("locale", o.locale);
  if (o.nonStrict) url.searchParams.set("_non_strict", "1");
  const headers = new Headers(o.headers);
  headers.set("accept", "application/json");
  let body: FormData | undefined;
  const present = Object.entries(params).filter(([, v]) => v !== null && v !== undefined);
  if (verb === "GET") {
    for (const [k, v] of present) url.searchParams.set(k, String(v));
  } else {
    body = new FormData();
    for (const [k, v] of present) body.append(k, String(v));
    headers.set("origin", url.origin);
  }
  return new Request(url, { method: verb, headers, body, credentials: "same-origin", ...(o.keepalive && { keepalive: true }) });
}

/** The `data` of a success envelope; any failure as a PlatformError. */
export async function readApiResponse<T>(response: Response): Promise<T> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new PlatformError("UnknownError", `Platform answered ${response.status} without JSON`, {
      status: response.status >= 400 ? response.status : 502,
    });
  }
  if (!response.ok) throw PlatformError.fromBody(response.status, json);
  return (json as { data: T }).data;
}

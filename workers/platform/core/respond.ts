import { PlatformError } from "../../../core/api/errors";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

/** An envelope (`{data}` or `{error}`) as a JSON response. */
export function envelopeResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function dataResponse(data: unknown, headers: HeadersInit = {}): Response {
  return envelopeResponse(200, { data }, headers);
}

export function errorResponse(error: PlatformError): Response {
  return envelopeResponse(error.status, { error: error.toBody() }, { "cache-control": "no-store" });
}

/** Turns anything thrown into the error envelope: never a stack, never a bare 500 page. */
export function toPlatformError(e: unknown): PlatformError {
  if (e instanceof PlatformError) return e;
  console.error("platform: unexpected error", e instanceof Error ? e.message : e);
  return new PlatformError("InternalServerError", "Something went wrong on our side. Please try again.");
}

import { PlatformError } from "../../../core/api/errors";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

export function dataResponse(data: unknown, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify({ data }), { status: 200, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(error: PlatformError): Response {
  return new Response(JSON.stringify({ error: error.toBody() }), {
    status: error.status,
    headers: { ...JSON_HEADERS, "cache-control": "no-store" },
  });
}

/** Turns anything thrown into the error envelope: never a stack, never a bare 500 page. */
export function toPlatformError(e: unknown): PlatformError {
  if (e instanceof PlatformError) return e;
  console.error("platform: unexpected error", e instanceof Error ? e.message : e);
  return new PlatformError("InternalServerError", "Something went wrong on our side. Please try again.");
}

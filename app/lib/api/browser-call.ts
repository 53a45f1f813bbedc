import type { HttpVerb } from "../../../core/api/define";
import type { MethodKey, ParamsOf, ResultOf } from "../../../core/api/contract";
import { apiRequest, readApiResponse } from "./wire";

/**
 * One /api call from the browser, typed by the contract but without loading it (type-only
 * import): for the lazily loaded chunks (auth machines, hints, messenger sign-in) that call a
 * method or two. The verb is passed because it lives in the contract's runtime declarations.
 */
export async function browserCall<K extends MethodKey>(
  key: K,
  verb: HttpVerb,
  params: ParamsOf<K> | Record<string, unknown> = {},
  opts: { locale?: string; fetch?: (request: Request) => Promise<Response>; origin?: string; keepalive?: boolean } = {},
): Promise<ResultOf<K>> {
  const dot = key.lastIndexOf(".");
  const path = `/api/${key.slice(0, dot)}/${key.slice(dot + 1)}`;
  const request = apiRequest(opts.origin ?? window.location.origin, path, verb, params as Record<string, unknown>, {
    locale: opts.locale,
    keepalive: opts.keepalive,
  });
  return readApiResponse<ResultOf<K>>(await (opts.fetch ?? ((r: Request) => fetch(r)))(request));
}

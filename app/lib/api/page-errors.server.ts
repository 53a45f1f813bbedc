import { data } from "react-router";
import { PlatformError } from "../../../core/api/errors";

/**
 * For loaders: a platform failure becomes the error page of its status (a banned player's 403,
 * a disabled application's 503…) with the exception type and message kept for the page.
 */
export async function orErrorPage<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (e) {
    if (e instanceof PlatformError) throw data({ type: e.type, message: e.message }, { status: e.status });
    throw e;
  }
}

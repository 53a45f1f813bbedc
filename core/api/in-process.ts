import type { MethodKey } from "./contract";
import type { ApiErrorBody } from "./errors";

/**
 * A call of the /api contract made in-process, by the app's server side to the embedded platform
 * (issue 39): what the wire would carry, without a Request to build, a query or form to parse and
 * a JSON answer to read again. The platform answers it exactly as it answers the same call over
 * the wire (workers/platform/index.ts `callPlatform`).
 */
export interface PlatformCall {
  key: MethodKey;
  /** The parameters as the wire carries them: text, the path parameter among them, absent ones left out. */
  params: Record<string, string>;
  locale?: string;
  /** The caller's request: its headers (cookies, user agent, IP) and its origin, as a call over the wire brings them. */
  request: Request;
}

/** A call's answer: its status, its envelope and the Set-Cookie headers it sets. */
export interface PlatformAnswer {
  status: number;
  body: { data: unknown } | { error: ApiErrorBody };
  cookies: string[];
}

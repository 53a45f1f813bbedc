import type { MethodDecl } from "../../../core/api/define";
import { contract, type MethodKey, type ParamsOf, type ResultOf } from "../../../core/api/contract";
import { API_VERSION, apiRequest, readApiResponse } from "./wire";
import { PlatformError } from "../../../core/api/errors";
import type { PlatformAnswer, PlatformCall } from "../../../core/api/in-process";

export { API_VERSION };

export interface PlatformClientOptions {
  /** Sends the request: in-process platform on the server, window.fetch in the browser. */
  fetch: (request: Request) => Promise<Response>;
  /** Origin the /api paths are resolved against. */
  origin: string;
  locale?: string;
  /** Headers forwarded with every call (the player's cookies, user agent, …). */
  headers?: HeadersInit;
  /** Receives each Set-Cookie the platform answers, to relay to the player. */
  onSetCookie?: (cookie: string) => void;
  nonStrict?: boolean;
  /**
   * The embedded platform answering in-process (the server side only): the calls skip the wire,
   * `request` standing for the one a call would send (its headers and origin).
   */
  direct?: { call: (call: PlatformCall) => Promise<PlatformAnswer>; request: Request };
}

/** Calls the /api contract with typed params and results; failures throw PlatformError. */
export class PlatformClient {
  constructor(private readonly o: PlatformClientOptions) {}

  get locale() {
    return this.o.locale;
  }

  withLocale(locale: string): PlatformClient {
    return new PlatformClient({ ...this.o, locale });
  }

  // biome-ignore lint/complexity/noBannedTypes: `{} extends P` asks whether every parameter is optional
  async call<K extends MethodKey>(key: K, ...[params]: {} extends ParamsOf<K> ? [ParamsOf<K>?] : [ParamsOf<K>]) {
    const decl = contract[key] as MethodDecl;
    const values = { ...(params as Record<string, unknown> | undefined) };
    const direct = this.o.direct;
    if (direct) {
      // The parameters as the wire would carry them: text, the absent ones left out.
      const wire: Record<string, string> = {};
      for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined) wire[k] = String(v);
      const answer = await direct.call({ key, params: wire, locale: this.o.locale, request: direct.request });
      if (this.o.onSetCookie) for (const c of answer.cookies) this.o.onSetCookie(c);
      if (answer.status >= 300 || !("data" in answer.body)) throw PlatformError.fromBody(answer.status, answer.body);
      return answer.body.data as ResultOf<K>;
    }
    let path = `/api/${decl.group}/${decl.name}`;
    if (decl.pathParam) {
      path += `/${encodeURIComponent(String(values[decl.pathParam]))}`;
      delete values[decl.pathParam];
    }
    const request = apiRequest(this.o.origin, path, decl.verb, values, {
      locale: this.o.locale,
      nonStrict: this.o.nonStrict,
      headers: this.o.headers,
    });
    const response = await this.o.fetch(request);
    if (this.o.onSetCookie) for (const c of response.headers.getSetCookie()) this.o.onSetCookie(c);
    return readApiResponse<ResultOf<K>>(response);
  }
}

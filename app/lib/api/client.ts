import type { MethodDecl } from "./define";
import { contract, type MethodKey, type ParamsOf, type ResultOf } from "./contract";
import { PlatformError } from "./errors";

export const API_VERSION = "1";

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

  async call<K extends MethodKey>(key: K, ...[params]: {} extends ParamsOf<K> ? [ParamsOf<K>?] : [ParamsOf<K>]) {
    const decl = contract[key] as MethodDecl;
    const values = { ...(params as Record<string, unknown> | undefined) };
    let path = `/api/${decl.group}/${decl.name}`;
    if (decl.pathParam) {
      path += `/${encodeURIComponent(String(values[decl.pathParam]))}`;
      delete values[decl.pathParam];
    }
    const url = new URL(path, this.o.origin);
    url.searchParams.set("v", API_VERSION);
    if (this.o.locale) url.searchParams.set("locale", this.o.locale);
    if (this.o.nonStrict) url.searchParams.set("_non_strict", "1");
    const headers = new Headers(this.o.headers);
    headers.set("accept", "application/json");
    let body: FormData | undefined;
    if (decl.verb === "GET") {
      for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined) url.searchParams.set(k, String(v));
    } else {
      body = new FormData();
      for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined) body.append(k, String(v));
      headers.set("origin", url.origin);
    }
    const response = await this.o.fetch(new Request(url, { method: decl.verb, headers, body }));
    if (this.o.onSetCookie) for (const c of response.headers.getSetCookie()) this.o.onSetCookie(c);
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new PlatformError("UnknownError", `Platform answered ${response.status} without JSON`, {
        status: response.status >= 400 ? response.status : 502,
      });
    }
    if (!response.ok) throw PlatformError.fromBody(response.status, json);
    return (json as { data: ResultOf<K> }).data;
  }
}

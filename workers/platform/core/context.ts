import type { z } from "zod";
import type { Contract, MethodKey, ResultOf } from "../../../app/lib/api/contract";

/** What a platform handler knows about the call it serves. */
export interface PlatformContext {
  env: Env;
  db: D1Database;
  request: Request;
  /** The request locale (`locale` query, then cookie, then default), always a known locale. */
  locale: string;
  defaultLocale: string;
  /** Signed-in player id, 0 for a visitor. */
  uid: number;
  /** Identity for per-visitor state such as storage: `u:<uid>` or `v:<visitor id>`. */
  subject(): string;
  setCookie(header: string): void;
  waitUntil(promise: Promise<unknown>): void;
}

export type Handler<K extends MethodKey> = (
  params: z.output<Contract[K]["params"]>,
  ctx: PlatformContext,
) => Promise<ResultOf<K>> | ResultOf<K>;

export type Handlers<K extends MethodKey = MethodKey> = { [P in K]: Handler<P> };

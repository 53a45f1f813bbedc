import type { LocaleList } from "../../../core/api/entities";
import type { z } from "zod";
import type { Contract, MethodKey, ResultOf } from "../../../core/api/contract";

/** The session a call carried: a signed-in player's, or a sign-in waiting for its two-factor code. */
export interface SessionInfo {
  /** SHA-256 of the cookie's id, as stored. */
  idHash: string;
  uid: number;
  createdAt: number;
  /** When the player's session limit ends this session (Unix ms); null: no limit (the 30 days every session has). */
  endsAt: number | null;
  /** A sign-in waiting for its two-factor code (signs nobody in). */
  pending: boolean;
  /** Only for pending sessions: the two-factor step took too long. */
  expired: boolean;
  banned: boolean;
}

/** What a platform handler knows about the call it serves. */
export interface PlatformContext {
  env: Env;
  db: D1Database;
  /**
   * The signed-in player's own tables (decision 0075): statements on those already in their
   * object go there, the rest to D1 (player/routed-d1.ts). Authorization error for a visitor.
   */
  player(): D1Database;
  request: Request;
  /** The request locale (`locale` query, then cookie, then default), always a known locale. */
  locale: string;
  defaultLocale: string;
  /**
   * The `general_info` setting's JSON as read with the locales before the call (null: not
   * configured); undefined where the caller did not read it. `readGeneralInfo` reads it.
   */
  generalInfo?: string | null;
  /** The `metadata` setting's JSON as read with the locales, as `generalInfo` is (`readMetadata`). */
  metadata?: string | null;
  /** The `content_images` setting's JSON as read with the locales, as `generalInfo` is (`imageKey`). */
  contentImages?: string | null;
  /**
   * The site's enabled locales and default as read with the settings before the call; undefined
   * where the caller did not read them (`siteLocales` in i18n/locales.ts reads them then).
   */
  locales?: LocaleList;
  /**
   * The configuration version (replica_state, decision 0075) as read with the locales; undefined
   * where the caller did not read it. A player's object asked with it need not read it from D1.
   */
  replica?: number | null;
  /** Signed-in player id, 0 for a visitor. */
  uid: number;
  session: SessionInfo | null;
  /** "limit" when the cookie named a session the player's session limit has just ended (account.getInfo says so once). */
  sessionEnded?: "limit";
  /** The client address (cf-connecting-ip, else X-Forwarded-For, else 'local'). */
  clientIp: string;
  /** Signs a player in with a new session id (rotation: the session the call carried ends). */
  startSession(uid: number, options?: { pendingTwoFactor?: boolean }): Promise<void>;
  /** Ends the session the call carried and clears its cookie. */
  endSession(): Promise<void>;
  /** Identity for per-visitor state such as storage: `u:<uid>` or `v:<visitor id>`. */
  subject(): string;
  setCookie(header: string): void;
  waitUntil(promise: Promise<unknown>): void;
  /**
   * `read`'s answer shared by the read calls of one page render that ask by `key` (render-scope.ts
   * `sharedRead`); asked by this call alone outside a render or in a write.
   */
  shared<T>(key: string, read: () => Promise<T>): Promise<T>;
}

export type Handler<K extends MethodKey> = (params: z.output<Contract[K]["params"]>, ctx: PlatformContext) => Promise<ResultOf<K>> | ResultOf<K>;

export type Handlers<K extends MethodKey = MethodKey> = { [P in K]: Handler<P> };

/**
 * The call's context with `db` the signed-in player's own tables (`ctx.player()`): for the code
 * of a player's own money and rewards, which reaches everything through `ctx.db` (MoneyDeps
 * included), so its statements and batches go where the player's tables are (decision 0075).
 */
export const ownTables = (ctx: PlatformContext): PlatformContext => ({ ...ctx, db: ctx.player() });

import type { z } from "zod";

export type HttpVerb = "GET" | "POST";

/**
 * One platform method, declared once: the Worker validates with `params`, answers with
 * `result`, PlatformClient takes its types from both, and docs/api is generated from them.
 */
export interface MethodDecl<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  group: string;
  name: string;
  verb: HttpVerb;
  summary: string;
  params: P;
  result: R;
  /** A trailing path segment carried as this param: `/api/nfx/i18n/messages/{locale}`. */
  pathParam?: keyof z.infer<P> & string;
  /** Who may call: anyone, or a signed-in player (AuthorizationException otherwise). */
  access: "public" | "player";
}

export function method<P extends z.ZodObject, R extends z.ZodType>(decl: MethodDecl<P, R>) {
  return decl;
}

export function methodPath(decl: Pick<MethodDecl, "group" | "name">): string {
  return `/api/${decl.group}/${decl.name}`;
}

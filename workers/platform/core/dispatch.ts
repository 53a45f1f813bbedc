import { contract, type MethodKey } from "../../../core/api/contract";
import type { MethodDecl } from "../../../core/api/define";
import { PlatformError } from "../../../core/api/errors";

const byPath = new Map<string, MethodKey>();
for (const key of Object.keys(contract) as MethodKey[]) {
  const d = contract[key] as MethodDecl;
  byPath.set(`${d.group}/${d.name}`.toLowerCase(), key);
}

export interface Resolved {
  key: MethodKey;
  decl: MethodDecl;
  pathValue?: string;
}

/**
 * Finds the method for `/api/{group}/{method}` (case-insensitively, as PHP-era platforms do),
 * or `/api/{group}/{method}/{value}` for methods that take a path parameter.
 */
export function resolveMethod(path: string): Resolved {
  const clean = path.replace(/^\/+|\/+$/g, "");
  const direct = byPath.get(clean.toLowerCase());
  if (direct) return { key: direct, decl: contract[direct] as MethodDecl };
  const cut = clean.lastIndexOf("/");
  if (cut > 0) {
    const key = byPath.get(clean.slice(0, cut).toLowerCase());
    const decl = key ? (contract[key] as MethodDecl) : undefined;
    if (key && decl?.pathParam) return { key, decl, pathValue: clean.slice(cut + 1) };
  }
  const shown = clean.length > 80 ? `${clean.slice(0, 80)}…` : clean;
  throw new PlatformError("MethodNotFound", `Method '${shown}' does not exist`);
}

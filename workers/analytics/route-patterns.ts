import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { OTHER_ROUTE, type RouteOf } from "../platform/analytics/page-routes";

type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Node[] };

/**
 * A path → the app's route pattern (decision 0113), by React Router's own matching over the
 * server build's route table (the client gets no byte of this): `/game/book-of-dawn` →
 * `/game/:sysname`, `/es/game/x` → `/:locale/game/:sysname`, `/` → `/`. A path only the
 * catch-all takes (a 404), or none, is `(other)`. The query is ignored.
 */
export function routePatternMatcher(routes: ServerBuild["routes"]): RouteOf {
  const nodes = new Map<string, Node>();
  const all = Object.values(routes).filter((r) => r !== undefined);
  for (const r of all) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive });
  const roots: Node[] = [];
  for (const r of all) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return (path) => {
    const pathname = path.split(/[?#]/)[0] || "/";
    const matches = matchRoutes(roots as RouteObject[], pathname);
    if (!matches) return OTHER_ROUTE;
    const parts = matches.map((m) => m.route.path).filter((p): p is string => !!p);
    if (parts.some((p) => p === "*" || p.endsWith("/*"))) return OTHER_ROUTE;
    return `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
  };
}

let cached: Promise<RouteOf> | undefined;

/** This isolate's matcher over the production build's routes (built once). */
export function buildRoutePatterns(): Promise<RouteOf> {
  cached ??= import("virtual:react-router/server-build").then((build) => routePatternMatcher(build.routes));
  return cached;
}

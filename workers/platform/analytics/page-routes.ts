/**
 * The app's route patterns for the operator's Web Vitals view (decision 0113): which route of the
 * app's table (`/game/:sysname`, `/:locale/game/:sysname`…) a stored path was. The route table is
 * the app's build, which the platform does not import: the Worker entry (the composition root)
 * installs a resolver built from it. A platform without one (run elsewhere, PLATFORM_ORIGIN)
 * answers `(other)` for every path.
 */
export const OTHER_ROUTE = "(other)";

export type RouteOf = (path: string) => string;
let resolver: (() => Promise<RouteOf>) | null = null;

/** Called once by workers/app.ts; the resolver is asked on first use (the build loads lazily). */
export function installPageRoutes(load: () => Promise<RouteOf>): void {
  resolver = load;
}

export async function pageRoutes(): Promise<RouteOf> {
  return resolver ? resolver() : () => OTHER_ROUTE;
}

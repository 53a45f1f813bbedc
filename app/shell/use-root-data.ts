import { useRouteLoaderData } from "react-router";
import type { RootData } from "./root-data";

/** The root loader's data (shell/root-data.server.ts), on every page; undefined outside the root route. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

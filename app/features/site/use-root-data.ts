import { useMemo } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { createT, type TFunction } from "../../lib/i18n/translate";
import { alternateLinks, localizePath, splitLocalePath } from "../../lib/i18n/locale";
import type { RootData } from "./root-data.server";

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The translate function of the page's locale (keys shown as-is when the bundle lacks them). */
export function useT(): TFunction {
  const messages = useRootData()?.messages;
  return useMemo(() => createT(messages), [messages]);
}

/** Builds a path in the page's locale: `/gamehall` → `/es/gamehall`. */
export function useLocalePath(): (basePath: string) => string {
  const root = useRootData();
  return (p) => (root ? localizePath(p, root.locale, root.defaultLocale) : p);
}

/** Canonical and hreflang links of the current page, following client-side navigation. */
export function usePageLinks() {
  const root = useRootData();
  const { pathname } = useLocation();
  return useMemo(() => {
    if (!root) return null;
    const { basePath } = splitLocalePath(pathname, root.locales, root.defaultLocale);
    return {
      basePath,
      canonical: root.origin + localizePath(basePath, root.locale, root.defaultLocale),
      alternates: alternateLinks(root.origin, basePath, root.locales, root.defaultLocale),
    };
  }, [root, pathname]);
}

import { useMemo } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { LocaleList, MessageBundle } from "../../../core/api/entities";
import { alternateLinks, localizePath, splitLocalePath } from "./locale";
import { createT, type TFunction } from "./translate";

/** What the i18n hooks read of the root loader's data (the shell's RootData extends it). */
export interface LocaleData {
  locale: string;
  defaultLocale: string;
  locales: LocaleList["locales"];
  /** Absent in the browser for the document's section: its own script has them (DOCUMENT_MESSAGES). */
  messages?: MessageBundle;
  origin: string;
}

/** The global the document's translations script sets (shell/page-messages.server.ts). */
export const DOCUMENT_MESSAGES = "__pfm";

function useLocaleData(): LocaleData | undefined {
  return useRouteLoaderData("root") as LocaleData | undefined;
}

/** The translate function of the page's locale (keys shown as-is when the bundle lacks them). */
export function useT(): TFunction {
  const messages = useLocaleData()?.messages ?? (globalThis as { __pfm?: MessageBundle }).__pfm;
  return useMemo(() => createT(messages), [messages]);
}

/** The page's locale ("en" where no root data is loaded). */
export function usePageLocale(): string {
  return useLocaleData()?.locale ?? "en";
}

/** Builds a path in the page's locale: `/gamehall` → `/es/gamehall`. */
export function useLocalePath(): (basePath: string) => string {
  const data = useLocaleData();
  const locale = data?.locale;
  const defaultLocale = data?.defaultLocale;
  // The same function while the locale holds: effects that use it (a realtime subscription) are not redone at each render.
  return useMemo(
    () => (p: string) => (locale !== undefined && defaultLocale !== undefined ? localizePath(p, locale, defaultLocale) : p),
    [locale, defaultLocale],
  );
}

/**
 * Canonical and hreflang links of the current page, following client-side navigation. A page
 * that exists in some locales only says which in its loader data (`pageLocales`): only those are
 * its alternates.
 */
export function usePageLinks() {
  const data = useLocaleData();
  const { pathname } = useLocation();
  const matches = useMatches();
  const only = (matches.at(-1)?.loaderData as { pageLocales?: readonly string[] } | undefined)?.pageLocales;
  return useMemo(() => {
    if (!data) return null;
    const { basePath } = splitLocalePath(pathname, data.locales, data.defaultLocale);
    const locales = only ? data.locales.filter((l) => only.includes(l.code)) : data.locales;
    return {
      basePath,
      canonical: data.origin + localizePath(basePath, data.locale, data.defaultLocale),
      alternates: alternateLinks(data.origin, basePath, locales, data.defaultLocale),
      /** Whether this page exists in `locale` (the language switcher leads elsewhere to that locale's home). */
      existsIn: (locale: string) => !only || only.includes(locale),
    };
  }, [data, pathname, only]);
}

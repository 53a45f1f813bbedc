import { createI18nextMiddleware } from "remix-i18next";
import type { MiddlewareFunction } from "react-router";
import { getSite } from "../features/site/site.server";

/**
 * remix-i18next gives each request its own i18next instance for loaders, actions and meta.
 * The locale is the one the site middleware resolved; the bundle comes from the platform.
 */
const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [],
    fallbackLanguage: "en",
    order: ["custom"],
    findLocale: async ({ context }) => getSite(context).locale,
  },
  i18next: {
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  },
});

export const i18nMiddleware: MiddlewareFunction<Response> = (args, next) =>
  i18nextMiddleware(args, async () => {
    const site = getSite(args.context);
    getInstance(args.context).addResourceBundle(site.locale, "translation", site.messages, true, true);
    return next();
  });

export { getInstance, getLocale };

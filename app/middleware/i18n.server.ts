import { createInstance, type i18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { MessageBundle } from "../../core/api/entities";
import { getSite } from "../features/site/site.server";

const i18nContext = createContext<i18n>();

/**
 * One i18next instance per bundle and locale in the isolate, not one per request: building an
 * instance and loading a bundle into it cost about 3 ms of CPU on every render. The site cache
 * hands out the same bundle object while it is fresh, so a new bundle (an operator's edit, a
 * new TTL) gets a new instance and the old one goes with its bundle. Loaders only call `t`; the
 * instance's language is fixed, nothing changes it, so sharing it between requests is safe.
 */
const instances = new WeakMap<MessageBundle, Map<string, i18n>>();

export function i18nFor(locale: string, messages: MessageBundle): i18n {
  let byLocale = instances.get(messages);
  if (!byLocale) instances.set(messages, (byLocale = new Map()));
  let instance = byLocale.get(locale);
  if (!instance) {
    instance = createInstance({
      lng: locale,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      initAsync: false,
      resources: { [locale]: { translation: messages } },
    });
    void instance.init();
    instance.t = rememberTranslations(instance.t.bind(instance) as (key: string, options?: object) => string) as typeof instance.t;
    byLocale.set(locale, instance);
  }
  return instance;
}

/** Texts remembered per instance before the memo starts afresh (a search's title has any query in it). */
const REMEMBERED = 500;

/**
 * The loaders' `t` remembers what it answered for a key and its values. i18next's `translate`
 * (key parsing, namespace, plural and context lookups, interpolation) measured ~1 ms of a lobby
 * render's CPU in workerd for its two or three texts, which are the same on every render of a page.
 * Safe because the instance's bundle and language never change (see above).
 */
function rememberTranslations(t: (key: string, options?: object) => string) {
  const seen = new Map<string, string>();
  return (key: string, options?: object): string => {
    if (typeof key !== "string" || (options !== undefined && (typeof options !== "object" || options === null))) return t(key, options);
    const id = options === undefined ? key : `${key}\u0000${JSON.stringify(options)}`;
    let text = seen.get(id);
    if (text === undefined) {
      text = t(key, options);
      if (seen.size >= REMEMBERED) seen.clear();
      seen.set(id, text);
    }
    return text;
  };
}

/** The locale is the one the site middleware resolved; the bundle comes from the platform. */
export const i18nMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  const site = getSite(context);
  context.set(i18nContext, i18nFor(site.locale, site.messages));
  return next();
};

export const getInstance = (context: Readonly<RouterContextProvider>): i18n => context.get(i18nContext);
export const getLocale = (context: Readonly<RouterContextProvider>): string => getSite(context).locale;

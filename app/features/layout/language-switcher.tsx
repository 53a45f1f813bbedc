import { useRef } from "react";
import { usePathnameChange } from "../../lib/use-pathname-change";
import { useLocation } from "react-router";
import { switchLocaleHref } from "../../lib/i18n/locale";
import { useRootData } from "../../shell/use-root-data";
import { usePageLinks, useT } from "../../lib/i18n/use-t";

/**
 * Lists the other locales as plain links to this page in each of them: works without
 * JavaScript, and the server remembers the choice in the locale cookie. The link to the default
 * locale's home names the choice (`/?lang=en`), since the bare root follows the cookie.
 */
export function LanguageSwitcher() {
  const root = useRootData()!;
  const t = useT();
  const { search } = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  const current = root.locales.find((l) => l.code === root.locale);
  const links = usePageLinks();
  usePathnameChange(() => {
    if (details.current) details.current.open = false;
  });
  const others = root.locales.filter((l) => l.code !== root.locale);
  if (others.length === 0) return null;
  return (
    <details className="lang" ref={details}>
      {/* The name starts with the visible code (WCAG 2.5.3), then says what the control does. */}
      <summary className="lang__current">
        {current && <img src={current.icon} alt="" width={20} height={14} loading="lazy" />}
        <span className="lang__code">{current?.code.toUpperCase()}</span>
        <span className="visually-hidden">, {t("header.language")}</span>
      </summary>
      <ul className="lang__list">
        {others.map((l) => {
          // A page that does not exist in that language leads to its home, not to a 404.
          const here = !links || links.existsIn(l.code);
          const path = switchLocaleHref(here ? (links?.basePath ?? "/") : "/", here ? search : "", l.code, root.defaultLocale);
          return (
            <li key={l.code}>
              {/* A full document load: the new locale brings its own bundle, direction and menus. */}
              <a href={path} hrefLang={l.code} lang={l.code}>
                <img src={l.icon} alt="" width={20} height={14} loading="lazy" />
                <span>{l.name}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

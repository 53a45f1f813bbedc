import { useState } from "react";
import { useLocation } from "react-router";
import { useRootData } from "../../shell/use-root-data";
import { useT } from "../../lib/i18n/use-t";

export const THEME_ACTION = "/resources/theme";

/**
 * Light/dark switch, shown only when the site has more than one theme. A plain form without
 * JavaScript; with it, the theme changes at once and the cookie is saved in the background
 * (a bare fetch: the router's fetcher would add ~4 KB to every page's first load).
 */
export function ThemeSwitcher() {
  const root = useRootData()!;
  const t = useT();
  const { pathname, search } = useLocation();
  const [chosen, setChosen] = useState<string | null>(null);
  if (root.themes.length < 2) return null;
  const current = chosen ?? root.theme;
  return (
    <form
      method="post"
      action={THEME_ACTION}
      className="theme-switch"
      aria-label={t("theme.label")}
      onSubmit={(e) => {
        const submitter = (e.nativeEvent as SubmitEvent).submitter;
        const theme = submitter?.getAttribute("value");
        if (!theme) return;
        e.preventDefault();
        document.documentElement.dataset.theme = theme;
        setChosen(theme);
        const body = new FormData(e.currentTarget, submitter);
        // The answer is a redirect back to this page; only its Set-Cookie matters here.
        void fetch(THEME_ACTION, { method: "POST", body, redirect: "manual", credentials: "same-origin" });
      }}
    >
      <input type="hidden" name="redirectTo" value={pathname + search} />
      {root.themes.map((theme) => (
        <button key={theme} type="submit" name="theme" value={theme} aria-pressed={current === theme} className="theme-switch__option">
          {t(`theme.${theme}`)}
        </button>
      ))}
    </form>
  );
}

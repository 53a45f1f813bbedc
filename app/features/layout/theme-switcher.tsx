import { useFetcher, useLocation } from "react-router";
import { useRootData, useT } from "../site/use-root-data";

export const THEME_ACTION = "/resources/theme";

/**
 * Light/dark switch, shown only when the site has more than one theme. A plain form without
 * JavaScript; with it, the theme changes at once and the cookie is saved in the background.
 */
export function ThemeSwitcher() {
  const root = useRootData()!;
  const t = useT();
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  if (root.themes.length < 2) return null;
  const pending = fetcher.formData?.get("theme");
  const current = typeof pending === "string" ? pending : root.theme;
  return (
    <fetcher.Form
      method="post"
      action={THEME_ACTION}
      className="theme-switch"
      aria-label={t("theme.label")}
      onSubmit={(e) => {
        const chosen = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
        if (chosen) document.documentElement.dataset.theme = chosen;
      }}
    >
      <input type="hidden" name="redirectTo" value={pathname + search} />
      {root.themes.map((theme) => (
        <button key={theme} type="submit" name="theme" value={theme} aria-pressed={current === theme} className="theme-switch__option">
          {t(`theme.${theme}`)}
        </button>
      ))}
    </fetcher.Form>
  );
}

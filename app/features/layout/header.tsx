import { Suspense, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { AppLink } from "../../ui/app-link";
import { withPopup } from "../auth/popup-url";
import { Icon } from "../../ui/icon";
import { useRootData } from "../../shell/use-root-data";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { LanguageSwitcher } from "./language-switcher";
import { SearchButton } from "../search/search-button";

const balance = lazyWithPreload(() => import("./header-balance").then((m) => m.HeaderBalance));
/** entry.server renders the player's balance in place (lib/lazy-with-preload.tsx). */
export const preloadHeaderBalance = balance.preload;

/**
 * Keeps --header-height in step with the header, so the toast area sits right under it. Only a
 * real change is written: setting a property on <html> restyles the whole page, and the
 * observer's first call (on hydration, when the page is busiest) usually finds the stylesheet's
 * value already right.
 */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    let shown = parseFloat(getComputedStyle(root).getPropertyValue("--header-height"));
    const ro = new ResizeObserver(() => {
      const height = el.offsetHeight;
      if (height === shown) return;
      shown = height;
      root.style.setProperty("--header-height", `${height}px`);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return ref;
}

/**
 * A plain form: signing out reloads the whole document, which also drops every piece of the
 * player's client state (and keeps Form's code off first load). In the header from tablets up,
 * in the sidebar on phones, where the header has no room for it.
 */
export function SignOutForm({ className }: { className: string }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <form method="post" action={to("/auth")} className={className}>
      <input type="hidden" name="intent" value="logout" />
      <button type="submit" className="btn btn--ghost">
        {t("header.signOut")}
      </button>
    </form>
  );
}

export function Header() {
  const root = useRootData()!;
  const t = useT();
  const to = useLocalePath();
  const ref = useHeaderHeight();
  // The popup opens over this page and keeps its query (a redirectUrl, for one).
  const { pathname, search } = useLocation();
  const here = pathname + search;
  return (
    <header className="header" ref={ref}>
      {/* The menu toggle on phones and tablets: a real, labelled checkbox, so the sidebar opens
          and closes without JavaScript too (CSS `:has(:checked)`); the burger icon is its look. */}
      <label className="header__burger">
        <input
          type="checkbox"
          id="sidebar-toggle"
          className="sidebar-toggle"
          aria-label={t("header.menu")}
          aria-controls="sidebar"
          onKeyDown={(e) => {
            // Space toggles a checkbox natively; Enter, as on a button, does too.
            if (e.key !== "Enter") return;
            e.preventDefault();
            e.currentTarget.click();
          }}
        />
        <Icon name="menu" size={24} />
      </label>
      <AppLink to={to("/")} className="header__logo" aria-label={t("header.home")}>
        <img src={root.site.logo.src} width={root.site.logo.width} height={root.site.logo.height} alt={root.site.logo.alt} />
      </AppLink>
      <div className="header__actions">
        <SearchButton />
        <LanguageSwitcher />
        {root.player ? (
          <>
            <span className="header__player" data-player={root.player.uid} dir="auto">
              {root.player.login}
            </span>
            {/* Balance and session clock share one slot: side by side from tablets up, stacked
                (the clock small, under the balance) on phones, where the row has no room. */}
            {/* A div: the balance inside is a <details>, which a <span> may not hold. */}
            <div className="header__wallet">
              {/* Filled after hydration by the responsible-gaming session clock (a portal). */}
              <span className="header__session" id="header-session" />
              {/* The live balance is its own chunk: anonymous pages (most first loads) ship none of it. */}
              <Suspense fallback={null}>
                <balance.Component player={root.player} />
              </Suspense>
            </div>
            <AppLink to={to("/cashier/deposit")} className="btn btn--primary">
              {t("header.deposit")}
            </AppLink>
            <SignOutForm className="header__signout" />
          </>
        ) : (
          <>
            {/* On phones Sign in is its icon (the text stays its accessible name): long
                translations ("Iniciar sesión") would push Sign up off the screen. */}
            <AppLink to={withPopup(here, "authorization")} className="btn btn--ghost header__signin" preventScrollReset>
              <Icon name="user" className="header__signin-icon" />
              <span className="header__label">{t("header.signIn")}</span>
            </AppLink>
            <AppLink to={withPopup(here, "registration")} className="btn btn--primary" preventScrollReset>
              {t("header.signUp")}
            </AppLink>
          </>
        )}
      </div>
    </header>
  );
}

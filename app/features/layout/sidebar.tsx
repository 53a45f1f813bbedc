import { Suspense } from "react";
import { Await, useLocation } from "react-router";
import type { RootData } from "../../shell/root-data";
import { AppLink } from "../../ui/app-link";
import { ServerHtml } from "../../ui/server-html";
import type { MenuGroup } from "../../../core/api/cms";
import { useRootData } from "../../shell/use-root-data";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { SignOutForm } from "./header";
import { withPopup } from "../auth/popup-url";
import { ThemeSwitcher } from "./theme-switcher";
import { usePathnameChange } from "../../lib/use-pathname-change";
import { ClaimTermsNote } from "../site/claim-terms";

// The menus' markup is kept as the server sent it (ServerHtml) and their code is a lazy chunk: a
// page's first load carries neither. It loads when a new key renders them in the browser (a
// sign-in, another locale); entry.server preloads it, so the server renders them in place.
const menuGroups = lazyWithPreload(() => import("./menu-groups").then((m) => m.MenuGroups));
const footerBody = lazyWithPreload(() => import("./menu-groups").then((m) => m.FooterBody));
export const FooterBody = footerBody.Component;

/** The menus' and the footer's code, for the server to render them in place. */
export const preloadMenus = () => Promise.all([menuGroups.preload(), footerBody.preload()]);

/**
 * The menus, server-rendered and not hydrated (ServerHtml): new content, a new key. The boundary
 * is outside the keyed element, so a new key in a navigation keeps the old menus on screen while
 * the chunk loads.
 */
export function Menu({ groups, signedIn, offers }: { groups: MenuGroup[]; signedIn: boolean; offers?: number }) {
  return (
    <Suspense fallback={null}>
      <ServerHtml className="menus" key={JSON.stringify([signedIn, groups, offers])}>
        <menuGroups.Component groups={groups} signedIn={signedIn} offers={offers} />
      </ServerHtml>
    </Suspense>
  );
}

/** The promo banner (banners.get, position sidebar): sign-up for a guest, the cashier deposit for a player. */
function SidebarBanner() {
  const root = useRootData()!;
  const t = useT();
  const banner = root.cms.sidebarBanner;
  if (!(banner instanceof Promise)) return <Promo banner={banner} />;
  // The same box while it streams in, so nothing below it moves when it arrives.
  const placeholder = (
    <section className="promo promo--loading" aria-busy="true" aria-label={t("common.loading")}>
      <div className="promo__image" />
      <div className="promo__text">
        <p className="promo__title">&nbsp;</p>
        <p className="promo__subtitle">&nbsp;</p>
        <span className="btn btn--primary">&nbsp;</span>
      </div>
    </section>
  );
  return (
    <Suspense fallback={placeholder}>
      <Await resolve={banner} errorElement={null}>
        {(b) => <Promo banner={b} />}
      </Await>
    </Suspense>
  );
}

function Promo({ banner: b }: { banner: Awaited<RootData["cms"]["sidebarBanner"]> }) {
  const root = useRootData()!;
  const { pathname, search } = useLocation();
  const to = useLocalePath();
  return (
    <section className="promo">
      <img className="promo__image" src={b.image} width={336} height={180} alt="" loading="lazy" decoding="async" />
      <div className="promo__text">
        <p className="promo__title">{b.title}</p>
        <p className="promo__subtitle">{b.subtitle}</p>
        <AppLink className="btn btn--primary" to={root.player ? to("/cashier/deposit") : withPopup(pathname + search, "registration")} preventScrollReset>
          {b.buttonTitle}
        </AppLink>
        <ClaimTermsNote terms={b.terms} />
      </div>
    </section>
  );
}

export function Sidebar() {
  const root = useRootData()!;
  const t = useT();
  // On mobile the sidebar is a popup: it closes whenever the route changes.
  usePathnameChange(() => {
    const toggle = document.getElementById("sidebar-toggle") as HTMLInputElement | null;
    if (toggle) toggle.checked = false;
  });
  return (
    <aside className="sidebar" id="sidebar" aria-label={t("sidebar.label")}>
      {/* Named by its text (a label takes no aria-label): the × for the eye, the words for a reader. */}
      <label htmlFor="sidebar-toggle" className="sidebar__close">
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{t("sidebar.close")}</span>
      </label>
      <SidebarBanner />
      <Menu groups={root.cms.menus.sidebar} signedIn={!!root.player} offers={root.player?.offersCount} />
      <ThemeSwitcher />
      {root.player && <SignOutForm className="sidebar__signout" />}
    </aside>
  );
}

import { Suspense } from "react";
import { Await, useLocation } from "react-router";
import type { RootData } from "../../shell/root-data";
import { AppLink } from "../../ui/app-link";
import { ServerHtml } from "../../ui/server-html";
import type { MenuGroup, MenuLink } from "../../../core/api/cms";
import { Icon } from "../../ui/icon";
import { useRootData } from "../../shell/use-root-data";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { CmsLink } from "../site/cms-link";
import { SignOutForm } from "./header";
import { withPopup } from "../auth/popup-url";
import { ThemeSwitcher } from "./theme-switcher";
import { usePathnameChange } from "../../lib/use-pathname-change";

/** Badges count up to 9, then read '9+' (SPEC §2). */
export function badgeText(n: number | undefined): string | null {
  if (!n || n <= 0) return null;
  return n > 9 ? "9+" : String(n);
}

/**
 * A menu item's count. What a screen reader announces is what is shown ("9+", part of the link's
 * name, so voice control can say it too), never a different number.
 */
export function MenuBadge({ count }: { count: number | undefined }) {
  const text = badgeText(count);
  return text ? <span className="badge">{text}</span> : null;
}

/** Menu items for this visitor: onlyAuth items are hidden from guests, in submenus too. */
export function visibleItems(items: MenuLink[], signedIn: boolean): MenuLink[] {
  return items.filter((i) => signedIn || !i.onlyAuth).map((i) => (i.submenu ? { ...i, submenu: visibleItems(i.submenu, signedIn) } : i));
}

/** The Offers link's badge (SPEC §2): the player's available offers, kept live by offers-live.tsx through `data-offers-badge`. */
export const OFFERS_LINK = "/offers";

function OffersBadge({ count }: { count: number }) {
  const text = badgeText(count);
  return (
    <span className="badge" data-offers-badge="" hidden={!text}>
      {text}
    </span>
  );
}

function MenuItem({ item, offers }: { item: MenuLink; offers?: number }) {
  const body = (
    <>
      {item.icon && <Icon name={item.icon} />}
      <span className="menu__name">{item.name}</span>
      {item.link === OFFERS_LINK && offers !== undefined ? <OffersBadge count={offers} /> : <MenuBadge count={item.badge} />}
      {item.postfixIcon && <Icon name={item.postfixIcon} size={16} />}
    </>
  );
  const link = (
    <CmsLink className="menu__link" link={item.link} external={item.external} target={item.target} rel={item.rel}>
      {body}
    </CmsLink>
  );
  if (!item.submenu?.length) return <li>{link}</li>;
  return (
    <li>
      <details className="menu__sub">
        <summary className="menu__link">{body}</summary>
        <ul>
          {item.submenu.map((s) => (
            <MenuItem key={s.link + s.name} item={s} offers={offers} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The menus, server-rendered and not hydrated (ServerHtml): new content, a new key. */
export function Menu({ groups, signedIn, offers }: { groups: MenuGroup[]; signedIn: boolean; offers?: number }) {
  return (
    <ServerHtml className="menus" key={JSON.stringify([signedIn, groups, offers])}>
      {groups.map((g) => {
        const items = visibleItems(g.items, signedIn);
        if (items.length === 0) return null;
        return (
          <nav key={g.group} className="menu" aria-label={g.title}>
            {g.title && <h2 className="menu__title">{g.title}</h2>}
            <ul>
              {items.map((i) => (
                <MenuItem key={i.link + i.name} item={i} offers={offers} />
              ))}
            </ul>
          </nav>
        );
      })}
    </ServerHtml>
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
      <label htmlFor="sidebar-toggle" className="sidebar__close" aria-label={t("sidebar.close")}>
        ×
      </label>
      <SidebarBanner />
      <Menu groups={root.cms.menus.sidebar} signedIn={!!root.player} offers={root.player?.offersCount} />
      <ThemeSwitcher />
      {root.player && <SignOutForm className="sidebar__signout" />}
    </aside>
  );
}

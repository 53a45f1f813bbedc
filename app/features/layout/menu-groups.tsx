import type { MenuGroup, MenuLink } from "../../../core/api/cms";
import { useRootData } from "../../shell/use-root-data";
import { useT } from "../../lib/i18n/use-t";
import { Icon } from "../../ui/icon";
import { CmsLink } from "../site/cms-link";
import { badgeText } from "./badge";

// The menus and the footer: plain links and texts the browser keeps as the server sent them
// (sidebar.tsx `Menu`, footer.tsx), in a chunk of their own that no page's first load carries.

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

/** The sidebar's or the footer's menu groups for this visitor. */
export function MenuGroups({ groups, signedIn, offers }: { groups: MenuGroup[]; signedIn: boolean; offers?: number }) {
  return groups.map((g) => {
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
  });
}

/** The footer's menus, age notice, disclaimer and copyright. */
export function FooterBody() {
  const root = useRootData()!;
  const t = useT();
  const f = root.cms.footer;
  return (
    <>
      <div className="footer__menus">
        <div className="menus">
          <MenuGroups groups={root.cms.menus.footer} signedIn={!!root.player} />
        </div>
      </div>
      <p className="footer__age">
        <span className="footer__age-badge">{f.ageLimit}+</span> {t("footer.ageNotice", { age: f.ageLimit })}
      </p>
      <p className="footer__disclaimer">{f.disclaimer}</p>
      <p className="footer__copy">{f.copyright}</p>
    </>
  );
}

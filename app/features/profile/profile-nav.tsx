import { Link } from "react-router";
import { useEffect, useRef } from "react";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/** The profile's pages: settings, notifications, games and tools; the page being shown is marked aria-current. */
const ITEMS = [
  { path: "/profile/settings", key: "profileGames.nav.settings" },
  { path: "/profile/bonuses", key: "profileGames.nav.bonuses" },
  { path: "/profile/cashback", key: "profileGames.nav.cashback" },
  { path: "/profile/loyalty", key: "profileGames.nav.loyalty" },
  { path: "/profile/security", key: "profileGames.nav.security" },
  { path: "/profile/notification", key: "profileGames.nav.notification" },
  { path: "/profile/verification", key: "profileGames.nav.verification" },
  { path: "/profile/favorites", key: "profileGames.nav.favorites" },
  { path: "/profile/bets/history", key: "profileGames.nav.history" },
  { path: "/profile/bets/exports", key: "profileGames.nav.exports" },
  { path: "/profile/responsible-game", key: "profileGames.nav.responsible" },
] as const;

export type ProfilePath = (typeof ITEMS)[number]["path"];

export function ProfileNav({ current }: { current: ProfilePath }) {
  const t = useT();
  const to = useLocalePath();
  const nav = useRef<HTMLElement>(null);
  // On a phone the strip scrolls: the page being shown is brought into it (not the page scrolled),
  // again whenever another page of the profile is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` is what the effect follows (it reads the DOM)
  useEffect(() => {
    const link = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const strip = link?.closest("ul");
    if (!link || !strip || strip.scrollWidth <= strip.clientWidth) return;
    const [l, s] = [link.getBoundingClientRect(), strip.getBoundingClientRect()];
    strip.scrollBy({ left: l.left - s.left - (s.width - l.width) / 2 });
  }, [current]);
  return (
    <nav className="profile-nav" aria-label={t("profileGames.nav.label")} ref={nav}>
      <ul>
        {ITEMS.map((item) => (
          <li key={item.path}>
            <Link to={to(item.path)} className="profile-nav__link" aria-current={item.path === current ? "page" : undefined}>
              {t(item.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

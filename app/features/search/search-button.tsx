import { lazy, Suspense, useEffect, useState, type MouseEvent } from "react";
import { Link } from "react-router";
import { Icon } from "../../ui/icon";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

// The popup, its styles and the /api client load on first use (or when the pointer or focus
// comes near), so the header's first load carries only this link.
const loadPopup = () => import("./search-popup");
const SearchPopup = lazy(loadPopup);
const prefetch = () => void loadPopup().catch(() => undefined);

/**
 * The header's search: a link to the lobby, whose search form works without JavaScript; once
 * hydrated, a plain click opens the search popup in place instead.
 */
export function SearchButton() {
  const t = useT();
  const to = useLocalePath();
  const [open, setOpen] = useState(false);
  // Marks the link once a click opens the popup (tests wait for it; before, it is a plain link).
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <Link
        to={to("/gamehall")}
        className="btn btn--ghost header__search"
        aria-label={t("search.open")}
        aria-haspopup="dialog"
        data-search-button
        data-enhanced={enhanced || undefined}
        onClick={onClick}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <Icon name="search" size={20} />
      </Link>
      {open && (
        <Suspense fallback={null}>
          <SearchPopup onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

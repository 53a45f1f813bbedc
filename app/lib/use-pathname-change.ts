import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Runs `onChange` when the page's path changes, never on mount: what the player opened before
 * hydration (the sidebar, the language list: both work without JavaScript) must stay open when
 * the scripts arrive.
 */
export function usePathnameChange(onChange: () => void): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    latest.current();
  }, [pathname]);
}

import { useNavigate, useRevalidator } from "react-router";

let sessionChanging = false;

/**
 * Whether the browser is reloading the page's data because the session changed (root.tsx
 * shouldRevalidate): the root loader keeps its data on plain navigations and on revalidations of
 * the same URL, so a sign-in, a registration or a banned session (SPEC §6) must say so. React
 * Router asks a route's shouldRevalidate more than once per revalidation: this is a state that
 * lasts the whole reload, not a token the first question would use up.
 */
export function isSessionChanging(): boolean {
  return sessionChanging;
}

/**
 * After the browser signed the player in (or registered them, or opened a banned session) through
 * /api: go to `target`, if any, and reload the page's data, the root's included (the header, the
 * balance, the 403 screen of a banned session).
 */
export function useSessionChanged(): (target?: string) => Promise<void> {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return async (target) => {
    sessionChanging = true;
    try {
      if (target !== undefined) await navigate(target, { replace: true });
      await revalidator.revalidate();
    } finally {
      sessionChanging = false;
    }
  };
}

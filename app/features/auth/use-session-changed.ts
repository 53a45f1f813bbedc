import { useNavigate, useRevalidator } from "react-router";

/**
 * After the browser signed the player in (or registered them) through /api: go to `target`, if
 * any, and reload the page's data. Navigation alone would not, because the root loader keeps its
 * data on plain navigations (root.tsx shouldRevalidate) and the session changed behind its back.
 */
export function useSessionChanged(): (target?: string) => Promise<void> {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return async (target) => {
    if (target !== undefined) await navigate(target, { replace: true });
    await revalidator.revalidate();
  };
}

import type { AnchorHTMLAttributes, ReactNode, Ref } from "react";

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A site path, already in the page's locale (`useLocalePath`): `/es/gamehall?category=live`. */
  to: string;
  /** Keep the scroll position (links that only open a dialog over the page). */
  preventScrollReset?: boolean;
  /** Replace the history entry instead of pushing one. */
  replace?: boolean;
  children?: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A router link with no hooks: a plain `<a>` that `LinkDelegate` (one listener for the whole
 * document) turns into a client-side navigation once the page is hydrated, and that works as an
 * ordinary link before that and without JavaScript.
 *
 * React Router's `Link` costs about a dozen hooks per link at hydration (path resolution, the
 * location, prefetch state, the click handler); the sidebar, footer, banners and game rows render
 * about a hundred of them on the home page, which was most of the router's share of the hydration
 * task (decision 0020). `data-discover` lets the router's lazy route discovery find the target as
 * it does for its own links. Unlike `Link prefetch="intent"`, nothing is prefetched on hover: the
 target's code and data load on the click (decision 0020 weighs this against the first-load bytes).
 */
export function AppLink({ to, preventScrollReset, replace, children, ...rest }: AppLinkProps) {
  return (
    <a {...rest} href={to} data-link="" data-discover="true" data-keep-scroll={preventScrollReset ? "" : undefined} data-replace={replace ? "" : undefined}>
      {children}
    </a>
  );
}

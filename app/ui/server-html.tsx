import { createElement, useState, useSyncExternalStore, type HTMLAttributes, type ReactNode } from "react";

const noSubscription = () => () => {};

/**
 * Markup the browser keeps as the server sent it, without hydrating it: long lists of plain links
 * (the menus, the home page's rows of tiles) cost React a fiber per element to hydrate, and there
 * is nothing in them to hydrate — links go through `LinkDelegate`, failed covers through the head's
 * fallback listener, submenus are `<details>`.
 *
 * While the page is being hydrated, the element renders with an empty `dangerouslySetInnerHTML`,
 * which React leaves in place (as for the inline stylesheet), and it stays so for the life of that
 * instance. Rendered in the browser later (a client navigation), it renders its children. So
 * `key` it by its content: when the content changes (another locale, a player who signed in), a
 * new key renders the new content.
 */
export function ServerHtml({
  as = "div",
  children,
  ...props
}: HTMLAttributes<HTMLElement> & { as?: "div" | "ul" | "fieldset" | "footer"; children: ReactNode }) {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [keep] = useState(hydrating);
  if (keep && !import.meta.env.SSR) return createElement(as, { ...props, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: "" } });
  return createElement(as, props, children);
}

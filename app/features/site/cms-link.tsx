import type { ReactNode } from "react";
import { AppLink } from "../../ui/app-link";
import { checkNavigation, UnsafeNavigationError } from "../../../core/navigation";
import { useRootData } from "../../shell/use-root-data";
import { useLocalePath } from "../../lib/i18n/use-t";

/**
 * A link whose target comes from content management (menus, banners, popups). Site paths become
 * router links in the page's locale (`AppLink`: menus and the footer render dozens of them); an external URL is followed only when the item is marked
 * external; anything else (javascript:, unmarked external hosts) renders as plain text (SPEC §8).
 */
export function CmsLink(props: { link: string; external?: boolean; target?: string; rel?: string; className?: string; children: ReactNode }) {
  const root = useRootData();
  const to = useLocalePath();
  let href: string;
  try {
    href = checkNavigation(props.link, { origin: root?.origin ?? "http://localhost", external: props.external });
  } catch (e) {
    if (e instanceof UnsafeNavigationError) {
      console.warn(e.message);
      return <span className={props.className}>{props.children}</span>;
    }
    throw e;
  }
  if (href.startsWith("/")) {
    return (
      <AppLink className={props.className} to={to(href)} target={props.target} rel={props.rel}>
        {props.children}
      </AppLink>
    );
  }
  return (
    <a className={props.className} href={href} target={props.target ?? "_blank"} rel={props.rel ?? "noopener noreferrer"}>
      {props.children}
    </a>
  );
}

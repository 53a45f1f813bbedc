import type { PlatformContext } from "./context";

/**
 * A link to the site for a message the platform sends (a reset link, an unsubscribe link): on the
 * site's public origin, in the request's locale (`/es/…`; the default locale unprefixed). `path`
 * starts with '/' and may carry a query; the locale's home is `/es` (`/es?…`), never the slashed `/es/`.
 */
export function siteUrl(ctx: Pick<PlatformContext, "env" | "request" | "locale" | "defaultLocale">, path: string): string {
  const origin = ctx.env.PUBLIC_ORIGIN || new URL(ctx.request.url).origin;
  const prefix = ctx.locale === ctx.defaultLocale ? "" : `/${ctx.locale}`;
  const rest = prefix && (path === "/" || path.startsWith("/?")) ? path.slice(1) : path;
  return `${origin}${prefix}${rest}`;
}

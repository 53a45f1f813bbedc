import { Suspense } from "react";
import { data, Links, Meta, Outlet, Scripts, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage, StatusPage } from "./features/errors/lazy-error-pages";
import { loadRootData } from "./shell/root-data.server";
import { siteMiddleware } from "./features/site/site.server";
import { useRootData } from "./shell/use-root-data";
import { usePageLinks } from "./lib/i18n/use-t";
import { CustomCode } from "./features/site/custom-code";
import { isSessionChanging } from "./features/auth/use-session-changed";
import { URL_DIALOG_KEYS } from "./shell/url-dialog-keys";
import { sectionOf } from "./features/site/section-messages";
import { i18nMiddleware } from "./middleware/i18n.server";
import { platformMiddleware } from "./middleware/platform.server";
import { sameOriginRedirects } from "./middleware/redirects.server";
import { useNonce } from "./lib/nonce";
import { AppProviders } from "./shell/app-providers";
import { SiteHeadScript, SiteStylesheet } from "./lib/site-stylesheet";
import { ScrollRestoration } from "./ui/scroll-restoration";

// sameOriginRedirects first: it sees every redirect the others and the routes make (decision 0023).
export const middleware: Route.MiddlewareFunction[] = [sameOriginRedirects, platformMiddleware, siteMiddleware, i18nMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: root, headers, status } = await loadRootData(request, context);
  return data(root, { headers, status });
}

/**
 * Site data changes only with the locale, a URL-named dialog, or after a mutation; the other
 * navigations skip refetching it, except into another section of the site, whose own
 * translations come with the root's data (features/site/section-messages.ts), and after the
 * session changed in the browser (a sign-in through /api: features/auth/use-session-changed.ts).
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (isSessionChanging()) return true;
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (sectionOf(currentUrl.pathname) !== sectionOf(nextUrl.pathname)) return true;
  const first = (u: URL) => u.pathname.split("/")[1] ?? "";
  const dialogs = (u: URL) => URL_DIALOG_KEYS.map((k) => u.searchParams.get(k)).join("|");
  const changed = first(currentUrl) !== first(nextUrl) || dialogs(currentUrl) !== dialogs(nextUrl);
  return changed ? defaultShouldRevalidate : false;
}

/** Only the server writes it: the browser never renders a `<noscript>`'s content, so it stays out of the JavaScript. */
const NOSCRIPT_CSS = import.meta.env.SSR ? "div[hidden][id^='S:']{display:block!important}[aria-busy='true']{display:none!important}" : "";

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const page = usePageLinks();
  const custom = root?.cms.customCode ?? [];
  return (
    <html lang={root?.locale ?? "en"} dir={root?.dir ?? "ltr"} data-theme={root?.theme ?? "dark"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        {root && (
          <>
            <meta name="theme-color" content={root.site.themeColor} />
            <link rel="manifest" href="/manifest.webmanifest" />
            {root.site.favicons.map((f) => (
              <link key={f.rel + f.href} rel={f.rel} href={f.href} sizes={f.sizes} type={f.type} />
            ))}
            {page && <link rel="canonical" href={page.canonical} />}
            {page?.alternates.map((a) => (
              <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
            ))}
          </>
        )}
        <SiteStylesheet />
        <SiteHeadScript nonce={nonce} />
        <Links />
        {/* Without JavaScript React cannot move streamed sections into place: show them anyway. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant style of ours; React renders no children inside <noscript> */}
        <noscript suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `<style>${NOSCRIPT_CSS}</style>` }} />
        <CustomCode blocks={custom} position="head" />
      </head>
      <body>
        <CustomCode blocks={custom} position="bodyStart" />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <CustomCode blocks={custom} position="bodyEnd" />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRootData();
  return (
    <AppProviders>
      {root && root.maintenance !== null ? (
        <Suspense fallback={null}>
          <StatusPage status={503} detail={root.maintenance} />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </AppProviders>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AppProviders>
      <Suspense fallback={null}>
        <ErrorPage error={error} />
      </Suspense>
    </AppProviders>
  );
}

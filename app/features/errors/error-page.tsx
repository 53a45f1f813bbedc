import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { createT } from "../../lib/i18n/translate";
import { SiteFrame } from "../layout/site-frame";
import { useRootData } from "../../shell/use-root-data";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

export type ErrorKind = "notFound" | "forbidden" | "maintenance" | "userBlocked";

/** SPEC §2: 404 not found, 403 forbidden, 503 maintenance, anything else the user-block page. */
export function errorKind(status: number): ErrorKind {
  if (status === 404) return "notFound";
  if (status === 403) return "forbidden";
  if (status === 503) return "maintenance";
  return "userBlocked";
}

/**
 * The page's one button (SPEC §2): maintenance retries the page, the user-block page leads to
 * support (a blocked player's one way to learn why), the others lead home. A server failure takes
 * the user-block page's place (`status` 5xx) and leads home, as a failed page has nothing to ask support.
 */
export function errorAction(kind: ErrorKind, status = 0): "retry" | "home" | "support" {
  if (kind === "maintenance") return "retry";
  return kind === "userBlocked" && status < 500 ? "support" : "home";
}

/** Forbidden and maintenance use the empty layout; the rest the default one. */
export const EMPTY_LAYOUT_KINDS: ReadonlySet<ErrorKind> = new Set(["forbidden", "maintenance"]);

function describeError(error: unknown): { status: number; detail: string } {
  if (isRouteErrorResponse(error)) {
    const d = error.data as unknown;
    const detail = typeof d === "string" ? d : typeof (d as { message?: unknown })?.message === "string" ? (d as { message: string }).message : "";
    return { status: error.status, detail };
  }
  return { status: 500, detail: "" };
}

/**
 * English words for the error page when the site's own data failed to load (no bundle to use):
 * the server renders them, and so does the browser when that happens on a client navigation or a
 * revalidation (a player banned while signed in, SPEC §6). This module loads only when an error
 * page shows (lazy-error-pages.tsx), so they cost no page's first load.
 */
const FALLBACK = createT({
  errors: {
    goHome: "Go to the home page",
    retry: "Try again",
    notFound: { title: "Page not found", text: "The page you are looking for does not exist or has moved." },
    forbidden: { title: "Access denied", text: "You do not have access to this page." },
    maintenance: { title: "We'll be right back", text: "The site is undergoing maintenance. Please try again in a few minutes." },
    userBlocked: { title: "Account blocked", text: "Your access has been restricted. Our support team can tell you more." },
    generic: { title: "Something went wrong", text: "We could not show this page. Please try again or contact support." },
    support: "Contact support",
  },
});

function ErrorContent({ kind, status, detail }: { kind: ErrorKind; status: number; detail: string }) {
  const siteT = useT();
  const { pathname, search } = useLocation();
  const root = useRootData();
  const t = root ? siteT : FALLBACK;
  const to = useLocalePath();
  // A server failure takes the user-block page's place and button, with words that fit it.
  const key = kind === "userBlocked" && status >= 500 ? "errors.generic" : `errors.${kind}`;
  const action = errorAction(kind, status);
  return (
    <section className="error-page" data-error={kind} data-status={status}>
      {/* The document's title says what happened (React hoists it into <head>). */}
      <title suppressHydrationWarning>{root ? `${t(`${key}.title`)} | ${root.site.name}` : t(`${key}.title`)}</title>
      <p className="error-page__status">{status}</p>
      <h1 suppressHydrationWarning>{t(`${key}.title`)}</h1>
      <p suppressHydrationWarning>{t(`${key}.text`)}</p>
      {detail && <p className="error-page__detail">{detail}</p>}
      <div className="error-page__actions">
        {action === "retry" ? (
          <a className="btn btn--primary" href={pathname + search} suppressHydrationWarning>
            {t("errors.retry")}
          </a>
        ) : action === "support" ? (
          <Link className="btn btn--primary" to={to("/support")} suppressHydrationWarning>
            {t("errors.support")}
          </Link>
        ) : (
          <Link className="btn btn--primary" to={to("/")} suppressHydrationWarning>
            {t("errors.goHome")}
          </Link>
        )}
      </div>
    </section>
  );
}

/** The one error page of the app, a case per status. */
export function ErrorPage({ error }: { error: unknown }) {
  return <StatusPage {...describeError(error)} />;
}

/** The system page of a status, in the layout SPEC §2 gives it. */
export function StatusPage({ status, detail = "" }: { status: number; detail?: string }) {
  const root = useRootData();
  const kind = errorKind(status);
  const content = <ErrorContent kind={kind} status={status} detail={detail} />;
  if (!root || EMPTY_LAYOUT_KINDS.has(kind)) {
    return (
      <main id="main" className="main main--empty">
        {content}
      </main>
    );
  }
  return <SiteFrame>{content}</SiteFrame>;
}

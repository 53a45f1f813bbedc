import { isRouteErrorResponse, Link } from "react-router";
import { SiteFrame } from "../layout/site-frame";
import { useLocalePath, useRootData, useT } from "../site/use-root-data";

export type ErrorKind = "notFound" | "forbidden" | "maintenance" | "userBlocked";

/** SPEC §2: 404 not found, 403 forbidden, 503 maintenance, anything else the user-block page. */
export function errorKind(status: number): ErrorKind {
  if (status === 404) return "notFound";
  if (status === 403) return "forbidden";
  if (status === 503) return "maintenance";
  return "userBlocked";
}

/** Forbidden and maintenance use the empty layout; the rest the default one. */
export const EMPTY_LAYOUT_KINDS: ReadonlySet<ErrorKind> = new Set(["forbidden", "maintenance"]);

function describe(error: unknown): { status: number; detail: string } {
  if (isRouteErrorResponse(error)) {
    const d = error.data as unknown;
    const detail = typeof d === "string" ? d : typeof (d as { message?: unknown })?.message === "string" ? (d as { message: string }).message : "";
    return { status: error.status, detail };
  }
  return { status: 500, detail: "" };
}

function ErrorContent({ kind, status, detail }: { kind: ErrorKind; status: number; detail: string }) {
  const t = useT();
  const to = useLocalePath();
  // A server failure takes the user-block page's place and button, with words that fit it.
  const key = kind === "userBlocked" && status >= 500 ? "errors.generic" : `errors.${kind}`;
  return (
    <section className="error-page" data-error={kind} data-status={status}>
      <p className="error-page__status">{status}</p>
      <h1>{t(`${key}.title`)}</h1>
      <p>{t(`${key}.text`)}</p>
      {detail && <p className="error-page__detail">{detail}</p>}
      <div className="error-page__actions">
        {kind === "userBlocked" ? (
          <Link className="btn btn--primary" to={to("/support")}>
            {t("errors.support")}
          </Link>
        ) : kind === "maintenance" ? (
          <a className="btn btn--primary" href="">
            {t("errors.retry")}
          </a>
        ) : (
          <Link className="btn btn--primary" to={to("/")}>
            {t("errors.goHome")}
          </Link>
        )}
      </div>
    </section>
  );
}

/** The one error page of the app, a case per status. */
export function ErrorPage({ error }: { error: unknown }) {
  const root = useRootData();
  const { status, detail } = describe(error);
  const kind = errorKind(status);
  const content = <ErrorContent kind={kind} status={status} detail={detail} />;
  if (!root || EMPTY_LAYOUT_KINDS.has(kind)) {
    return <main id="main" className="main main--empty">{content}</main>;
  }
  return <SiteFrame>{content}</SiteFrame>;
}

import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { EMPTY_LAYOUT_KINDS, errorAction, errorKind, StatusPage } from "./error-page";

/** The page the stub renders: its status and detail come from the query. */
function StatusAtX() {
  const q = new URLSearchParams(useLocation().search);
  return <StatusPage status={Number(q.get("status"))} detail={q.get("detail") ?? undefined} />;
}
const Stub = createRoutesStub([{ path: "/x", Component: StatusAtX }]);

/** The system page of `status` as the server renders it at `/x?…`, outside the site's data (its fallback words). */
function rendered(status: number, detail?: string): string {
  const q = new URLSearchParams({ status: String(status), ...(detail ? { detail } : {}) });
  return renderToStaticMarkup(<Stub initialEntries={[`/x?${q}`]} />);
}

describe("error page rules", () => {
  it("maps status to page", () => {
    expect(errorKind(404)).toBe("notFound");
    expect(errorKind(403)).toBe("forbidden");
    expect(errorKind(503)).toBe("maintenance");
    for (const s of [400, 401, 410, 429, 500, 502]) expect(errorKind(s)).toBe("userBlocked");
  });
  it("offers the way SPEC §2 names: a retry for maintenance, support for a blocked user, home for the others", () => {
    expect(errorAction("maintenance", 503)).toBe("retry");
    expect(errorAction("userBlocked", 410)).toBe("support");
    expect(errorAction("userBlocked", 429)).toBe("support");
    // A server failure shows in the user-block page's place, with nothing to ask support.
    expect(errorAction("userBlocked", 500)).toBe("home");
    for (const kind of ["notFound", "forbidden"] as const) expect(errorAction(kind, 404)).toBe("home");
  });
  it("uses the empty layout for forbidden and maintenance only", () => {
    expect([...EMPTY_LAYOUT_KINDS].sort()).toEqual(["forbidden", "maintenance"]);
  });
  it("renders the user-block page's button to support, maintenance's retry and the operator's words", () => {
    expect(rendered(429)).toMatch(/<a class="btn btn--primary" href="\/support"[^>]*>Contact support<\/a>/);
    const down = rendered(503, "Back at 06:00 UTC");
    expect(down).toContain('<a class="btn btn--primary" href="/x?status=503&amp;detail=Back+at+06%3A00+UTC">Try again</a>');
    expect(down).toContain('<p class="error-page__detail">Back at 06:00 UTC</p>');
    expect(rendered(500)).toMatch(/href="\/"[^>]*>Go to the home page/);
  });
});

/**
 * How long an error React recovered from waits before it is reported, when it came while the page
 * was being left. A page that is really left never reports it; one that stays (a download, a
 * navigation the browser dropped) reports it late.
 */
export const LEAVING_REPORT_DELAY_MS = 10_000;

type Target = Pick<Window, "addEventListener" | "removeEventListener" | "setTimeout"> & { document: Pick<Document, "readyState"> };

/**
 * React's `onRecoverableError` for the document's root, less one false alarm. A player who leaves
 * a page while it is still streaming (a link or a form followed before hydration, on a slow phone)
 * makes the browser stop loading it: React then finds a section still waiting for the server in a
 * finished document and renders it in the browser (error #419), moments before the page goes
 * away. That is no error of the page's; reporting it would fill the error log with every early
 * tap. So errors arriving once the page is being left are held back (`LEAVING_REPORT_DELAY_MS`).
 *
 * `beforeunload` marks the leaving, listened to only while the document loads: a stream can be
 * cut only then, and a lasting `beforeunload` listener costs the page the back/forward cache in
 * some browsers.
 */
export function recoverableErrorReporter(w: Target, report: (error: unknown) => void): (error: unknown) => void {
  let leaving = false;
  const onLeave = () => {
    leaving = true;
  };
  if (w.document.readyState !== "complete") {
    w.addEventListener("beforeunload", onLeave);
    w.addEventListener("load", () => w.removeEventListener("beforeunload", onLeave), { once: true });
  }
  // Back from the back/forward cache: the page is the player's again.
  w.addEventListener("pageshow", () => {
    leaving = false;
  });
  return (error) => {
    if (leaving) w.setTimeout(() => report(error), LEAVING_REPORT_DELAY_MS);
    else report(error);
  };
}

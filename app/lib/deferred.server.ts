/**
 * React Router rejects deferred data still pending this long after a document starts streaming
 * (`streamTimeout`, app/entry.server.tsx), and React gives up on the stream a second after that:
 * a section still suspended then is handed to the browser to render (React error #419), where its
 * data never arrives and its placeholder stays for good.
 */
export const STREAM_TIMEOUT_MS = 5_000;

/**
 * How long a loader waits for a deferred section's data before streaming it behind its
 * placeholder (`settleWithin`): quick data is then rendered in place with the first flush (found
 * by crawlers and players without JavaScript where it belongs); only slow data streams.
 */
export const DEFERRED_GRACE_MS = 25;

/** A deferred section's data settles by then at the latest, leaving React time to stream it. */
export const DEFERRED_BUDGET_MS = STREAM_TIMEOUT_MS - 1_000;

/**
 * `promise`, or `empty` if it has not settled within `ms`: deferred data that always ends in time
 * for the server to finish its section (as empty: a slow platform costs the section, never the
 * page). Timers order by their time even on a starved isolate, so this fires before the stream's
 * own timeouts do.
 */
export function settleBy<T>(promise: Promise<T>, empty: T, ms = DEFERRED_BUDGET_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`deferred data took over ${ms} ms: its section is shown empty`);
      resolve(empty);
    }, ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

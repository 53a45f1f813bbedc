/**
 * React Router rejects deferred data still pending this long after a document starts streaming
 * (`streamTimeout`, app/entry.server.tsx), and React gives up on the stream a second after that
 * (`streamDeadline`): a section still waiting for its data then is handed to the browser to render
 * (React error #419), where its data never arrives and its placeholder stays for good.
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

/** Past the deadline with every deferred datum settled, React's last renders get this long more. */
export const RENDER_GRACE_MS = STREAM_TIMEOUT_MS;

/** Every promise in a loader's data, as deep as a page's data nests them (objects and arrays). */
function promisesIn(value: unknown, out: PromiseLike<unknown>[], depth: number): void {
  if (value === null || typeof value !== "object" || depth > 4) return;
  if (typeof (value as PromiseLike<unknown>).then === "function") {
    out.push(value as PromiseLike<unknown>);
    return;
  }
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) for (const item of value) promisesIn(item, out, depth + 1);
  else if (proto === Object.prototype || proto === null) for (const item of Object.values(value)) promisesIn(item, out, depth + 1);
}

/**
 * When a document stops waiting: `ms` after it starts rendering while some of its deferred data is
 * still pending (that section is then the browser's to render), else `RENDER_GRACE_MS` later.
 *
 * Not a plain timer: on a starved isolate (a busy machine, a long garbage collection) the data's
 * settleBy timer and this one both come due in the same gap. The first resolves the data, and
 * React queues the section's render as a task behind the already-due deadline: aborting then
 * would throw away a section whose data is there, and the browser would log React error #419
 * for a page that had everything. Data that settled leaves only React's own work, which the
 * grace lets finish; the grace still ends a render stuck on anything else.
 */
export function streamDeadline(
  loaderData: unknown,
  ms = STREAM_TIMEOUT_MS + 1_000,
  grace = RENDER_GRACE_MS,
): { signal: AbortSignal /** The document ended: no deadline to keep. */; stop: () => void } {
  const promises: PromiseLike<unknown>[] = [];
  promisesIn(loaderData, promises, 0);
  let pending = promises.length;
  const settled = () => {
    pending--;
  };
  for (const p of promises) Promise.resolve(p).then(settled, settled);
  const controller = new AbortController();
  const end = () => controller.abort(new Error(`the document's stream ended after ${ms} ms`));
  let timer = setTimeout(() => {
    if (pending > 0) end();
    else timer = setTimeout(end, grace);
  }, ms);
  return { signal: controller.signal, stop: () => clearTimeout(timer) };
}

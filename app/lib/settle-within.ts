/**
 * `promise`'s value if it settles within `ms`, else the promise itself, for a loader to return
 * as deferred data. A section whose data is quick is then rendered in place with the first flush
 * (its images found by the browser at once, nothing swapped in later); only a slow one streams
 * behind its placeholder. A rejection within the grace is left to the promise's own handling.
 */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | { pending: Promise<T> }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), ms)));
  const first = await Promise.race([
    promise.then(
      (value) => ({ value }),
      () => "late" as const,
    ),
    late,
  ]);
  clearTimeout(timer);
  return first === "late" ? { pending: promise } : first;
}

/**
 * STUB of the feed branch (sports-feed) so it compiles and its tests run: the platform slice's
 * settle.ts (shared interface 1, decision 0049) replaces this file at merge — take theirs.
 */
export async function settleEvent(_env: Env, _eventId: number, _now: number = Date.now()): Promise<{ settled: number }> {
  return { settled: 0 };
}

import { applyStep, FeedError, loadEvent, type LoadedEvent, type SportsEventData } from "../platform/sportsbook/feed-apply";
import { buildScript, type FeedStep, type ScriptStep } from "../platform/sportsbook/feed-script";
import { createFixture, readLeagues, topUpFixtures } from "../platform/sportsbook/fixtures";
import { SocketHub } from "./sockets";

/** The live socket's message (shared interface 3). */
export const SPORTS_EVENT = "sports.event";
/** At most one sports.event per event per second (DESIGN §7: broadcasts batched). */
export const BROADCAST_EVERY_MS = 1000;
/** While steps are due the clock looks every 5 s; otherwise at the next due step, at most a minute on (the top-up). */
export const CLOCK_EVERY_MS = 5000;
const CLOCK_IDLE_MAX_MS = 60_000;
/** An event far behind (an object asleep for a while) catches up this many steps per tick. */
export const CATCH_UP_STEPS = 30;
const TOP_UP_EVERY_MS = 60_000;
/** The lock key of fixture creation: new script seeds come from a counter, read and used one at a time. */
const CREATING = -1;

/** A demo step: the script's next one, or one given (shared interface 4). */
export type StepInput = FeedStep | { type: "next" };
export type FeedAnswer<T> = { ok: true; data: T } | { ok: false; status: 400 | 404 | 409; message: string };
export interface CreatedEvent {
  event_id: number;
  markets: { id: number; kind: string; line: number | null; selections: { id: number; outcome: string; odds: number }[] }[];
}

/**
 * SportsFeed (decision 0072-sportsbook-feed): the one Durable Object ("feed") that moves the
 * demo book and holds every `/realtime/sports` socket (hibernating, sockets.ts). Its alarm is the
 * feed's clock: autoplay events take their script's steps when due (due = starts_at + the step's
 * offset, so a replay is the same run), through applyStep, and leagues are topped up with new
 * fixtures. The demo hooks' steps come here too, so every broadcast leaves from one place: a
 * step's new state waits in `pending` and goes out at the alarm, at most once a second per event
 * (a burst sends the latest version only).
 */
export class SportsFeed extends SocketHub {
  protected readonly maxSockets = 10_000;
  private readonly pending = new Map<number, SportsEventData>();
  private readonly lastSent = new Map<number, number>();
  private readonly scripts = new Map<string, ScriptStep[]>();
  /** One step at a time per event: the clock and a demo hook never interleave on the same event. */
  private readonly locks = new Map<number, Promise<unknown>>();
  /** When each autoplay event's next step is due, as last seen: the clock reads only events due now. */
  private readonly dueAt = new Map<number, number>();
  private nextClockAt = 0;
  private lastTopUp = 0;

  /** RPC (demo hook): one step on an event, broadcast like the clock's. */
  async step(eventId: number, input: StepInput, now = Date.now()): Promise<FeedAnswer<SportsEventData>> {
    try {
      const data = await this.locked(eventId, async () => {
        if (input.type !== "next") return applyStep(this.env, eventId, input, now);
        const e = await loadEvent(this.env.DB, eventId);
        if (!e) throw new FeedError(404, `No sport event ${eventId}`);
        const script = this.scriptOf(e);
        if (e.status === "finished" || e.status === "cancelled" || e.step >= script.length)
          throw new FeedError(409, `Event ${eventId} is ${e.status}: it takes no more steps`);
        return applyStep(this.env, eventId, script[e.step]!, now, { scripted: true });
      });
      await this.queue(data);
      return { ok: true, data };
    } catch (e) {
      if (e instanceof FeedError) return { ok: false, status: e.status, message: e.message };
      throw e;
    }
  }

  /** RPC (demo hook): a fresh event of the league (or the first), autoplay 0, its markets and odds. */
  async createEvent(opts: { league?: string; status?: "prematch" | "live"; starts_in_ms?: number }, now = Date.now()): Promise<FeedAnswer<CreatedEvent>> {
    const [league] = await readLeagues(this.env.DB, opts.league);
    if (!league) return { ok: false, status: 404, message: opts.league ? `No league '${opts.league}' with teams` : "No league with teams" };
    const startsAt = now + (opts.starts_in_ms ?? (opts.status === "live" ? 0 : 3_600_000));
    const id = await this.locked(CREATING, () =>
      createFixture(this.env.DB, league, { status: opts.status ?? "prematch", starts_at: startsAt, autoplay: 0 }, now),
    );
    const e = (await loadEvent(this.env.DB, id))!;
    return {
      ok: true,
      data: {
        event_id: id,
        markets: e.markets.map((m) => ({
          id: m.id,
          kind: m.kind,
          line: m.line,
          selections: m.selections.map((s) => ({ id: s.id, outcome: s.outcome, odds: s.odds })),
        })),
      },
    };
  }

  /**
   * A new listener also restarts the clock: where no cron runs (wrangler dev, the e2e server) an
   * open betting page is what keeps the demo book moving.
   */
  protected override accepted(): void {
    void this.poke();
  }

  /** RPC (scheduled(), every minute): restarts the alarm chain after a deploy or a quiet spell. */
  async poke(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    if (now >= this.nextClockAt) {
      try {
        await this.runClock(now);
      } catch (e) {
        // D1 unavailable for a moment: what waits still goes out, and the clock looks again soon.
        console.error("sports feed: the clock failed", e instanceof Error ? e.message : e);
        this.nextClockAt = now + CLOCK_EVERY_MS;
      }
    }
    const flushAt = this.flush(Date.now());
    await this.ctx.storage.setAlarm(Math.min(this.nextClockAt, flushAt ?? Infinity));
  }

  /** Every autoplay event takes its due steps (a few dozen at most per tick); then the top-up. */
  private async runClock(now: number): Promise<void> {
    const rows = await this.env.DB.prepare("SELECT id FROM sport_events WHERE autoplay = 1 AND status IN ('prematch', 'live') ORDER BY starts_at, id").all<{
      id: number;
    }>();
    let nextDue = Infinity;
    for (const { id } of rows.results) {
      const known = this.dueAt.get(id);
      if (known !== undefined && known > now) {
        nextDue = Math.min(nextDue, known);
        continue;
      }
      try {
        const due = await this.locked(id, () => this.advance(id, now));
        this.dueAt.set(id, due);
        nextDue = Math.min(nextDue, due);
      } catch (e) {
        console.error(`sports feed: event ${id} did not advance`, e instanceof Error ? e.message : e);
      }
    }
    if (now - this.lastTopUp >= TOP_UP_EVERY_MS) {
      this.lastTopUp = now;
      const created = await this.locked(CREATING, () => topUpFixtures(this.env.DB, now));
      if (created.length) nextDue = now;
    }
    this.nextClockAt = Math.min(Math.max(now + CLOCK_EVERY_MS, nextDue), now + CLOCK_IDLE_MAX_MS);
  }

  /** Applies the event's due steps; answers when its next step is due (Infinity when done). */
  private async advance(id: number, now: number): Promise<number> {
    let e = await loadEvent(this.env.DB, id);
    if (!e) return Infinity;
    const script = this.scriptOf(e);
    let data: SportsEventData | null = null;
    for (let n = 0; n < CATCH_UP_STEPS && e.step < script.length && e.status !== "finished" && e.status !== "cancelled"; n++) {
      const next = script[e.step]!;
      if (e.starts_at + next.at > now) break;
      data = await applyStep(this.env, id, next, now, { scripted: true });
      e = { ...e, step: e.step + 1, status: data.status };
    }
    if (data) await this.queue(data);
    if (e.status === "finished" || e.status === "cancelled" || e.step >= script.length) return Infinity;
    return e.starts_at + script[e.step]!.at;
  }

  private scriptOf(e: LoadedEvent): ScriptStep[] {
    const key = `${e.id}:${e.script}`;
    let s = this.scripts.get(key);
    if (!s) {
      s = buildScript({ seed: e.script, sport: e.sport, hasDraw: e.has_draw === 1, markets: e.markets });
      this.scripts.set(key, s);
    }
    return s;
  }

  private locked<T>(eventId: number, fn: () => Promise<T>): Promise<T> {
    const run = (this.locks.get(eventId) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => undefined);
    this.locks.set(eventId, tail);
    void tail.then(() => {
      if (this.locks.get(eventId) === tail) this.locks.delete(eventId);
    });
    return run;
  }

  /** Keeps the newest state per event for the next flush, and makes sure the alarm comes. */
  private async queue(data: SportsEventData): Promise<void> {
    const held = this.pending.get(data.event_id);
    if (held && held.version > data.version) return;
    this.pending.set(data.event_id, data);
    const want = Math.max(Date.now(), (this.lastSent.get(data.event_id) ?? 0) + BROADCAST_EVERY_MS);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > want) await this.ctx.storage.setAlarm(want);
  }

  /** Sends what may go now; answers when the rest may (null when nothing waits). */
  private flush(now: number): number | null {
    let later: number | null = null;
    for (const [id, data] of this.pending) {
      const at = (this.lastSent.get(id) ?? 0) + BROADCAST_EVERY_MS;
      if (at > now) {
        later = Math.min(later ?? at, at);
        continue;
      }
      this.publish({ event: SPORTS_EVENT, data, ts: now });
      this.lastSent.set(id, now);
      this.pending.delete(id);
      if (data.status === "finished" || data.status === "cancelled") {
        for (const k of [...this.scripts.keys()]) if (k.startsWith(`${id}:`)) this.scripts.delete(k);
        this.dueAt.delete(id);
      }
    }
    return later;
  }
}

/** The one feed. */
export function sportsFeed(env: Env) {
  return env.SPORTS_FEED.get(env.SPORTS_FEED.idFromName("feed"));
}

/** scheduled()'s poke: best effort, logged (the next minute tries again). */
export async function pokeSportsFeed(env: Env): Promise<void> {
  try {
    await sportsFeed(env).poke();
  } catch (e) {
    console.error("sports feed: poke failed", e instanceof Error ? e.message : e);
  }
}

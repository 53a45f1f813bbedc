/**
 * Bounds the image proxy's renders per isolate (decision 0018, "Render bound"). A render is
 * 0.05–0.9 s of CPU in Wasm; unbounded, a handful of anonymous cache misses starve every other
 * request of the isolate. `slots` renders run at once, `queue` more wait for a slot in order, and
 * anything beyond is refused at once (the caller answers 503 with Retry-After). Cache hits never
 * come here.
 *
 * A render is one synchronous stretch of Wasm: nothing else in the isolate runs meanwhile. So a
 * render also waits its turn behind documents (`DocumentsFirst`): it starts only once the
 * isolate has gone round its event loop (the I/O a page render was waiting for gets in first) and
 * no page is being rendered, or a page has held it back for `maxDeferMs`.
 */
export class RenderGate {
  private active = 0;
  /** Tickets of the renders waiting for a slot, in arrival order. */
  private readonly waiting: number[] = [];
  private nextTicket = 0;

  constructor(
    readonly slots: number,
    readonly queue: number,
    private readonly documents?: DocumentsFirst,
    private readonly maxDeferMs = MAX_DEFER_MS,
  ) {}

  /** Renders in flight and waiting, for tests and logs. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /**
   * Runs `task` in a slot; answers `null` at once, without running it, when slots and queue are
   * full. A waiting render watches for its turn on its own timer: no request ever waits on a
   * promise another request resolves (workerd cancels such a request as hung, and I/O resumed
   * in another request's context fails).
   */
  async run<T>(task: () => Promise<T>): Promise<T | null> {
    if (this.active < this.slots && this.waiting.length === 0) this.active++;
    else if (this.waiting.length < this.queue) {
      const ticket = this.nextTicket++;
      this.waiting.push(ticket);
      // First in line, and a slot free: take it (a newcomer queues behind whoever waits).
      while (!(this.waiting[0] === ticket && this.active < this.slots)) await sleep(POLL_MS);
      this.waiting.shift();
      this.active++;
    } else return null;
    try {
      if (this.documents) await this.documents.turn(this.maxDeferMs);
      return await task();
    } finally {
      this.active--;
    }
  }
}

/**
 * The documents (pages, their data and form posts, /api answers) the isolate is answering, from
 * the request to the last byte of a streamed body. An entry that is never ended (a player who
 * hung up mid-stream) lapses after `lapseMs`: React gives up on a stream after six seconds anyway.
 */
export class DocumentsFirst {
  private readonly open = new Map<number, number>();
  private next = 0;

  /**
   * @param now the clock lapses are read on; public so a test can hold it still (a slow machine
   *   must not lapse a document a test is counting).
   */
  constructor(
    private readonly lapseMs = 7_000,
    public now: () => number = Date.now,
  ) {}

  /** A document starts; call the answer when its last byte is out. Ending twice is harmless. */
  begin(): () => void {
    const id = this.next++;
    this.open.set(id, this.now() + this.lapseMs);
    return () => void this.open.delete(id);
  }

  /** Documents in flight (lapsed ones dropped). */
  get inFlight(): number {
    const now = this.now();
    for (const [id, lapse] of this.open) if (lapse <= now) this.open.delete(id);
    return this.open.size;
  }

  /**
   * Resolves after one macrotask (I/O callbacks already due run first), then once no document is
   * in flight, or after `maxWaitMs` whatever happens. Polls on the caller's own timer (see run).
   */
  async turn(maxWaitMs: number): Promise<void> {
    await sleep(0);
    const until = Date.now() + maxWaitMs;
    while (this.inFlight > 0 && Date.now() < until) await sleep(POLL_MS);
  }
}

/** How often a waiting render looks again. */
const POLL_MS = 10;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Two renders at once per isolate (Workers give an isolate about one core), four more waiting. */
export const RENDER_SLOTS = 2;
export const RENDER_QUEUE = 4;
/** The longest a render waits for pages to finish before it starts anyway (no starvation). */
export const MAX_DEFER_MS = 250;

/** The isolate's documents, counted by the Worker's entry (workers/app.ts). */
export const isolateDocuments = new DocumentsFirst();

/**
 * Bounds the image proxy's renders per isolate (decision 0018, "Render bound"). A render is
 * 0.3–0.9 s of CPU in Wasm; unbounded, a handful of anonymous cache misses starve every other
 * request of the isolate. `slots` renders run at once, `queue` more wait for a slot in order, and
 * anything beyond is refused at once (the caller answers 503 with Retry-After). Cache hits never
 * come here.
 */
export class RenderGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly slots: number,
    readonly queue: number,
  ) {}

  /** Renders in flight and waiting, for tests and logs. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /** Runs `task` in a slot; answers `null` at once, without running it, when slots and queue are full. */
  async run<T>(task: () => Promise<T>): Promise<T | null> {
    if (this.active < this.slots) this.active++;
    else if (this.waiting.length < this.queue) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else return null;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line, so a newcomer cannot jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** Two renders at once per isolate (Workers give an isolate about one core), four more waiting. */
export const RENDER_SLOTS = 2;
export const RENDER_QUEUE = 4;

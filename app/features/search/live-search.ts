/**
 * The logic of "results as you type" (SPEC §2 games search popup), kept free of React and the
 * network so it can be tested with fake timers: text shorter than MIN_QUERY shows nothing; a
 * longer one waits DEBOUNCE_MS of quiet, then asks. Each new request aborts the one before, and an
 * answer that still arrives for an older request (a fetch that ignores its signal, or one that
 * resolved just before the abort) is dropped by its sequence number: what is shown always
 * belongs to the last text typed.
 */

export const MIN_QUERY = 2;
export const DEBOUNCE_MS = 250;

export type SearchState<R> =
  | { status: "idle"; query: string }
  | { status: "debouncing"; query: string }
  | { status: "loading"; query: string }
  | { status: "results"; query: string; result: R }
  | { status: "error"; query: string };

export interface LiveSearchDeps<R> {
  fetch: (query: string, signal: AbortSignal) => Promise<R>;
  onChange: (state: SearchState<R>) => void;
  delayMs?: number;
  /** Injected for tests; the global timers otherwise. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** What a typed text searches for: spaces collapsed and trimmed, as the lobby URL spells it. */
export function normalizeQuery(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export class LiveSearch<R> {
  private state: SearchState<R> = { status: "idle", query: "" };
  private timer: unknown = null;
  private controller: AbortController | null = null;
  private seq = 0;
  private readonly deps: Required<LiveSearchDeps<R>>;

  constructor(deps: LiveSearchDeps<R>) {
    this.deps = {
      delayMs: DEBOUNCE_MS,
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...deps,
    };
  }

  get current(): SearchState<R> {
    return this.state;
  }

  /** The text of the input changed. `immediate` skips the wait (a recent query clicked). */
  input(text: string, immediate = false): void {
    const query = normalizeQuery(text);
    if (query === this.state.query && this.state.status !== "error" && this.state.status !== "idle") return;
    this.cancel();
    if (query.length < MIN_QUERY) {
      this.set({ status: "idle", query });
      return;
    }
    if (immediate) {
      void this.run(query);
      return;
    }
    this.set({ status: "debouncing", query });
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      void this.run(query);
    }, this.deps.delayMs);
  }

  /** The popup closed: nothing may arrive later. */
  dispose(): void {
    this.cancel();
  }

  private cancel(): void {
    this.seq += 1;
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
  }

  private async run(query: string): Promise<void> {
    const id = ++this.seq;
    const controller = new AbortController();
    this.controller = controller;
    this.set({ status: "loading", query });
    try {
      const result = await this.deps.fetch(query, controller.signal);
      if (id !== this.seq) return;
      this.set({ status: "results", query, result });
    } catch (error) {
      if (id !== this.seq) return;
      console.warn("search: the games could not be loaded", error);
      this.set({ status: "error", query });
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  private set(state: SearchState<R>): void {
    this.state = state;
    this.deps.onChange(state);
  }
}

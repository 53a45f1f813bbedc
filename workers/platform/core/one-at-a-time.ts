/**
 * Runs jobs one at a time, in the order they were asked for: a job asked for while one runs waits
 * for it (whether it succeeded or failed), then runs. What the shared objects write to D1 in
 * batches (a tournament board's owed totals, a jackpot pool's row) goes through one, so a write
 * asked for during another writes what came meanwhile, never the same rows twice at once.
 */
export class OneAtATime {
  private running: Promise<void> | null = null;

  /** Whether a job is running or waiting. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Runs `job` after every job asked for before it; answers its outcome. */
  run(job: () => Promise<void>): Promise<void> {
    const run = (this.running ?? Promise.resolve()).catch(() => {}).then(job);
    this.running = run;
    const clear = () => {
      if (this.running === run) this.running = null;
    };
    run.then(clear, clear);
    return run;
  }
}

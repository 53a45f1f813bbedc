import type { Outcome, RunCall, WireResult } from "./wire";

/** What the Worker calls on a player's object to run statements (object.ts `run`, `runMany`). */
export interface PlayerStub {
  run(uid: number, statements: RunCall["statements"], batch: boolean, replica: RunCall["replica"], facts?: RunCall["facts"]): Promise<Outcome<WireResult[]>>;
  runMany(uid: number, calls: RunCall[]): Promise<Outcome<WireResult[]>[]>;
}

/** How a caller's statements reach the object: alone (`stub.run`), or with the render's other reads of that player. */
export type RunObject = (call: RunCall) => Promise<Outcome<WireResult[]>>;

/** A caller's statements sent on their own (`stub.run`). */
export const runAlone =
  (stub: PlayerStub, uid: number): RunObject =>
  (call) =>
    stub.run(uid, call.statements, call.batch, call.replica, call.facts);

interface Waiting {
  call: RunCall;
  resolve(answer: Outcome<WireResult[]>): void;
  reject(error: unknown): void;
}

/**
 * The reads a page's render makes of its player's object, sent as one call (issue 39: "the
 * player's own state from the player object in one call"). A signed-in page's shell asks for the
 * balance, the latest cashback and the open offers in three platform calls that wait on one
 * session lookup; each went to the object on its own, a round trip and an entry each. Here a
 * read's statements wait for the rest of the current task (a timer of 0 ms: every call that the
 * same I/O completion let through has asked by then) and go together (`runMany`); each caller gets
 * its own answer or failure, as if it had called alone. Only a render's reads come here (the
 * platform's GET calls with a render scope, whose `objectRuns` are `queues`): a write goes at once, on its own.
 */
export function coalescedRuns(queues: Map<number, RunObject>, stub: PlayerStub, uid: number): RunObject {
  const found = queues.get(uid);
  if (found) return found;
  let waiting: Waiting[] = [];
  const alone = runAlone(stub, uid);
  const flush = () => {
    const calls = waiting;
    waiting = [];
    if (calls.length === 1) {
      const [only] = calls as [Waiting];
      alone(only.call).then(only.resolve, only.reject);
      return;
    }
    stub
      .runMany(
        uid,
        calls.map((w) => w.call),
      )
      .then(
        (answers) => {
          for (const [i, w] of calls.entries()) w.resolve(answers[i] ?? { ok: false, message: "the object gave no answer for this call" });
        },
        (e: unknown) => {
          for (const w of calls) w.reject(e);
        },
      );
  };
  const run: RunObject = (call) =>
    new Promise((resolve, reject) => {
      waiting.push({ call, resolve, reject });
      if (waiting.length === 1) setTimeout(flush, 0);
    });
  queues.set(uid, run);
  return run;
}

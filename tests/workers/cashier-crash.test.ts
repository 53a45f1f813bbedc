import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contract, type ParamsOf } from "../../core/api/contract";
import { isPlatformError } from "../../core/api/errors";
import { handlePaymentCallback } from "../../workers/platform/cashier/callback";
import { cashierHandlers } from "../../workers/platform/cashier/index";
import { PAYOUT_DELAY_MS, reconcilePlayer } from "../../workers/platform/cashier/reconcile";
import type { PlatformContext } from "../../workers/platform/core/context";
import { routedD1 } from "../../workers/platform/player/routed-d1";
import { buildCallback, decide, type Outcome } from "../../workers/platform/demo/payment-provider";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { cashierPlayerRow, CrashingD1, Faults, moneyViolations, prng, WorkerKilled } from "./cashier-crash-helpers";
import { newKey } from "./cashier-helpers";
import { ORIGIN } from "./helpers";
import { playerDb } from "./player-db";

/**
 * Issue 15: a Worker killed in the middle of a money path must never lose or double money. Every
 * scenario runs the cashier's own code (makedeposit, the payment callback, reconciliation,
 * makewithdrawal, cancelwithdrawal, the payout) against a D1 that kills the Worker at a chosen
 * call; the payment system retries its callback as PSPs do, the player repeats a failed request
 * with the same idempotency key; then reconciliation runs and the books must be right.
 */

const CARD = JSON.stringify({ card_number: "4111 1111 1111 1111", card_holder: "Ann Lee" });
/** The payment system: healthy (its books are its own), and a pending payment is due at once. */
const pspEnv = { ...env, DEMO_PAYMENT_PENDING_SECONDS: "0" } as Env;

/** Random scenarios per run; each is a few hundred milliseconds on a busy CI machine. */
const SEEDS = 40;

/** A cashier method as the API router calls it: the contract's schema reads the parameters first. */
function call<K extends keyof typeof cashierHandlers>(method: K, params: ParamsOf<K>, ctx: PlatformContext) {
  const handler = cashierHandlers[method] as (p: unknown, c: PlatformContext) => ReturnType<(typeof cashierHandlers)[K]>;
  return handler(contract[method].params.parse(params), ctx);
}

class Scenario {
  readonly unexpected: string[] = [];
  constructor(
    readonly uid: number,
    readonly faults: Faults,
  ) {}

  /**
   * One Worker invocation: its own databases (D1, and the player's tables wherever they are) that
   * may die, together, as in production one request's Worker may.
   */
  private worker() {
    const worker = { dead: false };
    const db = new CrashingD1(env.DB, this.faults, worker) as unknown as D1Database;
    const tables = new CrashingD1(routedD1(pspEnv, this.uid), this.faults, worker) as unknown as D1Database;
    const workerEnv = { ...pspEnv, DB: db } as Env;
    const deps = { db, env: workerEnv, waitUntil: (p: Promise<unknown>) => void p.catch(() => undefined) };
    const ctx = {
      ...deps,
      player: () => tables,
      uid: this.uid,
      locale: "en",
      defaultLocale: "en",
      request: new Request(ORIGIN),
    } as unknown as PlatformContext;
    return { deps, ctx };
  }

  /** Runs `fn` in a fresh Worker; answers its result, or null if the Worker died or the call was refused. */
  async run<T>(fn: (w: ReturnType<Scenario["worker"]>) => Promise<T> | T): Promise<T | null> {
    try {
      return await fn(this.worker());
    } catch (e) {
      if (e instanceof WorkerKilled || isPlatformError(e)) return null;
      this.unexpected.push(String(e));
      return null;
    }
  }

  /** A request the player repeats (same idempotency key) when the answer did not come. */
  async retried<T>(fn: (w: ReturnType<Scenario["worker"]>) => Promise<T> | T): Promise<T | null> {
    return (await this.run(fn)) ?? this.run(fn);
  }

  async deposit(amount: number, outcome: Outcome, { lost = false } = {}): Promise<void> {
    const key = newKey();
    const started = await this.retried((w) => call("cashier.makedeposit", { method: "demo_card", amount, idempotency_key: key }, w.ctx));
    const id = started?.transaction_id;
    if (!id) return;
    const { payment, decided } = await decide(pspEnv, id, outcome);
    if (!decided || lost) return;
    // The payment system sends the same event until it is acknowledged (200, or 409: already had it).
    const callback = await buildCallback(env, payment, ORIGIN);
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await this.run((w) => handlePaymentCallback(callback.clone() as Request, w.deps, "demo"));
      if (res && (res.ok || res.status === 409)) break;
    }
  }

  async withdraw(amount: number): Promise<void> {
    const key = newKey();
    await this.retried((w) => call("cashier.makewithdrawal", { method: "demo_card", amount, requisites: CARD, idempotency_key: key }, w.ctx));
  }

  fund(amount: number): Promise<unknown> {
    return applyOperation(playerDb(this.uid), { uid: this.uid, key: `fund-${newKey()}`, type: "adjustment", changes: [{ kind: "main", delta: amount }] });
  }

  /** Cancels the player's newest pending withdrawal, if any. */
  async cancelNewest(): Promise<void> {
    const row = await playerDb(this.uid)
      .prepare("SELECT id FROM cashier_transactions WHERE uid = ?1 AND type = 'withdrawal' AND status = 'pending' ORDER BY created_at DESC LIMIT 1")
      .bind(this.uid)
      .first<{ id: string }>();
    if (row) await this.retried((w) => call("cashier.cancelwithdrawal", { transaction_id: row.id }, w.ctx));
  }

  /** A cashier read's reconciliation, `later` ms from now (lost callbacks are asked about after a minute). */
  reconcile(later = 0) {
    return this.run((w) => reconcilePlayer({ ...w.deps, db: w.ctx.player() }, this.uid, Date.now() + later));
  }

  /** What the player's next cashier reads do after the dust settles: healthy Workers, a minute and a day later. */
  async settle(): Promise<void> {
    const healthy = { db: playerDb(this.uid), env: pspEnv, waitUntil: () => undefined };
    await reconcilePlayer(healthy, this.uid, Date.now() + 2 * 60_000);
    await reconcilePlayer(healthy, this.uid, Date.now() + PAYOUT_DELAY_MS + 2 * 60_000);
  }
}

async function newScenario(faults: Faults, funds = 0): Promise<Scenario> {
  const uid = await cashierPlayerRow();
  if (funds) await applyOperation(playerDb(uid), { uid, key: `seed-money-${uid}`, type: "adjustment", changes: [{ kind: "main", delta: funds }] });
  return new Scenario(uid, faults);
}

/**
 * The money paths, each from the state it starts from (set up by a healthy Worker): the
 * exhaustive test kills the Worker at every D1 call of each path.
 */
const PATHS: { name: string; setup?: (s: Scenario) => Promise<unknown>; path: (s: Scenario) => Promise<unknown> }[] = [
  { name: "deposit paid, callback", path: (s) => s.deposit(5000, "success") },
  { name: "deposit failed, callback", path: (s) => s.deposit(1000, "fail") },
  {
    name: "deposit pending, callback, settled by reconciliation",
    path: async (s) => {
      await s.deposit(3000, "pending");
      return s.reconcile();
    },
  },
  {
    name: "callback lost, reconciliation asks",
    path: async (s) => {
      await s.deposit(2000, "success", { lost: true });
      return s.reconcile(2 * 60_000);
    },
  },
  { name: "withdrawal", setup: (s) => s.fund(6000), path: (s) => s.withdraw(4000) },
  {
    name: "cancel",
    setup: async (s) => {
      await s.fund(6000);
      return s.withdraw(4000);
    },
    path: (s) => s.cancelNewest(),
  },
  {
    name: "payout",
    setup: async (s) => {
      await s.fund(6000);
      return s.withdraw(4000);
    },
    path: (s) => s.reconcile(PAYOUT_DELAY_MS + 60_000),
  },
];

async function runPath(p: (typeof PATHS)[number], faults: Faults): Promise<{ s: Scenario; problems: string[] }> {
  const s = await newScenario(faults);
  faults.armed = false;
  await p.setup?.(s);
  faults.armed = true;
  await p.path(s);
  await s.settle();
  return { s, problems: [...s.unexpected, ...(await moneyViolations(s.uid))] };
}

/** A random scenario of a seed: deposits of every outcome, withdrawals, cancels and reconciliations. */
async function randomScript(s: Scenario, rng: () => number): Promise<void> {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
  const steps = 5 + Math.floor(rng() * 5);
  for (let i = 0; i < steps; i++) {
    const amount = 1000 + 500 * Math.floor(rng() * 8);
    switch (pick(["deposit", "deposit", "withdraw", "cancel", "reconcile"] as const)) {
      case "deposit":
        await s.deposit(amount, pick(["success", "success", "pending", "fail", "cancel"] as const), { lost: rng() < 0.2 });
        break;
      case "withdraw":
        await s.withdraw(amount);
        break;
      case "cancel":
        await s.cancelNewest();
        break;
      case "reconcile":
        await s.reconcile(pick([0, 2 * 60_000]));
        break;
    }
  }
}

beforeAll(() => {
  // The crashed callbacks log their failure; hundreds of them would bury the test output.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterAll(() => vi.restoreAllMocks());

describe("a Worker killed during a money path", () => {
  it("at every D1 call of deposit, callback, reconciliation, withdrawal, cancel and payout: the books stay right", async () => {
    const broken: string[] = [];
    for (const p of PATHS) {
      const dry = await runPath(p, new Faults(() => false));
      expect(dry.problems, p.name).toEqual([]);
      expect(dry.s.faults.calls, p.name).toBeGreaterThanOrEqual(2);
      for (let n = 1; n <= dry.s.faults.calls; n++) {
        const { problems } = await runPath(p, Faults.at(n));
        if (problems.length) broken.push(`${p.name}, crash at its call ${n}: ${problems.join("; ")}`);
      }
    }
    expect(broken).toEqual([]);
  }, 120_000);

  it("random scenarios with random crashes (many seeds): the books stay right", async () => {
    const broken: string[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      const rng = prng(seed);
      const s = await newScenario(Faults.random(prng(seed * 7919), 0.06), Math.floor(rng() * 3) * 5000);
      await randomScript(s, rng);
      await s.settle();
      const problems = [...s.unexpected, ...(await moneyViolations(s.uid))];
      if (problems.length) broken.push(`seed ${seed} (crashes at calls ${s.faults.crashes.join(", ")}): ${problems.join("; ")}`);
    }
    expect(broken).toEqual([]);
  }, 120_000);
});

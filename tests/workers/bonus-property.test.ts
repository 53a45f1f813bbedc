import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { registerPlayer, type Player } from "./auth-helpers";
import { checkBooks, snapshot } from "./bonus-books";
import { depositWith, newKey, readyToWithdraw } from "./cashier-helpers";
import { playRound, roundId, OUTSIDE_JACKPOTS } from "./game-studio-helpers";
import { data } from "./helpers";
import { playerDb } from "./player-db";

/**
 * The bonus engine's property (issue 18, decision 0039): whatever a player does — deposits through
 * the demo payment page (which grant bonuses), activations, exits, declines, real-money rounds
 * within and above the max bet and their retries, the cron's sweeps at later times, withdrawals,
 * currency changes — after every step the books hold (bonus-books.ts) and the step did what the
 * rules say. Bounded for a busy CI machine: a fresh player per run (USD, EUR or BRL), at most 15
 * steps. fast-check prints the seed of a failure.
 */

const DAY = 24 * 3600_000;
const CARD = JSON.stringify({ card_number: "4111 1111 1111 1111", card_holder: "Ann Lee" });
const KINDS = { slot: 100, table: 10, live: 0 } as const;
type Kind = keyof typeof KINDS;

type Step =
  | { do: "deposit"; amount: number; outcome: "success" | "fail" }
  | { do: "activate"; pick: number }
  | { do: "exit" }
  | { do: "remove"; pick: number }
  | { do: "rounds"; kind: Kind; bet: number; count: number }
  | { do: "retry" }
  | { do: "switch"; currency: string }
  | { do: "sweep"; days: number }
  | { do: "withdraw"; amount: number; burn: boolean };

const steps: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant("deposit" as const),
      amount: fc.constantFrom(1000, 2000, 5000, 20_000),
      outcome: fc.constantFrom("success" as const, "success" as const, "fail" as const),
    }),
  },
  { weight: 3, arbitrary: fc.record({ do: fc.constant("activate" as const), pick: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("exit" as const) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("remove" as const), pick: fc.nat(5) }) },
  {
    weight: 6,
    arbitrary: fc.record({
      do: fc.constant("rounds" as const),
      kind: fc.constantFrom<Kind>("slot", "slot", "table", "live"),
      bet: fc.constantFrom(100, 200, 500, 600),
      count: fc.integer({ min: 1, max: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("retry" as const) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("switch" as const), currency: fc.constantFrom("USD", "EUR", "BRL") }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("sweep" as const), days: fc.constantFrom(0, 4, 8, 31) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("withdraw" as const), amount: fc.constantFrom(1000, 3000, 20_000), burn: fc.boolean() }) },
);

interface Game {
  id: number;
  sysname: string;
}
const games = {} as Record<Kind, Game>;
let isolation = false;
/** Amounts are USD's; BRL's terms and cashier limits are five times larger (bonus-templates.json, migration 0006). */
const SCALE: Record<string, number> = { USD: 1, EUR: 1, BRL: 5 };
let scale = 1;
let currency = "USD";
/** The run's last paid round, for a retry: its round_id, game, bet and what it answered. */
let lastPaid: { roundId: string; kind: Kind; bet: number; id: string; win: number } | null = null;

const bonusesOf = (p: Player) => data<{ active: any[]; available: any[]; history: any[] }>(p.browser.get("bonuses/get"));
const bonusRow = (uid: number, id: string) => playerDb(uid).prepare("SELECT * FROM player_bonuses WHERE id = ?1").bind(id).first<Record<string, any>>();
const activeOf = (uid: number) =>
  playerDb(uid).prepare("SELECT * FROM player_bonuses WHERE uid = ?1 AND type = 'casino' AND status = 'active'").bind(uid).first<Record<string, any>>();

/** Cron ticks at `time` until no bonus of the player's is due (a run handles at most 100). */
async function sweepAt(time: number, uid: number): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: time, cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const due = await playerDb(uid)
      .prepare(
        `SELECT COUNT(*) AS n FROM player_bonuses WHERE uid = ?2 AND ((status = 'available' AND available_until <= ?1)
           OR (status = 'active' AND (expires_at <= ?1 OR wagered >= wager_required)))`,
      )
      .bind(time, uid)
      .first<number>("n");
    if (due === 0) return;
  }
  throw new Error("the sweep left due bonuses after 10 ticks");
}

/** One real-money round and what it must have done to the balances, the round and the bonus. */
async function round(p: Player, kind: Kind, bet: number): Promise<void> {
  const before = await snapshot(p.uid);
  const bonus = await activeOf(p.uid);
  const key = roundId();
  const res = await playRound(p.browser, games[kind].sysname, { mode: "real", bet, round_id: key });
  const funds = before.main + (bonus ? before.bonus : 0);
  if (bonus && bet > bonus.max_bet) {
    expect(res.status, "a bet above the max bet is refused").toBe(400);
    expect((await res.json<any>()).error.params).toMatchObject({ max_bet: bonus.max_bet });
    expect(await snapshot(p.uid)).toEqual(before);
    return;
  }
  if (bet > funds) {
    expect(res.status, "a bet above the funds is declined").toBe(402);
    expect(await snapshot(p.uid)).toEqual(before);
    return;
  }
  expect(res.status, await res.clone().text()).toBe(200);
  const { id, win } = (await res.json<{ data: { id: string; win: number } }>()).data;
  lastPaid = { roundId: key, kind, bet, id, win };
  const r = (await playerDb(p.uid).prepare("SELECT * FROM game_rounds WHERE id = ?1").bind(id).first<Record<string, any>>())!;
  const after = await snapshot(p.uid);
  if (!bonus) {
    expect([r.bonus_id, r.bet_bonus, r.win_bonus]).toEqual([null, 0, 0]);
    expect(after).toEqual({ main: before.main - bet + win, bonus: before.bonus, rounds: before.rounds + 1 });
    return;
  }
  // Real money first; the win to the bonus balance (isolation off) or in proportion (on).
  const betBonus = Math.max(0, bet - before.main);
  const winBonus = isolation ? Math.floor((win * betBonus) / bet) : win;
  expect([r.bonus_id, r.bet_bonus, r.win_bonus]).toEqual([bonus.id, betBonus, winBonus]);
  const counted = Math.min(Math.floor((bet * KINDS[kind]) / 100), bonus.wager_required - bonus.wagered);
  const w = await playerDb(p.uid).prepare("SELECT counted FROM bonus_wagering WHERE round_id = ?1").bind(id).first<number>("counted");
  expect(w, "what the round counted").toBe(counted);
  const main = before.main - (bet - betBonus) + (win - winBonus);
  const onBonus = before.bonus - betBonus + winBonus;
  const ended = (await bonusRow(p.uid, bonus.id))!;
  const done = bonus.wagered + counted >= bonus.wager_required;
  // Fully wagered: converted, up to the max cash-out; a spent bonus balance: closed.
  expect(ended.status, "the bonus after the round").toBe(done ? "wagered" : onBonus === 0 ? "closed" : "active");
  const paid = done ? Math.min(onBonus, bonus.max_cashout ?? onBonus) : 0;
  expect(after).toEqual({ main: main + paid, bonus: ended.status === "active" ? onBonus : 0, rounds: before.rounds + 1 });
}

async function run(p: Player, step: Step): Promise<void> {
  const before = await snapshot(p.uid);
  switch (step.do) {
    case "deposit": {
      await depositWith(p, step.outcome, { amount: step.amount * scale });
      expect(await snapshot(p.uid)).toEqual({ ...before, main: before.main + (step.outcome === "success" ? step.amount * scale : 0) });
      return;
    }
    case "activate": {
      const { active, available } = await bonusesOf(p);
      const chosen = available[step.pick % Math.max(1, available.length)];
      if (!chosen) return;
      const res = await p.browser.post("bonuses/activate", { bonus_id: chosen.id });
      if (chosen.amount.currency !== currency) {
        expect(res.status, "a bonus in another currency than the account's").toBe(400);
        expect(await snapshot(p.uid)).toEqual(before);
      } else if (active.length) {
        expect(res.status, "a second active bonus is refused").toBe(409);
        expect(await snapshot(p.uid)).toEqual(before);
      } else {
        expect(res.status, await res.clone().text()).toBe(200);
        expect(await snapshot(p.uid)).toEqual({ ...before, bonus: before.bonus + chosen.amount.amount });
      }
      return;
    }
    case "exit": {
      const { active, available } = await bonusesOf(p);
      const res = await p.browser.post("bonuses/deactivate", { bonus_id: active[0]?.id ?? available[0]?.id ?? "0".repeat(32) });
      expect(res.status, "exit").toBe(active.length ? 200 : 400);
      expect(await snapshot(p.uid)).toEqual(active.length ? { ...before, bonus: 0 } : before);
      if (active.length) expect((await bonusRow(p.uid, active[0].id))!.status).toBe("cancelled");
      return;
    }
    case "remove": {
      const { available } = await bonusesOf(p);
      const chosen = available[step.pick % Math.max(1, available.length)];
      if (!chosen) return;
      expect((await p.browser.post("bonuses/remove", { bonus_id: chosen.id })).status).toBe(200);
      expect(await snapshot(p.uid)).toEqual(before);
      expect((await bonusRow(p.uid, chosen.id))!.status).toBe("cancelled");
      return;
    }
    case "rounds":
      for (let i = 0; i < step.count; i++) await round(p, step.kind, step.bet * scale);
      return;
    case "retry": {
      // The same round_id again (a lost answer, a double click): the stored round, paid and counted once.
      if (!lastPaid) return;
      const wagered = await playerDb(p.uid).prepare("SELECT COALESCE(SUM(counted), 0) AS s FROM bonus_wagering WHERE uid = ?1").bind(p.uid).first<number>("s");
      const again = await data(playRound(p.browser, games[lastPaid.kind].sysname, { mode: "real", bet: lastPaid.bet, round_id: lastPaid.roundId }));
      expect([again.id, again.win, again.replayed]).toEqual([lastPaid.id, lastPaid.win, true]);
      expect(await snapshot(p.uid)).toEqual(before);
      expect(await playerDb(p.uid).prepare("SELECT COALESCE(SUM(counted), 0) AS s FROM bonus_wagering WHERE uid = ?1").bind(p.uid).first<number>("s")).toBe(
        wagered,
      );
      return;
    }
    case "sweep": {
      const time = Date.now() + step.days * DAY;
      const bonus = await activeOf(p.uid);
      await sweepAt(time, p.uid);
      const after = await snapshot(p.uid);
      if (bonus && bonus.expires_at <= time && bonus.wagered < bonus.wager_required) {
        // The wagering time ran out: the bonus balance is lost, real money kept.
        expect((await bonusRow(p.uid, bonus.id))!.status).toBe("expired");
        expect(after).toEqual({ ...before, bonus: 0 });
      } else if (!bonus || bonus.wagered < bonus.wager_required) {
        expect(after).toEqual(before);
      }
      const lapsed = await playerDb(p.uid)
        .prepare("SELECT COUNT(*) AS n FROM player_bonuses WHERE uid = ?1 AND status = 'available' AND available_until <= ?2")
        .bind(p.uid, time)
        .first<number>("n");
      expect(lapsed, "available bonuses past their window").toBe(0);
      return;
    }
    case "switch": {
      // Allowed until real money moves; the money in the books stays in one currency (bonus-books.ts).
      const res = await p.browser.post("account/setCurrency", { currency: step.currency });
      expect([200, 400], await res.clone().text()).toContain(res.status);
      if (res.status === 200) [currency, scale] = [step.currency, SCALE[step.currency]!];
      expect(await snapshot(p.uid)).toEqual(before);
      return;
    }
    case "withdraw": {
      const amount = step.amount * scale;
      // With an active bonus a withdrawal is refused unless the player agrees to burn it (decision 0042).
      const active = await playerDb(p.uid)
        .prepare("SELECT COUNT(*) AS n FROM player_bonuses WHERE uid = ?1 AND status = 'active'")
        .bind(p.uid)
        .first<number>("n");
      const res = await p.browser.post("cashier/makewithdrawal", {
        method: "demo_card",
        amount,
        requisites: CARD,
        idempotency_key: newKey(),
        ...(step.burn ? { burn_bonuses: "1" } : {}),
      });
      if (amount > before.main) expect(res.status, "a withdrawal above the main balance").not.toBe(200);
      if (active && !step.burn) expect(res.status, "a withdrawal that would burn a bonus, not agreed").toBe(409);
      expect([200, 402, 409], await res.clone().text()).toContain(res.status);
      // Only real money leaves: the bonus balance is not withdrawable; agreed, the active bonus's balance burns with it.
      const burnt = res.status === 200 && active ? { bonus: 0 } : {};
      expect(await snapshot(p.uid)).toEqual(res.status === 200 ? { ...before, main: before.main - amount, ...burnt } : before);
      return;
    }
  }
}

beforeAll(async () => {
  for (const kind of Object.keys(KINDS) as Kind[]) {
    games[kind] = (await env.DB.prepare(
      `SELECT id, sysname FROM games WHERE kind = ?1 AND min_bet <= 100 AND max_bet >= 3000 AND ${OUTSIDE_JACKPOTS} ORDER BY id LIMIT 1`,
    )
      .bind(kind)
      .first<Game>())!;
  }
  // A site with light wagering (x1), so bonuses convert within a run's few rounds, not only expire.
  await env.DB.prepare("UPDATE bonus_templates SET wager_multiplier = 1").run();
});

describe("the bonus engine's books", () => {
  it("hold after every step of random deposits, activations, exits, declines, rounds, sweeps and withdrawals", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.constantFrom("USD", "USD", "EUR", "BRL"),
        fc.array(steps, { minLength: 1, maxLength: 15 }),
        async (isolated, first, sequence) => {
          isolation = isolated;
          [currency, scale] = [first, SCALE[first]!];
          lastPaid = null;
          await env.DB.prepare("UPDATE settings SET value = json_set(value, '$.is_bonus_isolation_enabled', json(?1)) WHERE key = 'general_info'")
            .bind(String(isolated))
            .run();
          const p = await registerPlayer({ currency: first });
          await readyToWithdraw(p.uid);
          await checkBooks(p.uid);
          for (const [i, step] of sequence.entries()) {
            try {
              await run(p, step);
              await checkBooks(p.uid);
            } catch (e) {
              throw new Error(`step ${i} ${JSON.stringify(step)} (uid ${p.uid}): ${e instanceof Error ? e.message : e}`);
            }
          }
        },
      ),
      { numRuns: 25, endOnFailure: true },
    );
  }, 600_000);
});

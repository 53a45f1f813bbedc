import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BONUS_EVENT } from "../../core/api/bonus-event";
import { expirePacks } from "../../workers/platform/bonuses/freespins-sweep";
import { sweepBonuses } from "../../workers/platform/bonuses/sweep";
import { computeCashbacks, weekOf } from "../../workers/platform/cashback/compute";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { depositWith } from "./cashier-helpers";
import { playRound, roundId } from "./game-studio-helpers";
import { data } from "./helpers";
import { connect, moneyDeps, tokenFor, type Client } from "./realtime-helpers";
import { playerDb } from "./player-db";

/**
 * `bonus.updated` from the changes no player request makes (decision 0042, update 2026-11-27): the
 * clocks' expiries, a free-spin pack's grant, end and winnings bonus, a computed cashback. An open
 * profile page re-reads itself on it.
 */

const DAY = 24 * 3600_000;

/** The bonus events among the next few messages (balance events pass by), until `count` arrived. */
async function bonusEvents(c: Client, count: number): Promise<unknown[]> {
  const seen: unknown[] = [];
  for (let i = 0; i < count + 6 && seen.length < count; i++) {
    const m = await c.next(3000);
    if (m?.event === BONUS_EVENT) seen.push(m.data);
  }
  return seen;
}

const listening = async (p: Player) => connect(await tokenFor(p.uid));
const packsOf = async (p: Player) =>
  (await data(p.browser.get("freespins/get"))).items as { id: string; game: { sysname: string }; bet: { amount: number }; count: number }[];

describe("bonus.updated from the clocks and the free-spin packs", () => {
  it("an available bonus past its window expires: its player hears it", async () => {
    const p = await registerPlayer();
    const signUp = (await data(p.browser.get("bonuses/get"))).available[0];
    await playerDb(p.uid)
      .prepare("UPDATE player_bonuses SET available_until = ?2 WHERE id = ?1")
      .bind(signUp.id, Date.now() - 1)
      .run();
    const socket = await listening(p);
    const deps = moneyDeps(p.uid);
    await sweepBonuses(deps, Date.now(), p.uid);
    await deps.settled();
    expect(await bonusEvents(socket, 1)).toEqual([{ bonus_id: signUp.id, type: "casino", status: "expired" }]);
  });

  it("a deposit that earns a free-spin pack announces the pack", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 5000 });
    const socket = await listening(p);
    const { id } = await depositWith(p, "success", { amount: 5000 });
    const pack = (await packsOf(p)).find((x) => x.game.sysname === "emerald_bonanza")!;
    const bonuses = await playerDb(p.uid)
      .prepare("SELECT COUNT(*) AS n FROM player_bonuses WHERE grant_key LIKE ?1")
      .bind(`deposit:${id}:%`)
      .first<number>("n");
    // The deposit's bonuses (a reload bonus) and its pack, in any order.
    expect(await bonusEvents(socket, bonuses! + 1)).toContainEqual({ bonus_id: pack.id, type: "freespins", status: "active" });
  });

  it("the spin that uses a pack up announces its end, and the bonus its winnings became", async () => {
    const p = await registerPlayer();
    const pack = (await packsOf(p)).find((x) => x.game.sysname === "fortune_panda")!;
    // All spins but the last, then a win already on the pack: the last spin's batch grants a bonus whatever it draws.
    await playerDb(p.uid).prepare("UPDATE freespin_packs SET remaining_count = 1, won = 500 WHERE id = ?1").bind(pack.id).run();
    const socket = await listening(p);
    const round = await data(playRound(p.browser, pack.game.sysname, { mode: "real", bet: pack.bet.amount, round_id: roundId(), freespin_id: pack.id }));
    expect(round.freespins).toMatchObject({ remaining_count: 0, status: "finished" });
    expect(await bonusEvents(socket, 2)).toEqual([
      { bonus_id: pack.id, type: "freespins", status: "closed" },
      { bonus_id: round.freespins.bonus_id, type: "casino", status: "available" },
    ]);
  });

  it("a pack past its time expires on the clock: its end and its winnings bonus are announced", async () => {
    const p = await registerPlayer();
    const pack = (await packsOf(p))[0]!;
    await playerDb(p.uid).prepare("UPDATE freespin_packs SET won = 300 WHERE id = ?1").bind(pack.id).run();
    const socket = await listening(p);
    const deps = moneyDeps(p.uid);
    expect(await expirePacks(deps, Date.now() + 8 * DAY, p.uid)).toBe(1);
    await deps.settled();
    const bonus = await playerDb(p.uid).prepare("SELECT id FROM player_bonuses WHERE grant_key = ?1").bind(`freespins:${pack.id}`).first<string>("id");
    expect(bonus).toBeTruthy();
    expect(await bonusEvents(socket, 2)).toEqual([
      { bonus_id: pack.id, type: "freespins", status: "expired" },
      { bonus_id: bonus, type: "casino", status: "available" },
    ]);
  });

  it("a computed cashback is announced to its player", async () => {
    const p = await registerPlayer();
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `ev-dep-${p.uid}`, type: "deposit", changes: [{ kind: "main", delta: 100_000 }] });
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `ev-bet-${p.uid}`, type: "bet", changes: [{ kind: "main", delta: -5000, type: "bet" }] });
    const socket = await listening(p);
    const deps = moneyDeps();
    expect(await computeCashbacks(deps, weekOf(Date.now()).end + 60_000, { uid: p.uid })).toBe(1);
    await deps.settled();
    const id = (await data(p.browser.get("cashbacks/get"))).items[0].id;
    expect(await bonusEvents(socket, 1)).toEqual([{ bonus_id: id, type: "cashback", status: "active" }]);
  });
});

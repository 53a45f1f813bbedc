import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { checkBooks, snapshot } from "./bonus-books";
import { playRound, roundId, roundsOf, OUTSIDE_JACKPOTS } from "./game-studio-helpers";
import { data } from "./helpers";
import { playerDb } from "./player-db";

/**
 * A bonus ending while rounds are in flight (decision 0039): the player exits in one tab while
 * spinning in another, or one round's conversion ends the bonus under the next. A round claimed
 * under the bonus but paid after it ended is the main balance's alone: no win lands on the bonus
 * balance of a bonus that is gone, and the books hold (bonus-books.ts).
 */

const slot = async () =>
  (await env.DB.prepare(
    `SELECT sysname FROM games WHERE kind = 'slot' AND min_bet <= 100 AND max_bet >= 1000 AND ${OUTSIDE_JACKPOTS} ORDER BY id LIMIT 1`,
  ).first<{ sysname: string }>())!.sysname;

/** A player with `main` on the main balance and the sign-up bonus (10.00, max bet 2.00) active. */
async function bonusPlayer(main: number): Promise<{ p: Player; bonusId: string }> {
  const p = await registerPlayer();
  await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-main-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: main }] });
  const bonusId = (await data(p.browser.get("bonuses/get"))).available[0].id;
  await data(p.browser.post("bonuses/activate", { bonus_id: bonusId }));
  return { p, bonusId };
}

/** Every paid round's stored split is what its wallet operation moved, balance by balance. */
async function roundsMatchTheirMoney(uid: number): Promise<void> {
  for (const r of (await roundsOf(uid)).filter((r) => r.operation_id)) {
    const moved = await playerDb(uid)
      .prepare("SELECT kind, SUM(delta) AS s FROM ledger WHERE operation_id = ?1 GROUP BY kind")
      .bind(r.operation_id)
      .all<{ kind: string; s: number }>();
    const by = Object.fromEntries(moved.results.map((m) => [m.kind, m.s]));
    expect([by.main ?? 0, by.bonus ?? 0], `round ${r.id}`).toEqual([r.win - r.win_bonus - (r.bet - r.bet_bonus), r.win_bonus - r.bet_bonus]);
  }
}

describe("a bonus ending while rounds are in flight", () => {
  it("an exit during eight rounds: the rounds paid after it are the main balance's, the bonus balance stays empty", async () => {
    const sysname = await slot();
    for (let n = 0; n < 5; n++) {
      const { p, bonusId } = await bonusPlayer(100_000);
      const rounds = Array.from({ length: 8 }, () => playRound(p.browser, sysname, { mode: "real", bet: 200, round_id: roundId() }));
      const answers = await Promise.all([...rounds, p.browser.post("bonuses/deactivate", { bonus_id: bonusId })]);
      expect(answers.slice(0, 8).map((a) => a.status)).toEqual(Array(8).fill(200));
      // The exit may find the bonus balance changing under it twice ("try again"): then it is tried again.
      if (answers[8]!.status !== 200) {
        expect(answers[8]!.status).toBe(409);
        await data(p.browser.post("bonuses/deactivate", { bonus_id: bonusId }));
      }
      expect(await playerDb(p.uid).prepare("SELECT status FROM player_bonuses WHERE id = ?1").bind(bonusId).first("status")).toBe("cancelled");
      expect((await snapshot(p.uid)).bonus).toBe(0);
      await roundsMatchTheirMoney(p.uid);
      await checkBooks(p.uid);
    }
  });

  it("a conversion during simultaneous rounds: what the later rounds win is real money", async () => {
    const sysname = await slot();
    for (let n = 0; n < 5; n++) {
      const { p, bonusId } = await bonusPlayer(100_000);
      // One round of 2.00 left to wager: the first round to pay converts the bonus.
      await playerDb(p.uid).prepare("UPDATE player_bonuses SET wagered = wager_required - 200 WHERE id = ?1").bind(bonusId).run();
      await playerDb(p.uid)
        .prepare(
          "INSERT INTO bonus_wagering (bonus_id, uid, round_id, bet, contribution, counted, created_at) SELECT id, uid, 'setup-' || id, 1, 100, wager_required - 200, 0 FROM player_bonuses WHERE id = ?1",
        )
        .bind(bonusId)
        .run();
      const answers = await Promise.all(Array.from({ length: 8 }, () => playRound(p.browser, sysname, { mode: "real", bet: 200, round_id: roundId() })));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(await playerDb(p.uid).prepare("SELECT status FROM player_bonuses WHERE id = ?1").bind(bonusId).first("status")).toBe("wagered");
      expect((await snapshot(p.uid)).bonus).toBe(0);
      await roundsMatchTheirMoney(p.uid);
      await checkBooks(p.uid);
    }
  });
});

import { revokeUserSessions } from "../auth/sessions";
import type { OutboxKind } from "./outbox";
import { applyEntries } from "../tournaments/entries";
import { recordWin } from "../games/recent-wins";
import { recordWinner } from "../wheel/winners";
import { recordClockDue } from "./clocks";
import { contributeToPools } from "../jackpots/settle";
import { recordApproval } from "../cashier/withdrawal-stages";
import { deliverPush } from "../push/send";
import { claimHit } from "../challenges/hits";
import { playerTables } from "./routed-d1";

/**
 * The receivers of the players' outboxes (outbox.ts), by kind. Each is idempotent by the entry's
 * key: it may run more than once for one entry (a delivery that died before its row was removed).
 */
type Receiver = (env: Env, uid: number, body: unknown, key: string, waitUntil?: (p: Promise<unknown>) => void) => Promise<void>;

export const RECEIVERS: Record<OutboxKind, Receiver> = {
  // A self-exclusion signs the player out everywhere (decision 0012): deleting every session of
  // theirs is the same whether it ran before or not.
  "sessions.revoke": (env, uid) => revokeUserSessions(env.DB, uid),
  // A real-money round that won, for the wins feed's list (games/recent-wins.ts): once by its id.
  "wins.record": async (env, uid, body) => {
    if ((body as { uid?: unknown } | null)?.uid !== uid) throw new TypeError("wins.record: another player's win");
    return recordWin(env, body);
  },
  // A points batch's changed entries (tournaments/entries.ts): absolute totals, taken by version.
  "tournaments.entries": async (env, uid, body) => {
    if ((body as { uid?: unknown } | null)?.uid !== uid) throw new TypeError("tournaments.entries: another player's entries");
    return applyEntries(env, body);
  },
  // When the player's clocks are next due (clocks.ts): the newest version is kept.
  "clock.due": (env, uid, body) => recordClockDue(env, uid, body),
  // A spin that paid something, for the wheel's winners list (wheel/winners.ts): once by its id.
  "wheel.winner": (env, uid, body) => recordWinner(env, uid, body),
  // A real round's contribution to its game's jackpot pools (jackpots/settle.ts): each pool takes it
  // once by the round's id; a pool it won is paid to the player (once by the winner's id). `env`
  // carries the object's own tables, so the payment is made here, not by a call to itself.
  "jackpots.contribute": (env, uid, body, _key, waitUntil = () => {}) => contributeToPools({ db: env.DB, env, waitUntil }, uid, body),
  // A withdrawal's approval, for the cashier's published approval times (cashier/withdrawal-stages.ts): once by its id.
  "withdrawals.approved": (env, uid, body) => recordApproval(env, uid, body),
  // A web push owed to the player (push/send.ts, decision 0114): to each of their subscriptions of its
  // topic; a push service that fails is asked again (its notification's tag is the push's key).
  "push.send": (env, uid, body) => deliverPush(env, playerTables(env, uid), uid, body),
  // A round that hit a first-to-hit challenge (challenges/hits.ts, decision 0117): the next place if one is
  // left (one per player), its prize owed in the same batch; a hit taken or refused once takes nothing again.
  "challenges.hit": (env, uid, body) => claimHit(env, uid, body),
};

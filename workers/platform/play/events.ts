import type { JurisdictionId } from "../../../core/jurisdictions";
import type { GrantMarket } from "../bonuses/market";
import type { RoundFunding } from "../bonuses/wagering";
import type { TransactionRow } from "../cashier/transactions";
import type { BetRow } from "../sportsbook/bets";
import type { MoneyDeps } from "../wallet/move-money";

/**
 * Play feeds everything in one step (DESIGN §7): a game round being paid, a sports bet or a
 * deposit being settled, is an event with a list of consumers (round-consumers.ts,
 * bet-consumers.ts, deposit-consumers.ts). Each
 * consumer adds its statements to the event's own batch — the one that moves the money — so what
 * it records exists exactly when the event does, and may act once the batch committed (announce,
 * settle shared pools). The event's code knows the list, not the consumers: a new consumer (a
 * quest kind, a race, a jackpot) is an entry in a list, not an import in the round or the cashier.
 */

/** A game round as its payment's batch records it. */
export interface RoundEvent {
  id: string;
  uid: number;
  gameId: number;
  sysname: string;
  mode: "demo" | "real";
  bet: number;
  win: number;
  currency: string;
  /** The round's wallet operation key (`round:<id>`): consumers count the round only while it is not yet written (a replay counts nothing). */
  operationKey: string;
  /** The real-money parts of the bet and the win (main balance); 0 for a demo round. */
  betMain: number;
  winMain: number;
  /** How a round under a bonus splits between the balances; null when no bonus funds it. */
  funding: RoundFunding | null;
  /** The bonus a split round was funded under: it counts only while that bonus is active, as it pays. */
  bonusId: string | null;
  /** Whether the round may feed and win jackpot pools: not where the player's market forbids them (Germany). */
  jackpots: boolean;
}

/** A deposit moving to `success`, as the batch that credits it settles it. */
export interface DepositEvent {
  row: TransactionRow;
  /** The credit's wallet operation key (`deposit:<id>`). */
  operationKey: string;
  /** The player's market, for the bonuses the deposit earns (bonuses/market.ts). */
  market: GrantMarket;
}

/** A sports bet being settled (won, lost or void), as the batch that settles it records it. */
export interface BetEvent {
  bet: BetRow;
  /** cashed_out: the player took all that rode (decision 0105); it counts as a settled bet does. */
  status: "won" | "lost" | "void" | "cashed_out";
  /** What the bet paid in all: this settlement's payout and any partial cash-outs before it (a full cash-out: every cash-out's amount). */
  paid: number;
  /** When this settlement runs: the bet's `settled_at` if this batch is the one that settles it. */
  settledAt: number;
  /** The site's profile: with the player's country, whether the bet may count toward another product's incentive (decision 0094). */
  site: JurisdictionId;
}

/** After the batch: whether this call is the one that recorded the event (not a replay), and the results of the consumer's own statements. */
export interface Committed {
  fresh: boolean;
  results: D1Result[];
}

export interface Consumption {
  statements: D1PreparedStatement[];
  committed?: (deps: MoneyDeps, c: Committed) => Promise<void> | void;
}

export interface Consumer<E> {
  readonly name: string;
  consume(db: D1Database, event: E, now: number): Consumption | Promise<Consumption>;
}

/**
 * The consumers' statements for the event's batch, in list order, and what runs once it committed:
 * each consumer's step, in list order; a step that fails is logged and never fails the event.
 */
export async function consumeAll<E>(consumers: readonly Consumer<E>[], db: D1Database, event: E, now: number) {
  const parts = await Promise.all(consumers.map(async (c) => ({ name: c.name, ...(await c.consume(db, event, now)) })));
  return {
    statements: parts.flatMap((p) => p.statements),
    /** `results`: the batch's results for `statements` (empty when the caller cannot read them). */
    async committed(deps: MoneyDeps, fresh: boolean, results: D1Result[] = []): Promise<void> {
      let offset = 0;
      for (const p of parts) {
        const own = results.slice(offset, offset + p.statements.length);
        offset += p.statements.length;
        try {
          await p.committed?.(deps, { fresh, results: own });
        } catch (e) {
          console.error(`play: ${p.name} after the batch failed:`, e instanceof Error ? e.message : String(e));
        }
      }
    },
  };
}

import type { APIRequestContext } from "@playwright/test";
import { closeLoginCampaignPopup, origin, payDemoDeposit, registerByApi, unique } from "./accounts-fixtures";
import { expect, slotOutsideJackpots } from "./fixtures";

/**
 * A player in the state a test starts from, built in one call through the real /api contract
 * (and the demo payment provider's own endpoint for deposits), never through pages: a spec walks
 * pages only for what its pages do (issue 36). Every step checks its answer, so a fixture that
 * could not build the state fails at the step, not later in the test.
 */
export type PlayerState = {
  /** The login; a new unique one (from `tag`) by default. */
  email?: string;
  /** The new login's prefix, naming the test in the platform's logs. */
  tag?: string;
  /** Registration fields besides the US defaults (registerByApi). */
  registration?: Record<string, string>;
  /** Deposits paid in this order, in minor units (each one can bring its welcome bonus). */
  deposited?: number | number[];
  /** A bonus of the player's: "granted" (offered, waiting in the list) or "active" (activated). */
  bonus?: "active" | "granted";
  /** Which bonus `bonus` names, by sysname: the sign-up bonus every new player is offered by default. */
  bonusSysname?: string;
  /** A tournament the player has joined, by sysname. */
  tournament?: string;
  /** Real-money rounds already played (at a slot outside the jackpots, at its minimum bet): needs a deposit. */
  history?: number;
  /** Close the login campaign popup up front (closeLoginCampaignPopup): for specs about something else. */
  withoutCampaignPopup?: boolean;
};

export type Player = {
  email: string;
  /** The signed-in session, for another browser context: browser.newContext({ storageState }). */
  storageState: Awaited<ReturnType<APIRequestContext["storageState"]>>;
  /** The joined tournament's id, when `tournament` named one. */
  tournamentId?: number;
  /** The rounds of `history`, newest last. */
  rounds: string[];
};

/**
 * Registers a player with `request` and brings it to `state`. With `page.request` the page is
 * signed in too (they share cookies); with another request context, pass `storageState` on.
 */
export async function playerWith(request: APIRequestContext, state: PlayerState = {}): Promise<Player> {
  const email = state.email ?? unique(state.tag ?? "player");
  await registerByApi(request, email, state.registration);
  if (state.withoutCampaignPopup) await closeLoginCampaignPopup(request);
  for (const amount of [state.deposited ?? []].flat()) await payDemoDeposit(request, amount);
  if (state.bonus) await bonusOf(request, state.bonus, state.bonusSysname ?? "no-deposit");
  const tournamentId = state.tournament ? await join(request, state.tournament) : undefined;
  const rounds = state.history ? await play(request, state.history) : [];
  return { email, storageState: await request.storageState(), tournamentId, rounds };
}

async function bonusOf(request: APIRequestContext, wanted: "active" | "granted", sysname: string): Promise<void> {
  const res = await request.get("/api/bonuses/get");
  expect(res.status(), await res.text()).toBe(200);
  const offered = ((await res.json()).data.available as { id: number; sysname: string }[]).find((b) => b.sysname === sysname);
  expect(offered, `the player is offered the bonus ${sysname}`).toBeDefined();
  if (wanted === "granted") return;
  const activated = await request.post("/api/bonuses/activate", { multipart: { bonus_id: String(offered!.id) }, headers: { origin: origin() } });
  expect(activated.status(), await activated.text()).toBe(200);
}

/** The id of the tournament `sysname` (any status), after the player joined it. */
async function join(request: APIRequestContext, sysname: string): Promise<number> {
  let id: number | undefined;
  for (const status of ["active", "future"]) {
    const res = await request.get("/api/tournaments/get", { params: { status } });
    expect(res.status(), await res.text()).toBe(200);
    id ??= ((await res.json()).data.items as { id: number; sysname: string }[]).find((t) => t.sysname === sysname)?.id;
  }
  expect(id, `an active or upcoming tournament ${sysname}`).toBeDefined();
  const joined = await request.post("/api/tournaments/participate", { form: { tournament_id: String(id) }, headers: { origin: origin() } });
  expect(joined.status(), await joined.text()).toBe(200);
  return id!;
}

/** `count` real-money rounds at the minimum bet of a slot no jackpot pools from; answers their ids. */
async function play(request: APIRequestContext, count: number): Promise<string[]> {
  const slot = await slotOutsideJackpots(request);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await request.post(`/platform/game/${slot.sysname}/round`, {
      multipart: { bet: String(slot.min_bet.amount), mode: "real", round_id: `e2e-history-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      headers: { origin: origin(), accept: "application/json" },
    });
    expect(res.status(), await res.text()).toBe(200);
    ids.push((await res.json()).data.id as string);
  }
  return ids;
}

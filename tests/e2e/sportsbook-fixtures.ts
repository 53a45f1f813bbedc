import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { origin } from "./accounts-fixtures";
import { expect, jsOn, tr } from "./fixtures";
import { playerWith } from "./player-fixtures";

/**
 * Shared by the sportsbook's end-to-end tests: each test makes its OWN event through the feed's demo
 * hook (POST /platform/demo/sportsbook/events, autoplay off), so no two tests (or the two projects)
 * share an event or see each other's odds move.
 */

export type Selection = { id: number; outcome: string; odds: number };
export type Market = { id: number; kind: string; line: number | null; selections: Selection[] };
export type OwnEvent = { event_id: number; markets: Market[] };

export async function newEvent(request: APIRequestContext, body: Record<string, unknown> = { status: "live" }): Promise<OwnEvent> {
  const res = await request.post("/platform/demo/sportsbook/events", { data: body, headers: { origin: origin() } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: OwnEvent }).data;
}

export async function step(request: APIRequestContext, eventId: number, body: Record<string, unknown>) {
  const res = await request.post(`/platform/demo/sportsbook/events/${eventId}/step`, { data: body, headers: { origin: origin() } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

/** The event's match-result home selection: what the tests back. */
export const home = (e: OwnEvent) => e.markets.find((m) => m.kind === "match_result")!.selections.find((s) => s.outcome === "home")!;
export const odds = (o: number) => (o / 100).toFixed(2);
export const slip = (page: Page) => page.getByTestId("bet-slip");
export const oddsButton = (page: Page, id: number) => page.locator(`button[data-selection="${id}"]`);
export const balanceMain = async (request: APIRequestContext) =>
  (await (await request.get("/api/account/getBalance")).json()).data.balance_main.amount as number;
export const money = (minor: number) => `$${minor % 100 ? (minor / 100).toFixed(2) : minor / 100}`;

export async function fundedPlayer(page: Page, tag: string, amount = 10_000) {
  await playerWith(page.request, { tag, deposited: amount });
}

/** Picks a selection on its event's page and waits for the slip to hold it. */
export async function pick(page: Page, eventId: number, selectionId: number) {
  await page.goto(`/betting?event=${eventId}`);
  // With JavaScript, the pick is the slip's client-side one: wait until the page is taken over.
  // (A pick that never reached the slip on a busy machine was the slip's boundary left unhydrated
  // behind the live odds' updates, the pick's new data waiting on it: hydration-gate.ts.)
  if (jsOn()) await expect(page.locator("html")).toHaveAttribute("data-links", "");
  await oddsButton(page, selectionId).first().click();
  await expect(slip(page).locator(`[data-slip-selection="${selectionId}"]`)).toBeVisible();
}

/** Types the single stake into the slip (in whole units) and presses Place; the caller waits for what follows (a receipt, or a refusal). */
export async function stakeAndPlace(page: Page, stake: string) {
  await slip(page)
    .getByLabel(tr("betting.slip.stakeFor", { label: "" }).trim())
    .fill(stake);
  await slip(page)
    .getByRole("button", { name: tr("betting.slip.place") })
    .click();
}

/** Each locator is on screen within a phone `width` wide (compare with the width set, not innerWidth: a wider page widens the layout viewport). */
export async function fitPhone(width: number, ...parts: Locator[]) {
  for (const part of parts) {
    await expect(part).toBeVisible();
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
}

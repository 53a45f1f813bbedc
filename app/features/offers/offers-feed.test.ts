import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Offer } from "../../../core/api/contract-offers";

/**
 * offers-feed (decision 0043): the realtime offer events are queued and handled in order —
 * `available` fetches the offer and prepends it, `deactivated` removes it; the first event before
 * any page seeded the list reads the whole list once. browserCall is the platform here.
 */

const call = vi.hoisted(() => vi.fn());
vi.mock("../../lib/api/browser-call", () => ({ browserCall: call }));

const offer = (id: number) => ({ id, sysname: `offer-${id}` }) as unknown as Offer;
type Feed = typeof import("./offers-feed");
type Events = typeof import("../realtime/account-events");
let feed: Feed;
let events: Events;
let stop: () => void;

/** Lets the feed's queue run to its end (the mocks answer at once or when a test resolves them). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};
const emit = (event: string, offer_id: unknown) => events.emitAccountEvent({ event, data: { offer_id }, ts: 0 });
const shown = () => feed.offersSnapshot()?.map((o) => o.id) ?? null;

beforeEach(async () => {
  vi.resetModules();
  call.mockReset();
  feed = await import("./offers-feed");
  events = await import("../realtime/account-events");
  stop?.();
  stop = feed.startOffersFeed("en");
});

describe("offers feed", () => {
  it("prepends an offer that becomes available and removes one deactivated; the count follows", async () => {
    feed.seedOffers([offer(1), offer(2)]);
    const counts: (number | null)[] = [];
    feed.subscribeOffers(() => counts.push(feed.offersCount()));
    call.mockResolvedValueOnce(offer(3));
    emit("campaign.offer.available", 3);
    await settle();
    expect(call).toHaveBeenCalledWith("campaigns.getOffer", "GET", { offer_id: 3 }, { locale: "en" });
    expect(shown()).toEqual([3, 1, 2]);
    emit("campaign.offer.deactivated", 1);
    await settle();
    expect(shown()).toEqual([3, 2]);
    expect(counts).toEqual([3, 2]);
    // An offer seen again moves to the front once, not twice.
    call.mockResolvedValueOnce(offer(2));
    emit("campaign.offer.available", 2);
    await settle();
    expect(shown()).toEqual([2, 3]);
  });

  it("handles the events one at a time, in the order they came", async () => {
    feed.seedOffers([offer(1)]);
    let answer!: (o: Offer) => void;
    call.mockReturnValueOnce(new Promise<Offer>((r) => (answer = r)));
    emit("campaign.offer.available", 5);
    emit("campaign.offer.deactivated", 5);
    await settle();
    expect(shown()).toEqual([1]); // still waiting for the offer: the removal waits too
    answer(offer(5));
    await settle();
    expect(shown()).toEqual([1]); // prepended, then removed
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("reads the whole list once when the first event comes before any page seeded it", async () => {
    expect(feed.offersCount()).toBeNull();
    call.mockResolvedValueOnce({ items: [offer(7), offer(8)], count: 2 });
    emit("campaign.offer.deactivated", 9);
    await settle();
    expect(call).toHaveBeenCalledWith("campaigns.getoffers", "GET", {}, { locale: "en" });
    expect(shown()).toEqual([7, 8]);
  });

  it("keeps the list when an offer cannot be read (taken meanwhile), and ignores events without a usable id", async () => {
    feed.seedOffers([offer(1)]);
    call.mockRejectedValueOnce(new Error("not found"));
    emit("campaign.offer.available", 4);
    emit("campaign.offer.available", "4");
    emit("campaign.offer.deactivated", -1);
    await settle();
    expect(shown()).toEqual([1]);
    expect(call).toHaveBeenCalledTimes(1);
  });
});

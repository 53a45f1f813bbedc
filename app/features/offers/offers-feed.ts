import { browserCall } from "../../lib/api/browser-call";
import type { Offer } from "../../../core/api/contract-offers";
import { OFFER_AVAILABLE_EVENT, OFFER_DEACTIVATED_EVENT } from "../../../core/api/reward-events";
import { onAccountEvent } from "../realtime/account-events";

/**
 * The player's available offers in this tab, kept live (SPEC §4, decision 0043): the realtime
 * events are queued and handled one at a time — `campaign.offer.available` fetches the offer and
 * prepends it, `campaign.offer.deactivated` removes it. The sidebar badge and the /offers page read
 * it. Until a page seeds it (or the first event arrives, which reads the whole list once), only the
 * server's count is known — so a first load costs no request.
 */

type Listener = () => void;

let ids: number[] | null = null;
const items = new Map<number, Offer>();
const listeners = new Set<Listener>();
let queue: Promise<void> = Promise.resolve();
let locale: string | undefined;

const notify = () => {
  for (const l of listeners) l();
};

/** The offers known in order (null until known), and how many. */
export const offersSnapshot = () => (ids ? ids.map((id) => items.get(id)).filter((o): o is Offer => !!o) : null);
export const offersCount = () => ids?.length ?? null;

export function subscribeOffers(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** What a page's loader read: the list as the server sees it now. */
export function seedOffers(list: Offer[]): void {
  ids = list.map((o) => o.id);
  items.clear();
  for (const o of list) items.set(o.id, o);
  notify();
}

async function readAll(): Promise<void> {
  seedOffers((await browserCall("campaigns.getoffers", "GET", {}, { locale })).items);
}

async function available(id: number): Promise<void> {
  if (ids === null) return readAll();
  const offer = await browserCall("campaigns.getOffer", "GET", { offer_id: id }, { locale }).catch(() => null);
  if (!offer) return; // taken or ended meanwhile, or not for this player after all
  items.set(id, offer);
  ids = [id, ...ids.filter((x) => x !== id)];
  notify();
}

async function deactivated(id: number): Promise<void> {
  if (ids === null) return readAll();
  ids = ids.filter((x) => x !== id);
  items.delete(id);
  notify();
}

const offerIdOf = (data: unknown) => {
  const id = (data as { offer_id?: unknown } | null)?.offer_id;
  return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
};

/** Listens to the player's offer events (once per tab, however many callers). */
let started = 0;
export function startOffersFeed(pageLocale: string | undefined): () => void {
  locale = pageLocale;
  if (started++ > 0) return () => void started--;
  const enqueue = (job: () => Promise<void>) => {
    queue = queue.then(job).catch((e: unknown) => console.warn("offers: live update failed", e instanceof Error ? e.message : e));
  };
  const offA = onAccountEvent(OFFER_AVAILABLE_EVENT, (e) => {
    const id = offerIdOf(e.data);
    if (id) enqueue(() => available(id));
  });
  const offD = onAccountEvent(OFFER_DEACTIVATED_EVENT, (e) => {
    const id = offerIdOf(e.data);
    if (id) enqueue(() => deactivated(id));
  });
  return () => {
    if (--started > 0) return;
    offA();
    offD();
  };
}

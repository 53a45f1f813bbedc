import { useEffect } from "react";
import { badgeText } from "../layout/badge";
import { offersCount, startOffersFeed, subscribeOffers } from "./offers-feed";

/** The sidebar's Offers badges (server-rendered, not hydrated: see Menu) follow the live count. */
function paint(count: number): void {
  const text = badgeText(count);
  for (const el of document.querySelectorAll<HTMLElement>("[data-offers-badge]")) {
    el.textContent = text ?? "";
    el.hidden = !text;
  }
}

/**
 * The signed-in player's live offers count (SPEC §2 badge, §4 events). Renders nothing; lazily
 * loaded with the page extras, so no first-load code.
 */
export default function OffersLive({ locale }: { locale: string }) {
  useEffect(() => {
    const stop = startOffersFeed(locale);
    // Says the live badge is listening (the end-to-end test waits for it before an offer starts).
    document.documentElement.dataset.offersLive = "on";
    const unsubscribe = subscribeOffers(() => {
      const n = offersCount();
      if (n !== null) paint(n);
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, [locale]);
  return null;
}

import { useEffect, useState } from "react";
import type { Jackpot } from "../../../core/api/entities-jackpots";

/** How often the amounts are asked for again while the tab is visible. */
export const REFRESH_MS = 10_000;

/**
 * The jackpots as the server rendered them, then as Jackpots.get answers every REFRESH_MS while
 * the page is visible (and at once when it becomes visible again). Only real amounts are shown:
 * no counting up in the browser. The /api client is imported on the first refresh, so the page's
 * first load carries no more than this hook. A failed refresh keeps the last amounts.
 */
export function useLiveJackpots(initial: Jackpot[]): Jackpot[] {
  const [jackpots, setJackpots] = useState(initial);
  useEffect(() => setJackpots(initial), [initial]);

  useEffect(() => {
    const ids = new Set(initial.map((j) => j.id));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const refresh = async () => {
      try {
        const { browserCall } = await import("../../lib/api/browser-call");
        const fresh = await browserCall("Jackpots.get", "GET", {});
        if (!stopped) setJackpots(fresh.filter((j) => ids.has(j.id)));
      } catch {
        // offline or the platform busy: the next tick tries again
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      if (stopped || document.visibilityState !== "visible") return;
      timer = setTimeout(() => void refresh().then(schedule), REFRESH_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") void refresh().then(schedule);
      else clearTimeout(timer);
    };
    document.addEventListener("visibilitychange", onVisibility);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [initial]);

  return jackpots;
}

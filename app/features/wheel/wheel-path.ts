import { useLocalePath } from "../../lib/i18n/use-t";
import { CAMPAIGN_KEY } from "./keys";

/**
 * The wheel page of a campaign, without any popup: where a popup closes to. Apart from the
 * popups' frame (wheel-dialog.tsx), which loads only with a popup.
 */
export function useWheelPath(campaignId: number | null): (query?: Record<string, string | number>) => string {
  const to = useLocalePath();
  return (query = {}) => {
    const q = new URLSearchParams(Object.entries(campaignId === null ? query : { [CAMPAIGN_KEY]: campaignId, ...query }).map(([k, v]) => [k, String(v)]));
    const s = q.toString();
    return `${to("/wheel-of-fortune")}${s ? `?${s}` : ""}`;
  };
}

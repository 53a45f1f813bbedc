import { browserCall } from "../../lib/api/browser-call";
import { isPlatformError } from "../../../core/api/errors";

/** A token for the signed-in player, or null when there is none (signed out, banned). */
export async function fetchRealtimeToken(origin: string): Promise<string | null> {
  try {
    return (await browserCall("account.getToken", "GET", {}, { origin })).token;
  } catch (e) {
    if (isPlatformError(e) && (e.status === 401 || e.status === 403)) return null;
    throw e;
  }
}

export const realtimeUrl = (origin: string, token: string) => `${origin.replace(/^http/, "ws")}/realtime?token=${encodeURIComponent(token)}`;

/**
 * The player channel's address for createChannel: a fresh token from account.getToken for every
 * connection (a token is short-lived), and the uid it speaks for; null when signed out.
 */
export function playerAddress(origin: string, token: () => Promise<string | null> = () => fetchRealtimeToken(origin)) {
  return async (): Promise<{ url: string; uid: number } | null> => {
    const t = await token();
    return t ? { url: realtimeUrl(origin, t), uid: Number(t.split(".")[0]) || 0 } : null;
  };
}

/**
 * Realtime event names of the rewards side that browser code listens for, in their own module (not
 * the contracts, which carry Zod; not realtime-events.ts, which the home page's wins feed loads).
 */

/** The live board's realtime events on `/realtime/tournaments/{id}`: the top (at most one a second) and the reader's own row. */
export const LEADERBOARD_EVENT = "leaderboard.updated";
export const LEADERBOARD_ME_EVENT = "leaderboard.me";

/** A campaign offer becoming available to the player, or withdrawn, on the player's channel. */
export const OFFER_AVAILABLE_EVENT = "campaign.offer.available";
export const OFFER_DEACTIVATED_EVENT = "campaign.offer.deactivated";

/** Published on the player's realtime channel for each loyalty notice queued (after its batch committed). */
export const LOYALTY_NOTIFICATION_EVENT = "loyalty.notification";

import { EVENTS_PER_MINUTE } from "../../../core/api/contract-events";
import { PlatformError } from "../../../core/api/errors";
import type { Handlers } from "../core/context";

/**
 * events.handle (decision 0045): records what the app tells about a player (or visitor) in
 * `player_events`, the hook campaigns react to (popups.get's audience). At most
 * EVENTS_PER_MINUTE per subject a minute: the insert only happens under the limit, in one statement.
 */
export const eventHandlers: Handlers<"events.handle"> = {
  async "events.handle"({ event_name, event_params }, ctx) {
    const now = Math.floor(Date.now() / 1000);
    const subject = ctx.subject();
    const { meta } = await ctx.db
      .prepare(
        `INSERT INTO player_events (subject, event_name, params, created_at)
         SELECT ?1, ?2, ?3, ?4 WHERE (SELECT COUNT(*) FROM player_events WHERE subject = ?1 AND created_at > ?4 - 60) < ?5`,
      )
      .bind(subject, event_name, JSON.stringify(event_params ?? {}), now, EVENTS_PER_MINUTE)
      .run();
    if (meta.changes === 0) {
      throw new PlatformError("TooManyRequests", `At most ${EVENTS_PER_MINUTE} events a minute. Try again in 60 seconds.`, {
        params: { retry_after: 60 },
      });
    }
    return true as const;
  },
};

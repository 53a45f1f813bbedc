import { useEffect, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { onAccountEvent } from "./account-events";

/**
 * Re-reads the page's data when the realtime channel sends one of `events` (a bonus changed, a
 * verification was decided, a VPN subscription renewed), once no navigation is under way.
 * React Router's `revalidate()` during a navigation's loading drops that loading and starts it
 * again: the redirect after a form's action had already been answered, its toast taken from the
 * cookie, so the player lost the toast of what they had just done (seen in CI after a bonus
 * activation, whose own event arrives while its redirect loads). What is loading reads fresh data
 * anyway; the event's re-read follows it, one for any number of events meanwhile.
 */
export function useRevalidateOn(...events: string[]): void {
  const { revalidate } = useRevalidator();
  const idle = useNavigation().state === "idle";
  const [asked, setAsked] = useState(false);
  const names = events.join("\n");
  useEffect(() => {
    const stops = names.split("\n").map((name) => onAccountEvent(name, () => setAsked(true)));
    return () => {
      for (const stop of stops) stop();
    };
  }, [names]);
  useEffect(() => {
    if (!idle || !asked) return;
    setAsked(false);
    void revalidate();
  }, [idle, asked, revalidate]);
}

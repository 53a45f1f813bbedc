import { PlatformError } from "../../../app/lib/api/errors";
import type { Handlers } from "../core/context";

/** The sportsbook.* methods (issue 23, decision 0049). PLACEHOLDER of the base branch: the platform slice replaces every handler. */

type SportsbookMethods =
  | "sportsbook.getSports"
  | "sportsbook.getEvents"
  | "sportsbook.getEvent"
  | "sportsbook.getSelections"
  | "sportsbook.placeBet"
  | "sportsbook.getBets"
  | "sportsbook.getSettings"
  | "sportsbook.setSettings";

const notYet = () => {
  throw new PlatformError("InvalidParameter", "The sportsbook is being built", { status: 501 });
};

export const sportsbookHandlers: Handlers<SportsbookMethods> = {
  "sportsbook.getSports": notYet,
  "sportsbook.getEvents": notYet,
  "sportsbook.getEvent": notYet,
  "sportsbook.getSelections": notYet,
  "sportsbook.placeBet": notYet,
  "sportsbook.getBets": notYet,
  "sportsbook.getSettings": notYet,
  "sportsbook.setSettings": notYet,
};

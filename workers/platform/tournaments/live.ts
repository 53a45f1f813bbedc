import { PlatformError } from "../../../app/lib/api/errors";
import type { Handlers } from "../core/context";

/** leaderboard.live and leaderboard.top from the tournament's Durable Object (issue 22, decision 0048). PLACEHOLDER of the base branch: the live-board slice replaces every handler. */

type LiveMethods = "leaderboard.live" | "leaderboard.top";

const notYet = () => {
  throw new PlatformError("InvalidParameter", "The live leaderboard is being built", { status: 501 });
};

export const liveBoardHandlers: Handlers<LiveMethods> = {
  "leaderboard.live": notYet,
  "leaderboard.top": notYet,
};

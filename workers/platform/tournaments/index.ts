import { PlatformError } from "../../../app/lib/api/errors";
import type { Handlers } from "../core/context";

/** tournaments.* and leaderboard.get (issue 22, decision 0048). PLACEHOLDER of the base branch: the platform (D1) slice replaces every handler. */

type TournamentMethods = "tournaments.get" | "tournaments.participate" | "tournaments.receipts" | "leaderboard.get";

const notYet = () => {
  throw new PlatformError("InvalidParameter", "Tournaments are being built", { status: 501 });
};

export const tournamentHandlers: Handlers<TournamentMethods> = {
  "tournaments.get": notYet,
  "tournaments.participate": notYet,
  "tournaments.receipts": notYet,
  "leaderboard.get": notYet,
};

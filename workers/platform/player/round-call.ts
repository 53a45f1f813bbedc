import { checkRound, playRound, type RoundDeps } from "../games/rounds";
import type { RoundInput, RoundResult } from "../games/round-types";
import { inPlayerObject } from "./wire";

/**
 * A signed-in player's round: one call to the player's object (decision 0075), which plays it on
 * its own storage (object.ts `playRound`). A visitor's demo round touches no player's tables: it is drawn here.
 * Bad input is refused before the call (checkRound), so a malformed round costs no object a request.
 * `replica` and `deps.generalInfo`: the configuration version and the site's general info the caller
 * read (the settings' cache), so the object need not ask D1 for them.
 */
export async function playPlayerRound(deps: RoundDeps, input: RoundInput, replica: number | null = null): Promise<RoundResult> {
  if (input.uid <= 0) return playRound(deps, input);
  checkRound(input);
  return inPlayerObject(deps.env, input.uid, (player) => player.playRound(input.uid, input, replica, deps.generalInfo));
}

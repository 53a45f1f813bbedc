import { addD1Use } from "../../d1-stats";
import { checkRound, playRound, type RoundDeps } from "../games/rounds";
import type { RoundInput, RoundResult } from "../games/round-types";
import { unwrap } from "./wire";

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
  const { env } = deps;
  const { result, d1 } = unwrap(await env.PLAYER.get(env.PLAYER.idFromName(String(input.uid))).playRound(input.uid, input, replica, deps.generalInfo));
  addD1Use(env.DB, d1);
  return result;
}

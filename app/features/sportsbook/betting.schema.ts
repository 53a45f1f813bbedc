/**
 * The forms of /betting, one union by `intent` (read by the action only: the betting page ships no
 * Zod). The slip's singles name their stakes by selection (`stake_<id>`), so the place form keeps
 * the fields it does not name; the stakes are read as typed and checked by the action.
 */
import { z } from "zod";
import { OddsChange } from "../../../core/api/contract-sportsbook";
import { MAX_GOALS } from "./builder-legs";

/** The place form's idempotency key: singles derive theirs from it (`<key>-<selection>`). */
export const SLIP_KEY = /^[A-Za-z0-9-]{8,40}$/;

export const bettingSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pick"), pick: z.string().max(64) }),
  z.object({ intent: z.literal("remove"), selection: z.string().max(16).optional(), leg: z.string().max(64).optional() }),
  // A correct score for the bet builder (decision 0104): typed as two numbers, so a form of its own.
  z.object({
    intent: z.literal("score"),
    event: z.coerce.number().int().min(1).max(999_999_999),
    home: z.coerce.number().int().min(0).max(MAX_GOALS),
    away: z.coerce.number().int().min(0).max(MAX_GOALS),
  }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("settings"), odds_change: OddsChange }),
  z.looseObject({
    intent: z.literal("place"),
    kind: z.enum(["single", "accumulator", "builder", "system"]).catch("single"),
    key: z.string().regex(SLIP_KEY),
    funding: z.enum(["main", "betting_bonus"]).catch("main"),
  }),
]);

export type PlaceForm = Extract<z.infer<typeof bettingSchema>, { intent: "place" }>;

/** Which posted field a refusal names, for the 400's text. */
export const REFUSALS: Record<string, string> = {
  pick: "Unknown selection",
  event: "Unknown event",
  home: `A score is a whole number from 0 to ${MAX_GOALS}`,
  away: `A score is a whole number from 0 to ${MAX_GOALS}`,
  odds_change: "odds_change is 'any', 'higher' or 'ask'",
  key: "key is malformed",
};

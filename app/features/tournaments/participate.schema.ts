/** The Participate form of the list and of a tournament's page; read by the action only. */
import { z } from "zod";

/** A tournament id as the routes take it. */
export const TOURNAMENT_ID = /^[1-9][0-9]{0,8}$/;

export const participateSchema = z.object({
  intent: z.literal("participate"),
  tournament_id: z.string().regex(TOURNAMENT_ID).transform(Number),
});

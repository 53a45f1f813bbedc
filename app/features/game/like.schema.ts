/** The game page's Like / Unlike form; read by the action only. */
import { z } from "zod";

export const likeSchema = z.object({ intent: z.enum(["like", "unlike"]) });

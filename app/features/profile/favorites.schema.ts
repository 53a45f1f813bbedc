/** The favorites page's Unlike buttons; read by the action only. */
import { z } from "zod";

export const favoritesSchema = z.object({ intent: z.literal("unlike"), sysname: z.string().max(128) });

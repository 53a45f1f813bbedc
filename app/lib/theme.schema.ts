/** The theme switcher's form (the site's themes are checked by the action); read by the action only. */
import { z } from "zod";

export const themeSchema = z.object({ theme: z.string().max(64), redirectTo: z.string().optional() });

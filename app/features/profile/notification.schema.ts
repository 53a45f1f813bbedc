/**
 * The notification page's two forms, read by the action only: one contact's subscription
 * (`contact`, `subscription` 1|0), or every contact off (`all=0`). The forms have posted these
 * fields without an intent from the start (a forged post is tested as such), so the union is by
 * shape, tried in that order: `all=0` first, as before.
 */
import { z } from "zod";

export const notificationSchema = z.union([z.object({ all: z.literal("0") }), z.object({ contact: z.string().max(256), subscription: z.enum(["0", "1"]) })]);

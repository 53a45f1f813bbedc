/** The notification page's two forms (one contact, or every contact off), by `intent`; read by the action only. */
import { z } from "zod";

export const notificationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("subscription"), contact: z.string().max(256), subscription: z.enum(["0", "1"]) }),
  z.object({ intent: z.literal("allOff") }),
]);

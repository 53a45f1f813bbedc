/**
 * The bonuses page's forms, by `intent` (read by the action only): activate or decline an available
 * bonus, exit the active one — casino or betting (`kind`) — or activate a promo code. A first submit
 * asks to confirm (the dialog, rendered from the answer, so it works without JavaScript);
 * `confirmed` does it; `burn` also ends the active bonus of that kind first.
 */
import { z } from "zod";

export const bonusesSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(["activate", "remove", "deactivate"]),
    bonus_id: z.string().max(64),
    kind: z.enum(["casino", "betting"]).default("casino"),
    confirmed: z.literal("1").optional(),
    burn: z.literal("1").optional(),
  }),
  // Checked in the action (required, the platform's words): a refusal comes back on the field.
  z.object({ intent: z.literal("promo"), promo_code: z.string().optional() }),
]);

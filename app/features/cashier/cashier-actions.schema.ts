/**
 * What the cashier actions read before the form's own schema (whose rules come with the chosen
 * method): React-free, imported by the actions only, so the union's code stays out of the
 * cashier pages' Zod chunk.
 */
import { z } from "zod";

/** The method a deposit form names, read first: its rules and requisites make the form's schema. */
export const depositMethodSchema = z.looseObject({ method: z.string().max(40).optional() });

/**
 * The withdraw page's forms by `intent`: which one, and the fields the small ones send. The
 * withdrawal's own fields depend on the chosen method, so that variant names only the method and
 * `withdrawFormSchema` of the method's rules parses it.
 */
export const withdrawIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), transaction_id: z.string().max(64).optional(), returnTo: z.string().optional() }),
  z.object({ intent: z.literal("sendCode") }),
  z.object({ intent: z.literal("confirmCode"), code: z.string().max(32).optional() }),
  z.looseObject({ intent: z.literal("withdraw"), method: z.string().optional() }),
]);

export type WithdrawIntentForm = z.infer<typeof withdrawIntentSchema>;

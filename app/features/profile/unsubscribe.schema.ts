import { z } from "zod";

/**
 * The unsubscribe link's form (routes/unsubscribe.tsx): both fields come from the mailed link; any
 * flaw in them means the link is not valid. Only the action reads it (no client validation), so
 * in a module of its own the page's browser code has no Zod.
 */
export const UnsubscribeSchema = z.object({
  contact: z.string().trim().min(3).max(254),
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});

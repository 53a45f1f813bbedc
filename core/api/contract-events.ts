import { z } from "zod";
import { method, refusal } from "./define";

/** The most events one player (or visitor) may record in a minute; more are refused (429). */
export const EVENTS_PER_MINUTE = 30;

/** event_params: a flat JSON object of at most 20 texts, numbers or booleans (multipart sends it as text). */
const eventParams = z
  .string()
  .max(2000, "event_params must be at most 2000 characters")
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const entries = Object.entries(value as Record<string, unknown>);
        const flat = entries.every(([k, v]) => k.length <= 64 && ["string", "number", "boolean"].includes(typeof v));
        if (flat && entries.length <= 20) return value as Record<string, string | number | boolean>;
      }
    } catch {
      /* reported below */
    }
    ctx.addIssue({ code: "custom", message: "event_params must be a JSON object of at most 20 texts, numbers or booleans" });
    return z.NEVER;
  })
  .optional();

/**
 * events.handle (SPEC §7; issue 19, decision 0045): the app tells the platform something a
 * player did; campaigns react to it (a campaign popup's audience is the players who recorded its
 * event). Spread into `contract`.
 */
export const eventMethods = {
  "events.handle": method({
    group: "events",
    name: "handle",
    verb: "POST",
    alsoGet: true,
    access: "public",
    refuses: [refusal.throttled],
    summary: `Record an event of the current player (or visitor) for campaigns to react to; at most ${EVENTS_PER_MINUTE} a minute.`,
    params: z.object({
      event_name: z
        .string({ error: (i) => (i.input === undefined ? "event_name is required" : "event_name must be text") })
        .regex(/^[a-z][a-z0-9_.:-]{0,63}$/, "event_name must be 1 to 64 lower-case letters, digits, '_', '.', ':' or '-', starting with a letter"),
      event_params: eventParams,
    }),
    result: z.literal(true),
  }),
};

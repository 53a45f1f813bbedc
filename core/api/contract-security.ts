import { z } from "zod";
import { AccountRules } from "./entities";
import { method, refusal } from "./define";

/**
 * Account security methods beyond the spec (issue 17, decision 0038): two-factor backup codes and
 * the player's signed-in sessions. Spread into `contract`.
 */

export const BackupCodesInfo = z.strictObject({
  /** Unused codes of the current set. */
  left: z.number().int(),
  /** Codes in the current set (0: none made yet). */
  total: z.number().int(),
  /** When the set was made, Unix milliseconds; null when there is none. */
  created_at: z.number().int().nullable(),
});
export type BackupCodesInfo = z.infer<typeof BackupCodesInfo>;

export const PlayerSession = z.strictObject({
  /** Names the session for account.endSessions. */
  id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** Unix milliseconds: signed in, and last used (to the minute). */
  created_at: z.number().int(),
  last_seen_at: z.number().int(),
  /** From the browser's User-Agent; "" when it names none we know. */
  browser: z.string(),
  os: z.string(),
  /** The address it signed in from; "" when unknown. */
  ip: z.string(),
});
export type PlayerSession = z.infer<typeof PlayerSession>;

export const securityMethods = {
  "account.getBackupCodes": method({
    group: "account",
    name: "getBackupCodes",
    verb: "GET",
    access: "player",
    summary: "How many two-factor backup codes are left of the current set (the codes are shown only when made).",
    params: z.object({}),
    result: BackupCodesInfo,
  }),
  "account.createBackupCodes": method({
    group: "account",
    name: "createBackupCodes",
    verb: "POST",
    access: "player",
    refuses: [refusal.throttled],
    summary:
      "A new set of ten one-use backup codes (12345-67890), replacing the old set, answered this once. Needs two-factor on " +
      "and a code of the authenticator, except for the first set within 15 minutes of turning two-factor on. " +
      "A backup code passes auth.login's code step and turns two-factor off in place of the authenticator's code.",
    params: z.object({ code: AccountRules.code.optional() }),
    result: z.strictObject({ codes: z.array(z.string()) }),
  }),
  "account.getSessions": method({
    group: "account",
    name: "getSessions",
    verb: "GET",
    access: "player",
    summary: "The player's signed-in sessions (browser, system, address, times), most recently used first.",
    params: z.object({}),
    result: z.strictObject({ items: z.array(PlayerSession), total: z.number().int() }),
  }),
  "account.endSessions": method({
    group: "account",
    name: "endSessions",
    verb: "POST",
    access: "player",
    summary: "Sign out one other session (id from getSessions) or, without id, every session but this one. Returns 1.",
    params: z.object({
      id: z
        .string()
        .regex(/^[0-9a-f]{16}$/, "id is malformed")
        .optional(),
    }),
    result: z.literal(1),
  }),
};

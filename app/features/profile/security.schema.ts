/**
 * The security page's forms (DESIGN §4: one Zod schema, an `intent` union): React-free, read by the
 * action only (the page's forms are plain forms, so no Zod reaches its chunk). The platform checks
 * passwords and codes; the schema checks what the form itself must send.
 */
import { z } from "zod";

/** A typed value, as the platform takes it ("" when left empty). */
const typed = z.string().max(512).optional();

export function securitySchema(messages: { passwordsDiffer: string }) {
  return z.discriminatedUnion("intent", [
    z
      .object({ intent: z.literal("password"), old_password: typed, new_password: typed, repeat_password: typed })
      .refine((v) => (v.new_password ?? "") === (v.repeat_password ?? ""), { path: ["repeat_password"], message: messages.passwordsDiffer }),
    z.object({ intent: z.literal("twofaStart") }),
    // secret and uri: the setup waiting for its first code, kept on screen if the code is refused.
    z.object({ intent: z.literal("twofaConfirm"), code: typed, secret: typed, uri: typed }),
    z.object({ intent: z.literal("twofaOff"), code: typed }),
    z.object({ intent: z.literal("backupCodes"), code: typed }),
    z.object({ intent: z.literal("endSession"), id: z.string().max(128) }),
    z.object({ intent: z.literal("endOthers") }),
  ]);
}

export type SecurityForm = z.infer<ReturnType<typeof securitySchema>>;
export type SecurityIntent = SecurityForm["intent"];

import { browserCall } from "../../lib/api/browser-call";
import { PlatformError } from "../../../core/api/errors";

export type SendResult = { ok: true; resendTime: number | null } | { ok: false; message: string | null };

/** account.sendconfirmationtocontact from the browser; the platform's message (a field's first) on failure. */
export async function sendConfirmationToContact(
  contact: string,
  opts: { locale?: string; fetch?: (request: Request) => Promise<Response>; origin?: string } = {},
): Promise<SendResult> {
  try {
    const data: unknown = await browserCall("account.sendconfirmationtocontact", "POST", { contact }, opts);
    const resend = (data as { resend_time?: unknown } | null)?.resend_time;
    return { ok: true, resendTime: typeof resend === "number" ? resend : null };
  } catch (e) {
    // Without a message of its own (no JSON, no network) the caller shows its generic text.
    if (!(e instanceof PlatformError) || /without JSON/.test(e.message)) return { ok: false, message: null };
    return { ok: false, message: e.fields?.contact?.[0] ?? e.message };
  }
}

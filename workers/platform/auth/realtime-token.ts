import { sign, verify } from "../core/signing";

/**
 * Tokens for the realtime connection: `<uid>.<expires_at>.<HMAC-SHA256>` signed with
 * SIGNING_SECRET, valid five minutes. The realtime endpoint verifies with `verifyRealtimeToken`.
 */
export const REALTIME_TOKEN_SECONDS = 5 * 60;
const PURPOSE = "realtime";

export async function issueRealtimeToken(secret: string, uid: number, nowMs = Date.now()) {
  const expires_at = Math.floor(nowMs / 1000) + REALTIME_TOKEN_SECONDS;
  const body = `${uid}.${expires_at}`;
  return { token: `${body}.${await sign(secret, PURPOSE, body)}`, expires_at };
}

/** The uid a token speaks for, or null when it is malformed, forged or expired. */
export async function verifyRealtimeToken(secret: string, token: string, nowMs = Date.now()): Promise<number | null> {
  const m = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, uid, exp, sig] = m;
  if (Number(exp) * 1000 <= nowMs) return null;
  return (await verify(secret, PURPOSE, `${uid}.${exp}`, sig!)) ? Number(uid) : null;
}

import { handleVerificationWebhook, VERIFICATION_WEBHOOK_PATH } from "../verification/webhook";
import { signedHeaders } from "../verification/webhook-signature";

/**
 * The demo verification provider's webhook deliveries. A decision writes its webhook to the outbox
 * (verification-review.ts); this sends what is due, signed, to the platform's webhook handler — in
 * process, as the payment demo hands its callback over — and retries a failure with backoff.
 * It runs after each decision and every minute from the Worker's cron trigger (`scheduled()` in
 * workers/app.ts, decision 0037); tests call it with a clock.
 */

/** Wait before the 2nd, 3rd… attempt; after the last the webhook is given up (6 attempts in all). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const BATCH = 20;
/** Where the signed request says it goes; the in-process handler reads only its body and headers. */
const WEBHOOK_URL = `https://platform.invalid${VERIFICATION_WEBHOOK_PATH}`;

export interface DeliveryOptions {
  /** Sends one signed webhook; by default the platform's handler, in process. */
  send?: (request: Request) => Promise<Response>;
  /** Keeps the platform's best-effort work (realtime events) alive; awaited here when not given. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

interface OutboxRow {
  event_id: string;
  payload: string;
  attempts: number;
}

/**
 * Delivers every webhook due at `now`. Each is claimed first by one guarded UPDATE that counts the
 * attempt and already sets the next one's time, so two runs never send the same attempt, and a run
 * that dies midway leaves a retry, not a lost webhook. A 2xx (or 409: the platform has it already)
 * marks it delivered; anything else waits for its next attempt.
 */
export async function deliverVerificationWebhooks(env: Env, now = Date.now(), options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const later: Promise<unknown>[] = [];
  const waitUntil = options.waitUntil ?? ((p: Promise<unknown>) => void later.push(p));
  const send = options.send ?? ((request: Request) => handleVerificationWebhook(request, { env, waitUntil, now }));
  const { results: due } = await env.DB.prepare(
    `SELECT event_id, attempts FROM demo_verification_outbox WHERE delivered_at IS NULL AND next_attempt_at <= ?1 AND attempts < ?2 ORDER BY next_attempt_at LIMIT ${BATCH}`,
  )
    .bind(now, MAX_ATTEMPTS)
    .all<{ event_id: string; attempts: number }>();
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  for (const candidate of due) {
    const row = await claim(env.DB, candidate, now);
    if (!row) continue;
    let status = 0;
    let error = "";
    try {
      const response = await send(
        new Request(WEBHOOK_URL, { method: "POST", body: row.payload, headers: await signedHeaders(env.SIGNING_SECRET, row.payload) }),
      );
      status = response.status;
      if (!response.ok) error = `${status} ${(await response.text()).slice(0, 200)}`;
    } catch (e) {
      error = e instanceof Error ? e.message.slice(0, 200) : "delivery failed";
    }
    const delivered = (status >= 200 && status < 300) || status === 409;
    await env.DB.prepare("UPDATE demo_verification_outbox SET delivered_at = ?2, last_error = ?3 WHERE event_id = ?1")
      .bind(row.event_id, delivered ? now : null, delivered ? null : error)
      .run();
    if (delivered) report.delivered++;
    else report.failed++;
  }
  await Promise.all(later);
  return report;
}

/**
 * Takes one due webhook for this run: counts the attempt and sets when the next would be. Guarded
 * on the attempts this run saw, so of two runs only one takes an attempt.
 */
function claim(db: D1Database, row: { event_id: string; attempts: number }, now: number): Promise<OutboxRow | null> {
  const next = now + (RETRY_DELAYS_MS[row.attempts] ?? 0);
  return db
    .prepare(
      `UPDATE demo_verification_outbox SET attempts = ?3 + 1, next_attempt_at = ?4
       WHERE event_id = ?1 AND attempts = ?3 AND delivered_at IS NULL AND next_attempt_at <= ?2
       RETURNING event_id, payload, attempts`,
    )
    .bind(row.event_id, now, row.attempts, next)
    .first<OutboxRow>();
}

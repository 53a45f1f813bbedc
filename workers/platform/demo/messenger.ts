import type { MessageDelivery } from "../providers/messaging";

/**
 * The demo mail and SMS provider: every message lands in the `outbox` table, which the mailbox
 * page (/platform/demo/mailbox) shows; nothing leaves the platform. It implements the messaging
 * port (providers/messaging.ts) and registers from demo/providers.ts.
 */

/** Demo messages are kept this long, so the outbox of a long-running demo stays small. */
export const OUTBOX_KEEP_MS = 7 * 24 * 60 * 60_000;

/** How the outbox files an address: emails lower-cased, phones as digits only. */
export function outboxAddress(to: string): string {
  const t = to.trim();
  return t.includes("@") ? t.toLowerCase() : t.replace(/\D+/g, "");
}

export const outboxDelivery: MessageDelivery = {
  async send(env, m) {
    const now = Date.now();
    const db = env.DB;
    await db.batch([
      db.prepare("DELETE FROM outbox WHERE created_at < ?1").bind(now - OUTBOX_KEEP_MS),
      db
        .prepare("INSERT INTO outbox (channel, recipient, subject, text, link, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        .bind(m.channel, outboxAddress(m.to), m.subject, m.text, m.link ?? null, now),
    ]);
  },
};

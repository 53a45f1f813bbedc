/**
 * How the platform sends mail and SMS: confirmation codes, password-reset links. The platform
 * speaks to a `MessageDelivery`; this demo one writes to the `outbox` table, which the mailbox
 * page (/platform/demo/mailbox) shows outside production. An operator plugs in a real provider
 * by returning it from `messageDelivery`.
 */

export type MessageChannel = "email" | "sms";

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An email address, or a phone number in international digits (phone code first). */
  to: string;
  subject: string;
  text: string;
  /** The message's one call to action (a reset link), when it has one. */
  link?: string;
}

export interface MessageDelivery {
  send(message: OutgoingMessage): Promise<void>;
}

/** Demo messages are kept this long, so the outbox of a long-running demo stays small. */
export const OUTBOX_KEEP_MS = 7 * 24 * 60 * 60_000;

/** How the outbox files an address: emails lower-cased, phones as digits only. */
export function outboxAddress(to: string): string {
  const t = to.trim();
  return t.includes("@") ? t.toLowerCase() : t.replace(/\D+/g, "");
}

/** The demo provider: every message lands in the outbox, nothing leaves the platform. */
export class OutboxDelivery implements MessageDelivery {
  constructor(private readonly db: D1Database) {}

  async send(m: OutgoingMessage): Promise<void> {
    const now = Date.now();
    await this.db.batch([
      this.db.prepare("DELETE FROM outbox WHERE created_at < ?1").bind(now - OUTBOX_KEEP_MS),
      this.db
        .prepare("INSERT INTO outbox (channel, recipient, subject, text, link, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        .bind(m.channel, outboxAddress(m.to), m.subject, m.text, m.link ?? null, now),
    ]);
  }
}

/** The delivery this platform uses. */
export function messageDelivery(env: Pick<Env, "DB">): MessageDelivery {
  return new OutboxDelivery(env.DB);
}

/**
 * The messaging port: how the platform sends mail and SMS (confirmation codes, password-reset
 * links). Domain code gets the delivery of a request from messaging-registry.ts; the demo one
 * (workers/platform/demo/messenger.ts) writes to the `outbox` table, which the mailbox page
 * (/platform/demo/mailbox) shows. A real mail or SMS provider implements the same and registers.
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
  /** An email's unsubscribe link (its text carries it too): a real provider also sends it as List-Unsubscribe. */
  unsubscribe?: string;
}

export interface MessageDelivery {
  send(env: Env, message: OutgoingMessage): Promise<void>;
}

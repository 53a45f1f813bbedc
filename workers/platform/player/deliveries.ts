import { revokeUserSessions } from "../auth/sessions";
import type { OutboxKind } from "./outbox";

/**
 * The receivers of the players' outboxes (outbox.ts), by kind. Each is idempotent by the entry's
 * key: it may run more than once for one entry (a delivery that died before its row was removed).
 */
type Receiver = (env: Env, uid: number, body: unknown, key: string) => Promise<void>;

export const RECEIVERS: Record<OutboxKind, Receiver> = {
  // A self-exclusion signs the player out everywhere (decision 0012): deleting every session of
  // theirs is the same whether it ran before or not.
  "sessions.revoke": (env, uid) => revokeUserSessions(env.DB, uid),
};

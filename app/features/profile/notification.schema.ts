/**
 * The notification page's two forms, read by the action only: one contact's subscription
 * (`contact`, `subscription` 1|0), or every contact off (`all=0`). The forms have posted these
 * fields without an intent from the start (a forged post is tested as such), so the union is by
 * shape, tried in that order: `all=0` first, as before.
 */
import { z } from "zod";

export const notificationSchema = z.union([z.object({ all: z.literal("0") }), z.object({ contact: z.string().max(256), subscription: z.enum(["0", "1"]) })]);

/** The topics a push subscription takes (core/api/contract-push.ts); checkboxes give one, many or none. */
const pushTopics = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(["tournaments", "withdrawals", "bonuses"])));

/**
 * The push notification forms (decision 0114), by `intent`: turn on at the demo relay (a plain
 * form, no JavaScript needed), keep the browser's PushManager subscription (sent by the page's
 * script), save the topics, send a test, turn off.
 */
export const pushSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("push-demo"), topics: pushTopics }),
  z.object({ intent: z.literal("push-subscribe"), endpoint: z.string().max(2048), p256dh: z.string().max(200), auth: z.string().max(100), topics: pushTopics }),
  z.object({ intent: z.literal("push-topics"), topics: pushTopics }),
  z.object({ intent: z.literal("push-test") }),
  z.object({ intent: z.literal("push-off") }),
]);

import { z } from "zod";
import { method, refusal } from "./define";

/**
 * Web push of the /api contract (issue 43, decision 0114): a player's browsers subscribe (the
 * browser's PushManager subscription, or one the demo push relay makes), each with the topics it
 * takes — a tournament the player joined starts or ends, a withdrawal is paid, a bonus is about
 * to expire. Spread into `contract`.
 */

export const PUSH_TOPIC_NAMES = ["tournaments", "withdrawals", "bonuses"] as const;

/** base64url of exactly `bytes` bytes (a P-256 point: 65, starting 0x04; an auth secret: 16). */
const b64u = (field: string, bytes: number) =>
  z
    .string({ error: `${field} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} must be base64url`)
    .refine(
      (v) => {
        const clean = v.replace(/=+$/, "");
        const length = Math.floor((clean.length * 3) / 4);
        return length === bytes && clean.length === Math.ceil((bytes * 4) / 3) && (bytes !== 65 || clean.startsWith("B"));
      },
      `${field} must be ${bytes === 65 ? "an uncompressed P-256 public key (65 bytes)" : `${bytes} bytes`}`,
    );

/** Topics as a list, or as one comma-separated text (a plain form's checkboxes give either). */
const topics = z
  .union([z.array(z.string()), z.string()], { error: "topics are a list of tournaments, withdrawals, bonuses" })
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((t) => t.trim()).filter(Boolean))
  .refine((v) => v.every((t) => (PUSH_TOPIC_NAMES as readonly string[]).includes(t)), "topics are among tournaments, withdrawals, bonuses")
  .transform((v) => PUSH_TOPIC_NAMES.filter((t) => v.includes(t)))
  .default([]);

const endpoint = z
  .string({ error: "endpoint is required" })
  .max(2048, "endpoint is at most 2048 characters")
  .refine((v) => URL.canParse(v), "endpoint must be a URL");

export const PushSubscriptionView = z.strictObject({
  endpoint: z.string(),
  topics: z.array(z.enum(PUSH_TOPIC_NAMES)),
  /** A subscription at the demo push relay (its inbox shows what was sent). */
  demo: z.boolean(),
  created_at: z.number().int(),
});

export const PushSettings = z.strictObject({
  /** Whether the site sends pushes at all (its VAPID keys are configured). */
  enabled: z.boolean(),
  /** The application server key a browser's PushManager subscribes with (base64url); null when off. */
  public_key: z.string().nullable(),
  /** Whether the demo push relay runs here (a subscription without a browser's push service). */
  demo_relay: z.boolean(),
  topics: z.array(z.enum(PUSH_TOPIC_NAMES)),
  subscriptions: z.array(PushSubscriptionView),
});
export type PushSettings = z.infer<typeof PushSettings>;

export const pushMethods = {
  "push.getSettings": method({
    group: "push",
    name: "getSettings",
    verb: "GET",
    access: "player",
    summary:
      "Web push: whether the site sends pushes, its application server key, whether the demo relay runs, and the player's subscriptions with their topics.",
    params: z.object({}),
    result: PushSettings,
  }),
  "push.subscribe": method({
    group: "push",
    name: "subscribe",
    verb: "POST",
    access: "player",
    refuses: [refusal.conflict],
    summary:
      "Keep a browser's push subscription (its endpoint, https, and keys p256dh and auth, base64url) with the topics it takes, in the request's locale; " +
      "the same endpoint again replaces its keys and topics. 409 push_off when the site sends no pushes.",
    params: z.object({ endpoint, p256dh: b64u("p256dh", 65), auth: b64u("auth", 16), topics }),
    result: PushSettings,
  }),
  "push.subscribeDemo": method({
    group: "push",
    name: "subscribeDemo",
    verb: "POST",
    access: "player",
    refuses: [refusal.conflict],
    summary:
      "Subscribe the player at the demo push relay (no browser push service needed; its inbox shows each push decrypted) with these topics. " +
      "409 push_off, demo_off when the site sends no pushes or the relay does not run.",
    params: z.object({ topics }),
    result: PushSettings,
  }),
  "push.setTopics": method({
    group: "push",
    name: "setTopics",
    verb: "POST",
    access: "player",
    refuses: [refusal.unknown],
    summary: "Change the topics a subscription takes (none: it takes only test pushes). 404 unknown_subscription.",
    params: z.object({ endpoint, topics }),
    result: PushSettings,
  }),
  "push.unsubscribe": method({
    group: "push",
    name: "unsubscribe",
    verb: "POST",
    access: "player",
    summary: "Forget a subscription (an endpoint not kept is no error).",
    params: z.object({ endpoint }),
    result: PushSettings,
  }),
  "push.sendTest": method({
    group: "push",
    name: "sendTest",
    verb: "POST",
    access: "player",
    refuses: [refusal.conflict],
    summary: "Send a test push to each of the player's subscriptions, after the answer. 409 no_subscription when there is none.",
    params: z.object({}),
    result: z.strictObject({ subscriptions: z.number().int() }),
  }),
};

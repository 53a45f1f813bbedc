import { Hono } from "hono";
import { handleVerificationWebhook, VERIFICATION_WEBHOOK_PATH } from "./webhook";

/** `POST /platform/verification/webhook`: the verification provider's decisions, server to server. */
export const verificationWebhookRoutes = new Hono<{ Bindings: Env }>();

verificationWebhookRoutes.post(VERIFICATION_WEBHOOK_PATH, (c) =>
  handleVerificationWebhook(c.req.raw, { env: c.env, waitUntil: (p) => c.executionCtx.waitUntil(p) }),
);
verificationWebhookRoutes.all(VERIFICATION_WEBHOOK_PATH, (c) => c.text(`${c.req.method} is not allowed here`, 405, { allow: "POST" }));

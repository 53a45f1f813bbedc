import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";
import { ORIGIN, setCookie } from "./helpers";

/**
 * The bet slip's cookie (decision 0073-sportsbook-page) travels only over HTTPS in production,
 * like every other cookie the site sets (issue 35: it lacked `Secure`).
 */
// A production configuration passes the Worker's own check (workers/env.ts): no development secrets (web push off).
const production = {
  ...env,
  APP_ENV: "production",
  SIGNING_SECRET: "a-real-secret-for-this-test-only-0123456789",
  TELEGRAM_BOT_TOKEN: "",
  VAPID_PUBLIC_KEY: "",
  VAPID_PRIVATE_KEY: "",
  VAPID_SUBJECT: "",
} as Env;

async function pick(workerEnv: Env): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}/betting`, {
      method: "POST",
      body: new URLSearchParams({ intent: "pick", pick: "1:2000" }),
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    }),
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe("the betslip cookie", () => {
  it("is Secure in production, and keeps the pick", async () => {
    const res = await pick(production);
    expect(res.status).toBe(302);
    const cookie = setCookie(res, "betslip");
    expect(decodeURIComponent(cookie?.value ?? "")).toBe("1:2000");
    expect(cookie?.attributes).toMatch(/;\s*Secure/i);
  });

  it("is not Secure on a local run over plain HTTP", async () => {
    const cookie = setCookie(await pick(env), "betslip");
    expect(decodeURIComponent(cookie?.value ?? "")).toBe("1:2000");
    expect(cookie?.attributes).not.toMatch(/;\s*Secure/i);
  });
});

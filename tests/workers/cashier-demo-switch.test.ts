import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { methodForCall, methodsFor } from "../../workers/platform/cashier/methods";
import { demoPaymentsEnabled } from "../../workers/platform/demo/switches";
import { providerNamed } from "../../workers/platform/providers/payments-registry";

/** The demo payment system pays whatever is clicked: never on in production unless the operator says so. */
describe("DEMO_PAYMENTS", () => {
  const production = { ...env, APP_ENV: "production" as const };

  it("is on outside production, off in production, and follows an explicit on/off", () => {
    expect(demoPaymentsEnabled({ APP_ENV: "local", DEMO_PAYMENTS: "" })).toBe(true);
    expect(demoPaymentsEnabled({ APP_ENV: "production", DEMO_PAYMENTS: "" })).toBe(false);
    expect(demoPaymentsEnabled({ APP_ENV: "production", DEMO_PAYMENTS: "on" })).toBe(true);
    expect(demoPaymentsEnabled({ APP_ENV: "local", DEMO_PAYMENTS: "off" })).toBe(false);
    expect(providerNamed(production, "demo")).toBeNull();
    expect(providerNamed(env, "demo")).not.toBeNull();
    expect(providerNamed(env, "toString")).toBeNull();
  });

  it("offers no demo method in production, for deposits or withdrawals, and refuses a call naming one", async () => {
    expect((await methodsFor({ db: env.DB, env }, "deposit", "USD")).length).toBeGreaterThan(0);
    expect(await methodsFor({ db: env.DB, env: production }, "deposit", "USD")).toEqual([]);
    expect(await methodsFor({ db: env.DB, env: production }, "withdrawal", "USD")).toEqual([]);
    await expect(methodForCall({ db: env.DB, env: production }, "deposit", "demo_card", "USD")).rejects.toMatchObject({
      fields: { method: [expect.stringContaining("demo_card")] },
    });
    const on = { ...production, DEMO_PAYMENTS: "on" };
    expect((await methodsFor({ db: env.DB, env: on }, "deposit", "USD")).length).toBeGreaterThan(0);
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { messageDelivery } from "../../workers/platform/providers/messaging-registry";
import { oauthOffered, oauthProvider } from "../../workers/platform/providers/oauth-registry";
import { providerNamed } from "../../workers/platform/providers/payments-registry";
import { verificationProvider } from "../../workers/platform/providers/verification-registry";
import { registerPlayer } from "./auth-helpers";

/**
 * The demo stand-ins as the composition root registers them (workers/platform/demo/providers.ts,
 * installed by the Worker entry and by tests/workers/setup.ts): each third party's registry offers
 * its demo one by the stand-in's own switch (decision 0060), and the platform gets nothing else.
 */
const production = { ...env, APP_ENV: "production", DEMO_PROVIDERS: "", DEMO_PAYMENTS: "" } as Env;
const named = (names: string) => ({ ...production, DEMO_PROVIDERS: names }) as Env;
const ORIGIN = "https://playfront.test";

describe("the provider registries with the demo stand-ins installed", () => {
  it("offer each demo provider outside production, none in production, and each one DEMO_PROVIDERS names", async () => {
    for (const vars of [env, named("payments,oauth,verification")]) {
      const { uid } = await registerPlayer();
      expect(providerNamed(vars, "demo")).not.toBeNull();
      await expect(verificationProvider(vars).openApplicant(vars, uid, Date.now())).resolves.toMatchObject({ status: "init" });
      expect(oauthOffered("demo", vars)).toBe(true);
      expect(oauthProvider("demo", vars, ORIGIN)?.name).toBe("Playfront ID");
      expect(oauthProvider("demo", vars, ORIGIN)?.authorizeUrl({ state: "s", codeChallenge: "c", redirectUri: `${ORIGIN}/oauth/callback/demo` })).toMatch(
        /^https:\/\/playfront\.test\/platform\/demo\/oauth\/authorize\?/,
      );
    }
    expect(providerNamed(production, "demo")).toBeNull();
    expect(oauthOffered("demo", production)).toBe(false);
    expect(oauthProvider("demo", production, ORIGIN)).toBeNull();
    await expect(verificationProvider(production).openApplicant(production, 1, Date.now())).rejects.toMatchObject({ status: 400 });

    // One name switches on that stand-in only.
    expect(providerNamed(named("oauth"), "demo")).toBeNull();
    expect(oauthOffered("demo", named("payments"))).toBe(false);
    await expect(verificationProvider(named("payments,oauth")).openApplicant(production, 1, Date.now())).rejects.toMatchObject({ status: 400 });
  });

  it("know no provider by any other name", () => {
    expect(providerNamed(env, "stripe")).toBeNull();
    expect(oauthOffered("google", env)).toBe(false);
    expect(oauthProvider("google", env, ORIGIN)).toBeNull();
  });

  it("send mail and SMS to the demo outbox everywhere, production included, as before the registries", async () => {
    const to = "registry-check@example.com";
    await messageDelivery(production).send(production, { channel: "email", to, subject: "Check", text: "sent in production" });
    const row = await env.DB.prepare("SELECT subject, text FROM outbox WHERE recipient = ?1").bind(to).first();
    expect(row).toEqual({ subject: "Check", text: "sent in production" });
  });
});

import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { handlePlatformPages, platformPages } from "../../workers/platform/demo";
import { DEMO_STAND_IN_NAMES, type DemoStandIn } from "../../workers/platform/demo/switches";

/**
 * Decision 0060: in production every demo stand-in is off unless the operator names it in
 * DEMO_PROVIDERS. The routes come from the platform pages' own Hono app (what the Worker serves
 * under /oauth/ and /platform/), so a route added later is walked too, and counts as demo until
 * it is listed below as a real one.
 */
const production = { ...env, APP_ENV: "production", DEMO_PROVIDERS: "", DEMO_PAYMENTS: "" } as Env;
const withDemo = (names: string) => ({ ...production, DEMO_PROVIDERS: names }) as Env;

/** The platform's real pages, which answer in production: each with why it is not a demo stand-in. */
const REAL_ROUTES: Record<string, string> = {
  "/oauth/init": "social sign-in start for any offered provider (a demo service is refused there)",
  "/oauth/callback/:service": "social sign-in return for any offered provider",
  "/platform/payments/callback/:provider": "payment systems report outcomes here (signed callbacks)",
  "/platform/covers/:file": "generated game covers",
  "/platform/covers/providers/:file": "generated provider wordmarks",
  "/platform/game/custom/:name": "the game launch path of SPEC §2",
  "/platform/game/custom/:name/play": "the game launch path of SPEC §2",
  "/platform/game/custom/:name/round": "the game launch path of SPEC §2",
  "/platform/game/custom/:name/rotate": "an original's seed revealed (decision 0115)",
  "/platform/game/:name": "the game launch path of SPEC §2",
  "/platform/game/:name/play": "the game launch path of SPEC §2",
  "/platform/game/:name/round": "the game launch path of SPEC §2",
  "/platform/game/:name/rotate": "an original's seed revealed (decision 0115)",
  "/platform/exports/game-history/:file": "a player's own game history export",
  "/platform/verification/webhook": "signed webhooks of a verification provider",
  "/platform/analytics/beacon": "the analytics image beacon",
};

/** A concrete path for a route pattern: each parameter gets a value its pattern accepts. */
function concrete(pattern: string): string {
  return pattern
    .replace(/:(\w+)\{([^}]*(?:\}[^}/]*)*)\}/g, (_, _name: string, re: string) => {
      const sample = ["1", "start", "end", "demo", "x"].find((s) => new RegExp(`^(?:${re})$`).test(s));
      if (!sample) throw new Error(`no sample value for ${pattern}`);
      return sample;
    })
    .replace(/:(\w+)/g, "1")
    .replace(/\*/g, "x");
}

async function send(method: string, path: string, vars: Env): Promise<Response> {
  const ctx = createExecutionContext();
  const init: RequestInit = { method, headers: { origin: "https://playfront.test" } };
  if (method !== "GET" && method !== "HEAD") init.body = new URLSearchParams({ decision: "allow", email: "player@example.com" });
  const res = await handlePlatformPages(new Request(`https://playfront.test${path}`, init), vars, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Every (method, path) the platform pages serve under /oauth/ and /platform/, middleware included. */
function servedRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const out: { method: string; path: string }[] = [];
  for (const r of platformPages.routes) {
    if (!/^\/(oauth|platform)\//.test(r.path)) continue;
    for (const method of r.method === "ALL" ? ["GET", "POST"] : [r.method]) {
      const key = `${method} ${r.path}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ method, path: r.path });
      }
    }
  }
  return out;
}

describe("demo stand-ins in production (DEMO_PROVIDERS empty)", () => {
  it("walks the routes the Worker serves, and every demo route answers 404", async () => {
    const routes = servedRoutes();
    // The walk is real: it sees the demo consoles and the real pages alike.
    expect(routes.some((r) => r.path.startsWith("/platform/demo/oauth/"))).toBe(true);
    expect(routes.some((r) => r.path === "/platform/analytics/beacon")).toBe(true);
    const answered: string[] = [];
    for (const { method, path } of routes) {
      if (Object.hasOwn(REAL_ROUTES, path)) continue;
      const res = await send(method, concrete(path), production);
      // Absent means the plain "Not found" of an unknown path: a demo page's own 404 (a link that
      // is not valid, say) is the stand-in answering.
      const body = await res.text();
      if (res.status !== 404 || body !== "Not found") answered.push(`${method} ${path} → ${res.status} ${body.slice(0, 40)}`);
    }
    expect(answered).toEqual([]);
  });

  it("refuses the demo OAuth service at /oauth/init with a clear error, and starts it when named", async () => {
    const init = "/oauth/init?service=demo&redirect_url=%2F&type_auth=login";
    const off = await send("GET", init, production);
    expect(off.status).toBe(400);
    expect(await off.text()).toContain("Unknown sign-in service");
    const on = await send("GET", init, withDemo("oauth"));
    expect(on.status).toBe(302);
    expect(on.headers.get("location")).toContain("/platform/demo/oauth/authorize");
  });
});

/** One route of each stand-in, and what it answers when that stand-in is on. */
const SAMPLES: Record<DemoStandIn, { method: string; path: string; status: number }> = {
  oauth: { method: "GET", path: "/platform/demo/oauth/authorize", status: 400 },
  payments: { method: "PUT", path: "/platform/demo/pay/0123456789abcdef0123456789abcdef", status: 405 },
  verification: { method: "GET", path: "/platform/demo/verification/review", status: 200 },
  chat: { method: "GET", path: "/platform/demo/chat?format=json", status: 200 },
  support: { method: "GET", path: "/platform/demo/support?format=json", status: 200 },
  mailbox: { method: "GET", path: "/platform/demo/mailbox?to=nobody@example.com&format=json", status: 200 },
  analytics: { method: "GET", path: "/platform/demo/analytics?format=json", status: 200 },
  clocks: { method: "POST", path: "/platform/demo/vpn/clock?login=no-such-player&at=1", status: 404 },
  backoffice: { method: "POST", path: "/platform/demo/players/ban?login=no-such-player", status: 404 },
  registers: { method: "GET", path: "/platform/demo/registers?format=json", status: 200 },
  push: { method: "GET", path: "/platform/demo/push/inbox?format=json", status: 200 },
};

describe("a stand-in switched on by name in production", () => {
  it.each(DEMO_STAND_IN_NAMES)("%s answers, and only it", async (name) => {
    const sample = SAMPLES[name];
    const on = await send(sample.method, sample.path, withDemo(name));
    expect(on.status).toBe(sample.status);
    // The clock hook's 404 is its own answer (no such player), not the stand-in's absence.
    if (name === "clocks" || name === "backoffice") expect(await on.json()).toMatchObject({ error: { message: "No such player" } });
    const other = DEMO_STAND_IN_NAMES.find((n) => n !== name)!;
    expect((await send(sample.method, sample.path, withDemo(other))).status).toBe(404);
  });

  it("DEMO_PAYMENTS=on still keeps the demo payment system (compatibility)", async () => {
    const { method, path } = SAMPLES.payments;
    expect((await send(method, path, { ...production, DEMO_PAYMENTS: "on" } as Env)).status).toBe(405);
  });

  it("offers the demo social button only where the demo OAuth provider is on", async () => {
    const { cmsHandlers } = await import("../../workers/platform/cms");
    const socials = async (vars: Env) => {
      const config = await cmsHandlers["cms.getConfig"]({ locale: "en" }, { db: env.DB, env: vars, locale: "en", defaultLocale: "en" } as never);
      return config.auth.authTypes.flatMap((t) => (t.social ?? []).map((s) => s.id));
    };
    expect(await socials(env)).toContain("demo");
    expect(await socials(production)).toEqual([]);
    expect(await socials(withDemo("oauth"))).toContain("demo");
  });
});

describe("the demo verification provider, off", () => {
  it("shows no attempt and refuses to start one with a clear 400, instead of a link to a page that is not there", async () => {
    const { verificationProvider } = await import("../../workers/platform/providers/verification-registry");
    const off = verificationProvider(production);
    expect(await off.latestApplicant(production, 1)).toBeNull();
    await expect(off.openApplicant(production, 1, Date.now())).rejects.toMatchObject({
      status: 400,
      message: "Identity verification is not available on this site",
    });
    await expect(off.accessToken(production, "a".repeat(32), null, Date.now())).rejects.toMatchObject({ status: 400 });
  });
});

import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import app from "../../workers/app";
import { US_PLAYER } from "./auth-helpers";
import { data, failure, get, prepareDatabase, setCookie } from "./helpers";

/*
 * PLATFORM_ORIGIN: the app on one Worker, the platform on another. vitest.config.ts runs a second
 * Worker, "remote-platform" (tests/workers/remote-platform.ts: the embedded platform on its own D1
 * database, REMOTE_DB here), and routes the test Worker's outbound fetch() to it. This file calls
 * the real app (workers/app.ts) with PLATFORM_ORIGIN set, so /api calls and the page loaders'
 * PlatformClient calls leave the app over fetch() and are answered by the other Worker.
 */
const PLATFORM_ORIGIN = "http://platform.test";
/** The app's origin here; distinct from other files' so no per-isolate cache is shared. */
const APP = "https://proxied.test";
const proxiedEnv = { ...env, PLATFORM_ORIGIN, SITE_CACHE_SECONDS: "0" } as Env;

async function viaApp(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(path, APP), init), proxiedEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
}

const proxiedApi = it;

const remoteStorageRows = async () => (await env.REMOTE_DB.prepare("SELECT COUNT(*) AS n FROM storage").first<{ n: number }>())!.n;

beforeAll(async () => {
  await prepareDatabase(env.REMOTE_DB);
  // Make the remote platform recognisable: its own site name and a page only it has.
  await env.REMOTE_DB.batch([
    env.REMOTE_DB.prepare("UPDATE settings SET value = json_set(value, '$.siteName', 'Remote Casino') WHERE key = 'metadata'"),
    env.REMOTE_DB.prepare(
      `INSERT INTO content_pages (slug, locale, title, content, seo, updated_at)
       VALUES ('remote-only', 'es', 'Solo remoto', '<p>remoto</p>', '{"title":"Solo remoto","description":"d"}', 1700000000)`,
    ),
  ]);
});

describe("app with PLATFORM_ORIGIN set", () => {
  proxiedApi("answers /api from the platform at PLATFORM_ORIGIN, not from its own database", async () => {
    const res = await viaApp("/api/metadata/get");
    expect(res.headers.get("x-served-by")).toBe("remote-platform");
    expect((await data(res)).siteName).toBe("Remote Casino");
    // The same Worker without PLATFORM_ORIGIN answers from its own D1.
    expect((await data(get("metadata/get"))).siteName).not.toBe("Remote Casino");
  });

  proxiedApi("forwards the path and query string as sent", async () => {
    const page = await data(viaApp("/api/CMS/getPage?slug=remote-only&locale=es&v=2"));
    expect(page).toMatchObject({ slug: "remote-only", locale: "es", title: "Solo remoto" });
  });

  proxiedApi("forwards a write with its form body, rewrites Origin to the platform's and relays Set-Cookie", async () => {
    const before = await remoteStorageRows();
    const res = await viaApp("/api/storage/set", {
      method: "POST",
      headers: { origin: APP },
      body: form({ key: "proxied", value: "through the app" }),
    });
    expect(res.headers.get("x-served-by")).toBe("remote-platform");
    // The remote platform's own Origin check sees a same-origin request.
    expect(res.headers.get("x-seen-origin")).toBe(PLATFORM_ORIGIN);
    const vid = setCookie(res, "pf_vid");
    expect(vid?.value).toMatch(/^[0-9a-f]{32}$/);
    expect(await data(res)).toBe(true);
    expect(await remoteStorageRows()).toBe(before + 1);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM storage WHERE key = 'proxied'").first("n")).toBe(0);

    // The player's cookies travel to the platform on the next call.
    const cookie = `pf_vid=${vid!.value}`;
    const read = await viaApp("/api/storage/get?key=proxied", { headers: { cookie } });
    expect(read.headers.get("x-seen-cookie")).toContain(cookie);
    expect(await data(read)).toBe("through the app");
  });

  proxiedApi("relays the platform's errors with their status and envelope", async () => {
    const notFound = await viaApp("/api/nosuch/method");
    expect(notFound.headers.get("x-served-by")).toBe("remote-platform");
    await failure(notFound, 404, "MethodNotFoundException");
    await failure(viaApp("/api/banners/get?count=0"), 400, "InvalidParameterException");
    await failure(
      viaApp("/api/storage/set", { method: "POST", headers: { origin: APP }, body: form({ key: "k", value: "v".repeat(4097) }) }),
      400,
      "InvalidParameterException",
    );
  });

  it("still refuses a cross-site write itself, before anything reaches the platform", async () => {
    const before = await remoteStorageRows();
    const res = await viaApp("/api/storage/set", {
      method: "POST",
      headers: { origin: "https://evil.example" },
      body: form({ key: "evil", value: "x" }),
    });
    expect(res.headers.get("x-served-by")).toBeNull();
    await failure(res, 403, "AccessDeniedException");
    expect(await remoteStorageRows()).toBe(before);
  });

  proxiedApi("keeps its own security headers on proxied answers", async () => {
    const res = await viaApp("/api/metadata/get");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("renders pages from the remote platform's data: page loaders use the same contract", async () => {
    const res = await viaApp("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Remote Casino");
  });

  it("a Participate the platform answers with anything but 1 shows the failure, not the success", async () => {
    const reg = await viaApp("/api/auth/register", {
      method: "POST",
      headers: { origin: APP },
      body: form({ email: "remote-joiner@example.com", password: "secret12", terms: "1", ...US_PLAYER }),
    });
    expect(reg.status, await reg.text()).toBe(200);
    const cookie = reg.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const tournament = await env.REMOTE_DB.prepare("SELECT id FROM tournaments WHERE sysname = 'weekend-wins'").first<number>("id");
    const participate = () =>
      viaApp("/tournaments?status=future", {
        method: "POST",
        headers: { origin: APP, cookie },
        body: form({ intent: "participate", tournament_id: String(tournament) }),
        redirect: "manual",
      });
    const setAnswer = (body: object) => fetch(`${PLATFORM_ORIGIN}/__stand-in/participate-answer`, { method: "POST", body: JSON.stringify(body) });

    // 0, and answers that only look like 1 to a loose check (SPEC §4: joined only on exactly 1).
    try {
      for (const answer of [0, "1", true]) {
        await setAnswer({ answer });
        const refused = await participate();
        const html = await refused.text();
        expect(refused.status, JSON.stringify(answer)).toBe(502);
        expect(html).toContain('data-testid="participate-error"');
        expect(html).toContain("Failed to participate in tournament");
        expect(refused.headers.get("location")).toBeNull();
      }
    } finally {
      await setAnswer({});
    }
    // The same form, the platform answering 1: the success (back to the list with its toast).
    const joined = await participate();
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe("/tournaments?status=future");
  });
});

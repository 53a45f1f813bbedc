import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { type JurisdictionId, PROFILES } from "../../core/jurisdictions";
import { refreshMirror } from "../../workers/platform/player/remote-d1";
import { SESSION_ABSOLUTE_MS } from "../../workers/platform/auth/sessions";
import { Browser, registerPlayer, sessionRows, type Player } from "./auth-helpers";
import { data, failure } from "./helpers";
import { COUNTRY, setSiteJurisdiction } from "./jurisdiction-helpers";

/**
 * The session limit (issue 40, decision 0089): the longest one signed-in session may last. A
 * shorter limit applies at once, to the session in progress too; a longer one or a removal waits
 * the market's cooling-off and applies from the next sign-in; the limit signs the player out, and
 * the next page is told why once.
 */

const MINUTE = 60_000;
afterEach(() => setSiteJurisdiction(null));

async function playerOf(id: JurisdictionId): Promise<Player> {
  const p = await registerPlayer();
  await env.DB.prepare("UPDATE users SET country_code = ?2 WHERE uid = ?1").bind(p.uid, COUNTRY[id]).run();
  await refreshMirror(env, p.uid);
  return p;
}

const state = (p: { browser: Browser } | Browser) => data((p instanceof Browser ? p : p.browser).get("account/getResponsibleGaming"));
const setLimit = (b: Browser, minutes?: number | string) => b.post("account/setSessionLimit", minutes === undefined ? {} : { minutes });
const signIn = async (p: Player) => {
  const b = new Browser();
  await data(b.post("auth/login", { login: p.login, password: p.password }));
  return b;
};
/** Moves every session of the player `ms` into the past, as if signed in that long ago. */
const age = (uid: number, ms: number) =>
  env.DB.prepare("UPDATE sessions SET created_at = created_at - ?2, last_seen_at = ?3, expires_at = expires_at - ?2 WHERE uid = ?1")
    .bind(uid, ms, Date.now())
    .run();

describe("account.setSessionLimit", () => {
  it("has none by default: a session lasts its 30 days", async () => {
    const p = await registerPlayer();
    const s = await state(p);
    expect(s.session_limit).toEqual({ minutes: null, pending: null });
    expect(s.session.ends_at).toBeNull();
    const [row] = await sessionRows(p.uid);
    expect(Number(row!.expires_at) - Number(row!.created_at)).toBe(SESSION_ABSOLUTE_MS);
  });

  it("applies a first limit at once, to the session in progress and to the next sign-in", async () => {
    const p = await registerPlayer();
    expect(await data(setLimit(p.browser, 60))).toEqual({ minutes: 60, pending: null });
    const s = await state(p);
    expect(s.session_limit.minutes).toBe(60);
    expect(s.session.ends_at).toBe(s.session.started_at + 60 * MINUTE);

    const again = await signIn(p);
    const next = await state(again);
    expect(next.session.ends_at).toBe(next.session.started_at + 60 * MINUTE);
    const rows = await sessionRows(p.uid);
    expect(rows.every((r) => Number(r.expires_at) - Number(r.created_at) === 60 * MINUTE)).toBe(true);
  });

  it("signs the player out when the limit is reached, and says why once", async () => {
    const p = await registerPlayer();
    await data(setLimit(p.browser, 30));
    await age(p.uid, 31 * MINUTE);
    const ended = await data(p.browser.get("account/getInfo"));
    expect(ended).toMatchObject({ uid: 0, session_ended: "limit" });
    expect(await sessionRows(p.uid)).toHaveLength(0);
    // Said once: the next call is a visitor's like any other.
    expect((await data(p.browser.get("account/getInfo"))).session_ended).toBeUndefined();
    await failure(p.browser.get("account/getResponsibleGaming"), 401, "AuthorizationException");
    // Signing in again is allowed: a new session with the limit's time.
    const again = await signIn(p);
    expect((await state(again)).session_limit.minutes).toBe(30);
  });

  it("does not say a session that idled out or was signed out of was ended by the limit", async () => {
    const p = await registerPlayer();
    await data(setLimit(p.browser, 120));
    await env.DB.prepare("UPDATE sessions SET last_seen_at = last_seen_at - ?2 WHERE uid = ?1")
      .bind(p.uid, 31 * MINUTE)
      .run();
    const idle = await data(p.browser.get("account/getInfo"));
    expect(idle.uid).toBe(0);
    expect(idle.session_ended).toBeUndefined();
  });

  it("ends a session already longer than a new limit five minutes from now, time to finish a round", async () => {
    const p = await registerPlayer();
    await age(p.uid, 50 * MINUTE);
    const before = Date.now();
    await data(setLimit(p.browser, 30));
    const s = await state(p);
    expect(s.session.ends_at).toBeGreaterThanOrEqual(before + 5 * MINUTE);
    expect(s.session.ends_at).toBeLessThanOrEqual(Date.now() + 5 * MINUTE);
  });

  it("makes a longer limit or a removal wait the market's cooling-off, then applies it from the next sign-in", async () => {
    for (const id of ["international", "se", "de"] as const) {
      const p = await playerOf(id);
      await data(setLimit(p.browser, 30));
      const t0 = Date.now();
      const raised = await data(setLimit(p.browser, 120));
      const wait = PROFILES[id].depositLimits.raiseWaitMs;
      expect(raised.minutes).toBe(30);
      expect(raised.pending.minutes).toBe(120);
      // Sweden's raise waits 72 hours and no period's end: a session limit has no period.
      expect(raised.pending.effective_at).toBeGreaterThanOrEqual(t0 + wait);
      expect(raised.pending.effective_at).toBeLessThanOrEqual(Date.now() + wait);
      // A shorter one still applies at once and drops the raise.
      expect(await data(setLimit(p.browser, 15))).toEqual({ minutes: 15, pending: null });
      const removal = await data(setLimit(p.browser));
      expect(removal).toMatchObject({ minutes: 15, pending: { minutes: null } });
      // The wait over, the next sign-in's session has no limit.
      await env.DB.prepare("UPDATE session_limits SET pending_effective_at = ?2 WHERE uid = ?1")
        .bind(p.uid, Date.now() - 1)
        .run();
      const again = await signIn(p);
      const s = await state(again);
      expect(s.session_limit).toEqual({ minutes: null, pending: null });
      expect(s.session.ends_at).toBeNull();
    }
  });

  it("refuses minutes it does not offer, and visitors", async () => {
    const p = await registerPlayer();
    for (const minutes of [7, 0, -15, 15.5, "abc", 100_000]) {
      const e = await failure(setLimit(p.browser, minutes), 400, "InvalidParameterException");
      expect(e.invalid_parameters?.minutes?.[0]).toMatch(/minutes must be/);
    }
    expect((await state(p)).session_limit).toEqual({ minutes: null, pending: null });
    await failure(setLimit(new Browser(), 30), 401, "AuthorizationException");
  });
});

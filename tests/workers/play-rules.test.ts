import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { type JurisdictionId, PROFILES } from "../../core/jurisdictions";
import { refreshMirror } from "../../workers/platform/player/remote-d1";
import { registerPlayer, type Player } from "./auth-helpers";
import { data, failure, ORIGIN, send } from "./helpers";
import { COUNTRY, setSiteJurisdiction } from "./jurisdiction-helpers";
import { playerDb } from "./player-db";
import { OUTSIDE_JACKPOTS, playRound, roundId } from "./game-studio-helpers";
import { fund, makeEvent, place } from "./sportsbook-helpers";

/**
 * A market's rules for a round of a slot (issue 40, decision 0088): Germany's €1 a round and 5
 * seconds a game, the UK's £5 a round (£2 for players 18–24) and 2.5 seconds, enforced by the
 * platform for the demo studio (whatever the page offered), and the studio's page offering no bet
 * above the cap and saying the rules.
 */

afterEach(() => setSiteJurisdiction(null));

async function playerOf(id: JurisdictionId, { currency = "EUR", birthDate = "1990-01-01" } = {}): Promise<Player> {
  const p = await registerPlayer({ currency });
  await env.DB.prepare("UPDATE users SET country_code = ?2, birth_date = ?3 WHERE uid = ?1").bind(p.uid, COUNTRY[id], birthDate).run();
  await refreshMirror(env, p.uid);
  await fund(p.uid, 100_000);
  return p;
}

/** A slot outside the jackpots whose bets reach past €5. */
const slot = async () =>
  (await env.DB.prepare(
    `SELECT sysname, min_bet, max_bet FROM games WHERE kind = 'slot' AND has_demo = 1 AND max_bet >= 1000 AND min_bet <= 50 AND ${OUTSIDE_JACKPOTS} ORDER BY id LIMIT 1`,
  ).first<{
    sysname: string;
    min_bet: number;
    max_bet: number;
  }>())!;

const real = (p: Player, sysname: string, bet: number) => playRound(p.browser, sysname, { bet, mode: "real", round_id: roundId() });

/** Moves the player's rounds `ms` into the past, as if that much time had gone by. */
const age = (uid: number, ms: number) => playerDb(uid).prepare("UPDATE game_rounds SET created_at = created_at - ?2 WHERE uid = ?1").bind(uid, ms).run();

describe("a market's stake cap and game cycle", () => {
  it("Germany: a round stakes at most €1, and the next waits 5 seconds", async () => {
    const p = await playerOf("de");
    const { sysname } = await slot();
    const over = await failure(real(p, sysname, 200), 400, "InvalidParameterException");
    expect(over.params).toMatchObject({ max_stake: 100, currency: "EUR" });
    expect(over.invalid_parameters?.bet?.[0]).toMatch(/Gemeinsame Glücksspielbehörde der Länder.*€1/);
    expect((await real(p, sysname, 100)).status).toBe(200);
    const soon = await failure(real(p, sysname, 100), 400, "InvalidRequestException");
    expect(soon.params).toMatchObject({ min_cycle_ms: 5_000 });
    expect(soon.message).toMatch(/at least 5 seconds/);
    // Nothing was staked by the refused rounds.
    expect((await data(p.browser.get("account/getBalance"))).balance_main.amount).toBeGreaterThanOrEqual(100_000 - 100);
    await age(p.uid, 5_001);
    expect((await real(p, sysname, 100)).status).toBe(200);
    // Demo play is no money: no rule holds it.
    expect((await playRound(p.browser, sysname, { bet: 500, mode: "demo", round_id: roundId() })).status).toBe(200);
  });

  it("two rounds at once under a cycle: one is played", async () => {
    const p = await playerOf("de");
    const { sysname } = await slot();
    const answers = await Promise.all([real(p, sysname, 100), real(p, sysname, 100), real(p, sysname, 100)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it("the UK: £5 a round, £2 under 25 (an unknown birth date counts as under), 2.5 seconds a game", async () => {
    // The site has no pound rate: the cap is its figure in the player's currency.
    const { sysname } = await slot();
    const adult = await playerOf("uk", { currency: "USD" });
    await failure(real(adult, sysname, 1000), 400, "InvalidParameterException");
    expect((await real(adult, sysname, 500)).status).toBe(200);
    expect((await failure(real(adult, sysname, 500), 400, "InvalidRequestException")).params).toMatchObject({ min_cycle_ms: 2_500 });
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 20);
    const p20 = await playerOf("uk", { currency: "USD", birthDate: young.toISOString().slice(0, 10) });
    expect((await failure(real(p20, sysname, 500), 400, "InvalidParameterException")).params).toMatchObject({ max_stake: 200 });
    expect((await real(p20, sysname, 200)).status).toBe(200);
  });

  it("players of markets without these rules stake what the game allows, as often as they like", async () => {
    const { sysname, max_bet } = await slot();
    for (const id of ["international", "on", "nl", "se"] as const) {
      expect(PROFILES[id].play).toEqual({ maxStake: null, minCycleMs: null, jackpots: true, showOdds: false });
      const p = await playerOf(id);
      // Sweden asks for a deposit limit before any play (the test below).
      if (id === "se") await data(p.browser.post("account/setDepositLimit", { period: "30", amount: 100_000 }));
      expect((await real(p, sysname, Math.min(max_bet, 2_000))).status).toBe(200);
      expect((await real(p, sysname, Math.min(max_bet, 2_000))).status).toBe(200);
    }
  });

  it("the studio's page offers no bet above the cap and says the market's rules; without JavaScript a refusal says why", async () => {
    const p = await playerOf("de");
    const { sysname } = await slot();
    const page = await (await send(`/platform/game/${sysname}?mode=real`, { headers: p.browser.headers() })).text();
    const bets = [...page.matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(bets.length).toBeGreaterThan(0);
    expect(Math.max(...bets)).toBeLessThanOrEqual(100);
    expect(page).toMatch(
      /data-play-rules>Under the rules of the Gemeinsame Glücksspielbehörde der Länder: at most €1 a round, one round every 5 seconds at most; no autoplay\./,
    );
    const refused = await playRound(p.browser, sysname, { bet: 500, mode: "real", round_id: roundId() }, { origin: ORIGIN });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toMatch(/error=stake/);
    // A player of a market without these rules reads none.
    const q = await playerOf("on");
    expect(await (await send(`/platform/game/${sysname}?mode=real`, { headers: q.browser.headers() })).text()).not.toMatch(/data-play-rules/);
  });

  it("Sweden: no real round before a deposit limit, bonus money included; demo play is free, and a limit opens play", async () => {
    // Money that came with no deposit (a sign-up offer's): the cashier's rule never met it.
    const p = await playerOf("se");
    const { sysname, min_bet } = await slot();
    const refused = await failure(real(p, sysname, min_bet), 400, "InvalidRequestException");
    expect(refused.params).toEqual({ limit_required: true });
    expect(refused.message).toMatch(/Spelinspektionen.*deposit limit before you play/);
    // Without JavaScript the studio says why.
    const page = await playRound(p.browser, sysname, { bet: min_bet, mode: "real", round_id: roundId() }, { origin: ORIGIN });
    expect(page.headers.get("location")).toMatch(/error=limitRequired/);
    expect((await data(p.browser.get("account/getInfo"))).balance_main.amount).toBe(100_000);
    expect((await playRound(p.browser, sysname, { bet: min_bet, mode: "demo", round_id: roundId() })).status).toBe(200);
    // A limit of any kind the cashier counts opens play: here a weekly one.
    await data(p.browser.post("account/setLimit", { kind: "deposit", period: "week", amount: 50_000 }));
    expect((await real(p, sysname, min_bet)).status).toBe(200);
    // Another market's player with no limit plays at once.
    expect((await real(await playerOf("uk"), sysname, min_bet)).status).toBe(200);
  });

  it("Sweden: no sports bet before a deposit limit either; a limit opens betting, and another market's player bets at once", async () => {
    const p = await playerOf("se");
    const e = await makeEvent({ markets: [{ odds: [185, 340, 420] }] });
    const selection = e.markets[0]!.selections[0]!;
    const refused = await failure(place(p, { selections: [selection], stake: 100 }), 400, "InvalidRequestException");
    expect(refused.params).toEqual({ limit_required: true });
    expect(refused.message).toMatch(/Spelinspektionen/);
    expect((await data(p.browser.get("account/getInfo"))).balance_main.amount).toBe(100_000);
    await data(p.browser.post("account/setLimit", { kind: "deposit", period: "month", amount: 50_000 }));
    expect((await data(place(p, { selections: [selection], stake: 100 }))).bet.stake.amount).toBe(100);
    expect((await data(place(await playerOf("uk"), { selections: [selection], stake: 100 }))).bet.stake.amount).toBe(100);
  });

  it("a connected studio's game opens there with the market's rules as launch parameters", async () => {
    const { sysname } = await slot();
    const provider = await env.DB.prepare(
      "SELECT provider_id AS id, p.game_params FROM games g JOIN game_providers p ON p.id = g.provider_id WHERE g.sysname = ?1",
    )
      .bind(sysname)
      .first<{ id: number; game_params: string }>();
    const connect = (url: string) =>
      env.DB.prepare("UPDATE game_providers SET game_params = json_set(game_params, '$.studio_url', ?2) WHERE id = ?1").bind(provider!.id, url).run();
    const launch = async (p: Player) => {
      const res = await send(`/platform/game/${sysname}?mode=real`, { headers: p.browser.headers(), redirect: "manual" });
      return res.status === 302 ? Object.fromEntries(new URL(res.headers.get("location")!).searchParams) : res.status;
    };
    await connect("https://studio.example/launch");
    try {
      const base = { game: sysname, mode: "real", currency: "EUR" };
      expect(await launch(await playerOf("de"))).toEqual({
        ...base,
        jurisdiction: "de",
        max_stake: "100",
        min_cycle_ms: "5000",
        autoplay: "0",
        turbo: "0",
        show_rtp: "1",
        jackpots: "0",
      });
      const uk = await launch(await playerOf("uk"));
      expect(uk).toMatchObject({ ...base, jurisdiction: "uk", min_cycle_ms: "2500", autoplay: "0", turbo: "0" });
      expect(Number((uk as Record<string, string>).max_stake)).toBeGreaterThan(0);
      expect(await launch(await playerOf("on"))).toEqual(base);
      // A URL that is not https is an operator's mistake: the demo studio plays the game.
      await connect("http://studio.example/launch");
      expect(await launch(await playerOf("de"))).toBe(200);
    } finally {
      await env.DB.prepare("UPDATE game_providers SET game_params = ?2 WHERE id = ?1").bind(provider!.id, provider!.game_params).run();
    }
  });

  it("inside the game: the session's time and net position for every player, the odds at the stake for a German one", async () => {
    const { sysname, min_bet } = await slot();
    const page = async (p: Player, query = "mode=real") => (await send(`/platform/game/${sysname}?${query}`, { headers: p.browser.headers() })).text();
    const uk = await playerOf("uk");
    expect(await page(uk)).toMatch(/data-session[^>]*>Session <time data-elapsed>0:00:\d\d<\/time> · Net <strong data-net>€0<\/strong>/);
    expect(await page(uk)).not.toContain('<p class="free" data-odds');
    // After a round the net position is what it moved: its win less its stake.
    const round = await data(real(uk, sysname, min_bet));
    const net = round.win - min_bet;
    const after = await page(uk, `mode=real&round=${round.id}`);
    expect(after).toContain(`data-net-amount="${net}"`);
    const de = await playerOf("de");
    expect(await page(de)).toMatch(/data-odds[^>]*>Return to player \d+\.\d %\. Top prize 500× the stake \(<span data-top-prize>€\d/);
    // A visitor's demo shows neither.
    const demo = await (await send(`/platform/game/${sysname}?mode=demo`)).text();
    expect(demo).not.toContain('<p class="session" data-session');
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedHash } from "../../core/fairness";
import { drawOriginal, winOf } from "../../core/originals";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { mainBalance } from "./cashier-helpers";
import { data, failure, ORIGIN, send } from "./helpers";
import { playRound, roundId } from "./game-studio-helpers";
import { playerDb } from "./player-db";

/**
 * The originals (issue 43, decision 0115): Dice and Limbo, played for real money in the studio on
 * the player's object, drawn by the published algorithm from the player's committed seed at its
 * next nonce; every round is verifiable once the seed is revealed, from what the history says.
 */

async function funded(amount = 100_000): Promise<Player> {
  const p = await registerPlayer();
  await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-money-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: amount }] });
  return p;
}

type Round = {
  id: string;
  bet: number;
  win: number;
  symbols: string[][];
  original: {
    outcome: { game: string; result: number; target: number; over?: boolean; won: boolean; payout_bp: number };
    server_seed_hash: string;
    server_seed: string | null;
    client_seed: string;
    nonce: number;
  };
};

/** A dice round as the page's form sends it; `headers` {}: the plain form (a 303 back to the page), else JSON. */
const dice = (p: Player | null, fields: Record<string, string | number> = {}, headers?: Record<string, string>) =>
  playRound(p?.browser ?? null, "pf-dice", { bet: 100, mode: p ? "real" : "demo", round_id: roundId(), target: "50.5", side: "over", ...fields }, headers);
const plinko = (p: Player | null, fields: Record<string, string | number> = {}, headers?: Record<string, string>) =>
  playRound(p?.browser ?? null, "pf-plinko", { bet: 100, mode: p ? "real" : "demo", round_id: roundId(), rows: "12", risk: "medium", ...fields }, headers);
const limbo = (p: Player | null, fields: Record<string, string | number> = {}, headers?: Record<string, string>) =>
  playRound(p?.browser ?? null, "pf-limbo", { bet: 100, mode: p ? "real" : "demo", round_id: roundId(), target: "2", ...fields }, headers);

type HistoryRound = { id: string; game: string; original: (Round["original"]["outcome"] & Omit<Round["original"], "outcome">) | null };
const history = async (p: Player) => (await data<{ items: HistoryRound[] }>(p.browser.get("games/getHistory", { offset: 0, count: 50 }))).items;

const rotate = (p: Player, sysname = "pf-dice") =>
  send(`/platform/game/${sysname}/rotate`, {
    method: "POST",
    body: new URLSearchParams({ mode: "real" }),
    headers: { origin: ORIGIN, ...p.browser.headers() },
    redirect: "manual",
  });

describe("the originals", () => {
  it("are games of the catalogue, of Playfront Originals, among the fast games, with a 1 % house edge", async () => {
    const { results } = await env.DB.prepare(
      `SELECT g.sysname, g.kind, g.rtp_bp, p.sysname AS provider, EXISTS (SELECT 1 FROM game_category_games cg JOIN game_categories c ON c.id = cg.category_id
         WHERE cg.game_id = g.id AND c.sysname = 'fast') AS fast FROM games g JOIN game_providers p ON p.id = g.provider_id WHERE g.sysname IN ('pf-dice', 'pf-limbo') ORDER BY g.sysname`,
    ).all();
    expect(results).toEqual([
      { sysname: "pf-dice", kind: "fast", rtp_bp: 9900, provider: "pf_originals", fast: 1 },
      { sysname: "pf-limbo", kind: "fast", rtp_bp: 9900, provider: "pf_originals", fast: 1 },
    ]);
  });

  it("draws a dice round from the committed seed at its next nonce, pays exactly what the outcome says, and the next round takes the next nonce", async () => {
    const p = await funded();
    const page = await (await send("/platform/game/pf-dice", { headers: p.browser.headers() })).text();
    const committed = /data-seed-hash>([0-9a-f]{64})</.exec(page)![1]!;
    expect(page).toContain("data-next-nonce>0<");
    const first = await data<Round>(dice(p, { bet: 250, target: "50.5", side: "under" }));
    expect(first.symbols).toEqual([]);
    expect(first.original).toMatchObject({ server_seed_hash: committed, server_seed: null, nonce: 0, outcome: { game: "dice", target: 5050, over: false } });
    expect(first.win).toBe(winOf(250, first.original.outcome as never));
    const second = await data<Round>(dice(p, { bet: 100, target: "10", side: "over" }));
    expect(second.original.nonce).toBe(1);
    expect(await mainBalance(p)).toBe(100_000 - 250 - 100 + first.win + second.win);
  });

  it("reveals the seed on the rotate form, and every round of it verifies by the published algorithm from the history alone", async () => {
    const p = await funded();
    const played = [
      await data<Round>(dice(p, { target: "33.33", side: "over" })),
      await data<Round>(limbo(p, { target: "1.5" })),
      await data<Round>(dice(p, { target: "75", side: "under" })),
    ];
    expect((await history(p)).every((r) => r.original?.server_seed === null)).toBe(true);
    const res = await rotate(p);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/\/platform\/game\/pf-dice\?mode=real&revealed=\d+$/);
    const page = await (await send(new URL(res.headers.get("location")!, ORIGIN).href, { headers: p.browser.headers() })).text();
    expect(page).toContain("data-revealed-seed>");
    // A new seed is committed, its nonces start again.
    expect(page).toContain("data-next-nonce>0<");
    const rounds = await history(p);
    for (const r of played) {
      const h = rounds.find((x) => x.id === r.id)!.original!;
      expect(h.server_seed).toMatch(/^[0-9a-f]{64}$/);
      expect(await seedHash(h.server_seed!)).toBe(h.server_seed_hash);
      const choice = h.game === "dice" ? { game: "dice" as const, target: h.target, over: h.over! } : { game: "limbo" as const, target: h.target };
      const again = await drawOriginal(h.server_seed!, h.client_seed, h.nonce, choice);
      expect([again.outcome.result, again.outcome.won, again.outcome.payout_bp]).toEqual([h.result, h.won, h.payout_bp]);
      expect(r.win).toBe(winOf(100, again.outcome));
    }
  });

  it("plinko: drops the ball by the rows and risk chosen, pays the bin's multiplier, verifies from the history, refuses other rows and risks", async () => {
    const p = await funded();
    const played = [
      await data<Round>(plinko(p, { rows: "8", risk: "low" })),
      await data<Round>(plinko(p, { rows: "16", risk: "high", bet: 200 })),
      await data<Round>(plinko(p)),
    ];
    for (const r of played) {
      expect(r.original.outcome).toMatchObject({ game: "plinko", won: true });
      expect(r.win).toBe(winOf(r.bet, r.original.outcome as never));
    }
    expect(played.map((r) => [r.original.outcome.target, (r.original.outcome as { risk?: string }).risk])).toEqual([
      [8, "low"],
      [16, "high"],
      [12, "medium"],
    ]);
    expect(await mainBalance(p)).toBe(100_000 + played.reduce((sum, r) => sum + r.win - r.bet, 0));
    // Revealed, every drop is what the published algorithm draws from the history's values.
    expect((await rotate(p, "pf-plinko")).status).toBe(303);
    const rounds = await history(p);
    for (const r of played) {
      const h = rounds.find((x) => x.id === r.id)!.original! as HistoryRound["original"] & { risk: "low" | "medium" | "high" };
      const again = await drawOriginal(h.server_seed!, h.client_seed, h.nonce, { game: "plinko", rows: h.target, risk: h.risk });
      expect([again.outcome.result, again.outcome.payout_bp]).toEqual([h.result, h.payout_bp]);
    }
    // Other rows or risks, or none: 400 on the field, nothing moved.
    const before = await mainBalance(p);
    for (const [fields, field] of [
      [{ rows: "10" }, "rows"],
      [{ rows: "twelve" }, "rows"],
      [{ risk: "extreme" }, "risk"],
    ] as const) {
      const bad = await failure(plinko(p, fields), 400, "InvalidParameterException");
      expect(Object.keys(bad.invalid_parameters ?? {}), JSON.stringify(fields)).toEqual([field]);
    }
    expect(await mainBalance(p)).toBe(before);
    // The plain form without JavaScript: the page again, with the ball's bin and the payouts marked.
    const form = await plinko(p, { rows: "8", risk: "high" }, {});
    expect(form.status).toBe(303);
    const page = await (await send(new URL(form.headers.get("location")!, ORIGIN).href, { headers: p.browser.headers() })).text();
    expect(page).toMatch(/data-bin="\d+"/);
    expect(page).toContain("<li data-landed>");
    expect(page).toContain('<option value="8" selected>8</option>');
  });

  it("never gives two concurrent rounds one nonce, and moves the money of each exactly once", async () => {
    const p = await funded();
    const rounds = await Promise.all(Array.from({ length: 6 }, (_, i) => data<Round>(dice(p, { bet: 100 + i, target: "50", side: "over" }))));
    expect(rounds.map((r) => r.original.nonce).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    const paid = rounds.reduce((sum, r) => sum + r.win - r.bet, 0);
    expect(await mainBalance(p)).toBe(100_000 + paid);
  });

  it("answers a repeated round_id with the same round and refuses it for another target", async () => {
    const p = await funded();
    const key = roundId();
    const a = await data<Round>(dice(p, { round_id: key }));
    const b = await data<Round & { replayed: boolean }>(dice(p, { round_id: key }));
    expect(b).toMatchObject({ id: a.id, win: a.win, replayed: true, original: { nonce: a.original.nonce } });
    expect(await mainBalance(p)).toBe(100_000 - 100 + a.win);
    const other = await failure(dice(p, { round_id: key, target: "60" }), 400, "InvalidParameterException");
    expect(other.invalid_parameters).toHaveProperty("round_id");
  });

  it("refuses bad targets with the field and a reason, and moves nothing", async () => {
    const p = await funded();
    for (const [fields, field] of [
      [{ target: "" }, "target"],
      [{ target: "abc" }, "target"],
      [{ target: "99.5", side: "over" }, "target"],
      [{ target: "0.5", side: "under" }, "target"],
      [{ target: "50", side: "sideways" }, "side"],
    ] as const) {
      const body = await failure(dice(p, fields), 400, "InvalidParameterException");
      expect(body.invalid_parameters, JSON.stringify(fields)).toHaveProperty(field);
    }
    for (const target of ["1", "1.001", "10000.01"]) expect((await limbo(p, { target })).status, target).toBe(400);
    // Without JavaScript, the form comes back to the page with the reason.
    const form = await dice(p, { target: "101" }, {});
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toMatch(/error=target/);
    expect(await mainBalance(p)).toBe(100_000);
    expect(await history(p)).toEqual([]);
  });

  it("plays a visitor's demo round from a seed revealed with it", async () => {
    const round = await data<Round>(limbo(null, { target: "3" }));
    expect(round.original.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await seedHash(round.original.server_seed!)).toBe(round.original.server_seed_hash);
    const again = await drawOriginal(round.original.server_seed!, round.original.client_seed, 0, { game: "limbo", target: 300 });
    expect(again.outcome).toEqual(round.original.outcome);
    // The plain form's redirect carries the round back to the page, which shows it.
    const res = await limbo(null, { target: "3" }, {});
    const page = await (await send(new URL(res.headers.get("location")!, ORIGIN).href)).text();
    expect(page).toMatch(/data-roll data-won="(true|false)">\d+\.\d{2}×</);
    expect(page).toContain("data-server-seed>");
  });
});

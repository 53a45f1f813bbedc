import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REALTIME_TOKEN_SECONDS } from "../../workers/platform/auth/realtime-token";
import { CLOSE_SIGNED_OUT } from "../../workers/realtime/events";
import { moveMoney } from "../../workers/platform/wallet/move-money";
import type { WalletOperation } from "../../workers/platform/wallet/wallet";
import { data } from "./helpers";
import { registerPlayer } from "./auth-helpers";
import { playerDb } from "./player-db";
import { connect, flushed, moneyDeps, tokenFor, upgrade } from "./realtime-helpers";
import { makePlayer } from "./wallet-helpers";

const deposit = (uid: number, key: string, amount = 2500): WalletOperation => ({
  uid,
  key,
  type: "deposit",
  reference: key,
  changes: [{ kind: "main", delta: amount }],
});

describe("/realtime handshake", () => {
  it("refuses a missing, malformed, forged or expired token with 401 and no socket", async () => {
    const uid = await makePlayer();
    const good = await tokenFor(uid);
    const forged = good.replace(/^\d+/, String(uid + 1));
    const expired = await tokenFor(uid, Date.now() - (REALTIME_TOKEN_SECONDS + 1) * 1000);
    for (const token of [null, "", "not-a-token", forged, expired, `${good.slice(0, -2)}AA`]) {
      const res = await upgrade(token);
      expect(res.status, String(token)).toBe(401);
      expect(res.webSocket).toBeNull();
      expect(await res.text()).not.toContain(good);
    }
  });

  it("needs an Upgrade: websocket request", async () => {
    const res = await upgrade(await tokenFor(await makePlayer()), { upgrade: "h2c" });
    expect(res.status).toBe(426);
  });

  it("refuses a handshake from another site's page", async () => {
    const res = await upgrade(await tokenFor(await makePlayer()), { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
  });

  it("accepts through the Hibernation API and answers ping without the object's code", async () => {
    const uid = await makePlayer();
    const client = await connect(await tokenFor(uid));
    client.ws.send("ping");
    expect(await client.next()).toBe("pong");
    const stub = env.PLAYER_CHANNEL.get(env.PLAYER_CHANNEL.idFromName(String(uid)));
    await runInDurableObject(stub, (_instance, state) => {
      // acceptWebSocket()ed sockets are the ones the runtime lists (and keeps across hibernation).
      expect(state.getWebSockets()).toHaveLength(1);
      expect(state.getWebSocketAutoResponse()?.request).toBe("ping");
    });
    client.ws.close(1000);
  });
});

describe("account.balance_updated", () => {
  it("reaches every socket of the player after a committed move, and no one else's", async () => {
    const uid = await makePlayer();
    const other = await makePlayer();
    const [a, b, stranger] = await Promise.all([connect(await tokenFor(uid)), connect(await tokenFor(uid)), connect(await tokenFor(other))]);
    const deps = moneyDeps(uid);
    const result = await moveMoney(deps, deposit(uid, "deposit:rt-1"));
    await deps.settled();
    for (const c of [a, b]) {
      const m = await c.next();
      expect(m.event).toBe("account.balance_updated");
      expect(m.ts).toBeGreaterThan(Date.now() - 60_000);
      expect(m.data.balance_main).toEqual(result.balances.main);
      expect(m.data).toMatchObject({
        balance_main: { amount: 2500, currency: "USD" },
        balance_bonus: { amount: 0, currency: "USD" },
        balance_betting_bonus: { amount: 0, currency: "USD" },
        total: { amount: 2500, currency: "USD" },
      });
    }
    expect(await flushed(stranger)).toEqual([]);
  });

  it("publishes nothing for a replayed operation", async () => {
    const uid = await makePlayer();
    const client = await connect(await tokenFor(uid));
    const deps = moneyDeps(uid);
    await moveMoney(deps, deposit(uid, "deposit:rt-2"));
    await deps.settled();
    expect((await client.next()).data.total.amount).toBe(2500);
    const again = moneyDeps(uid);
    expect((await moveMoney(again, deposit(uid, "deposit:rt-2"))).replayed).toBe(true);
    await again.settled();
    expect(await flushed(client)).toEqual([]);
  });

  it("publishes nothing for a declined operation", async () => {
    const uid = await makePlayer();
    const client = await connect(await tokenFor(uid));
    const deps = moneyDeps(uid);
    await expect(moveMoney(deps, { uid, key: "bet:rt-declined", type: "bet", changes: [{ kind: "main", delta: -1 }] })).rejects.toThrow("Insufficient funds");
    await deps.settled();
    expect(await flushed(client)).toEqual([]);
  });

  it("a publishing failure does not fail the money move", async () => {
    const uid = await makePlayer();
    const pending: Promise<unknown>[] = [];
    const broken = {
      db: playerDb(uid),
      env: { ...env, PLAYER_CHANNEL: undefined } as unknown as Env,
      waitUntil: (p: Promise<unknown>) => void pending.push(p),
    };
    const result = await moveMoney(broken, deposit(uid, "deposit:rt-3"));
    expect(result.balances.main.amount).toBe(2500);
    await expect(Promise.all(pending)).resolves.toBeDefined();
  });
});

describe("sign-out", () => {
  it("auth.logout closes every realtime socket of that player only", async () => {
    const player = await registerPlayer();
    const other = await makePlayer();
    const { token } = await data(player.browser.get("account/getToken"));
    const [a, b, stranger] = await Promise.all([connect(token), connect(token), connect(await tokenFor(other))]);
    expect(await data(player.browser.post("auth/logout"))).toBe(1);
    for (const c of [a, b]) expect((await c.closed).code).toBe(CLOSE_SIGNED_OUT);
    stranger.ws.send("ping");
    expect(await stranger.next()).toBe("pong");
  });
});

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { Player } from "./auth-helpers";
import { data } from "./helpers";
import { playerDb } from "./player-db";

/** Shared by the wheel*.test.ts files (issue 21, decision 0047). */

export const campaignId = async (sysname: string) =>
  (await env.DB.prepare("SELECT id FROM wheel_campaigns WHERE sysname = ?1").bind(sysname).first<number>("id"))!;

let keys = 0;
export const spinKey = () => `spin-${Date.now().toString(36)}-${++keys}`;

export const spin = (p: Player, campaign: number, key = spinKey()) => p.browser.post("FortuneWheels/spinWheel", { campaign_id: campaign, key });

export const buySpins = (p: Player, campaign: number, spins: number, payWith: "money" | "points", key = spinKey()) =>
  p.browser.post("FortuneWheels/buySpin", { campaign_id: campaign, spins_amount: spins, pay_with: payWith, key });

export const balanceOf = async (uid: number, campaign: number) =>
  (await playerDb(uid).prepare("SELECT spins FROM wheel_spin_balances WHERE uid = ?1 AND campaign_id = ?2").bind(uid, campaign).first<number>("spins")) ?? 0;

export const spinLedger = async (uid: number) =>
  (await playerDb(uid).prepare("SELECT * FROM wheel_spin_ledger WHERE uid = ?1 ORDER BY id").bind(uid).all<Record<string, any>>()).results;

/** Σ spin ledger = balance, for every campaign the player has rows or a balance in. */
export async function checkSpinLedger(uid: number): Promise<void> {
  const sums = new Map<number, number>();
  for (const r of await spinLedger(uid)) sums.set(r.campaign_id, (sums.get(r.campaign_id) ?? 0) + r.delta);
  const { results } = await playerDb(uid)
    .prepare("SELECT campaign_id, spins FROM wheel_spin_balances WHERE uid = ?1")
    .bind(uid)
    .all<{ campaign_id: number; spins: number }>();
  const balances = new Map(results.map((r) => [r.campaign_id, r.spins]));
  for (const c of new Set([...sums.keys(), ...balances.keys()])) expect([c, balances.get(c) ?? 0]).toEqual([c, sums.get(c) ?? 0]);
}

/** Gives the player spins on a campaign through a ledger row (Σ ledger = balance holds). */
export async function grantSpins(uid: number, campaign: number, spins: number): Promise<void> {
  const now = Date.now();
  const batch = crypto.randomUUID();
  const db = playerDb(uid);
  await db.batch([
    db
      .prepare(`INSERT INTO wheel_spin_ledger (uid, campaign_id, key, reason, delta, created_at, batch_id) VALUES (?1, ?2, ?3, 'quest', ?4, ?5, ?6)`)
      .bind(uid, campaign, `test-grant:${batch}`, spins, now, batch),
    db
      .prepare(
        `INSERT INTO wheel_spin_balances (uid, campaign_id, spins, updated_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (uid, campaign_id) DO UPDATE SET spins = spins + excluded.spins`,
      )
      .bind(uid, campaign, spins, now),
  ]);
}

export const fairness = (p: Player) => data(p.browser.get("FortuneWheels/fairnessGet"));

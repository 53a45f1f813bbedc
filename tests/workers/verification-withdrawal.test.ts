import { playerDb } from "./player-db";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import type { Player } from "./auth-helpers";
import { readyToWithdraw, mainBalance, newKey } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { connect, tokenFor } from "./realtime-helpers";
import { accessToken, applicantOf, jpeg, openPage, pdf, postStep, review, stepOk, verifiablePlayer } from "./verification-helpers";

/** A KYC-blocked player withdraws nothing until the provider's review, by its webhook, verifies them. */

const CARD = JSON.stringify({ card_number: "4111 1111 1111 1111", card_holder: "Ann Lee" });

async function blockedPlayer(): Promise<Player> {
  const p = await verifiablePlayer();
  await readyToWithdraw(p.uid);
  await env.DB.prepare("UPDATE users SET is_kyc_block_enabled = 1 WHERE uid = ?1").bind(p.uid).run();
  await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-money-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: 20000 }] });
  return p;
}

const withdraw = (p: Player, amount = 5000) =>
  p.browser.post("cashier/makewithdrawal", { method: "demo_card", amount, requisites: CARD, idempotency_key: newKey() });

describe("withdrawals of a KYC-blocked account", () => {
  it("are refused until verified through the provider end to end, then allowed", async () => {
    const p = await blockedPlayer();
    const info = await data(p.browser.get("account/getInfo"));
    expect([info.is_kyc_block_enabled, info.is_verified, info.is_on_verification]).toEqual([true, false, false]);
    const first = await failure(withdraw(p), 422, "SumsubVerificationRequiredException");
    expect(first.message).toBe("Verify your identity to withdraw");
    expect(first.params).toEqual({ reason: "verification_required", can_verify: true });

    // The hosted page, as the site's frame shows it: token → document → sides → selfie → submit.
    const t = await accessToken(p, { externalActionId: "withdrawal" });
    expect((await openPage(t.url)).status).toBe(200);
    await stepOk(postStep(t.url, "document_type", { document_type: "id_card" }));
    await stepOk(postStep(t.url, "documents", { front: jpeg(), back: pdf() }));
    await stepOk(postStep(t.url, "selfie", { selfie: jpeg() }));
    await stepOk(postStep(t.url, "submit"));
    expect(await data(p.browser.post("account/setUserOnVerification"))).toBe(1);

    const pending = await failure(withdraw(p), 422, "KycWithdrawalException");
    expect(pending.params).toEqual({ reason: "verification_pending" });
    expect((await data(p.browser.get("account/getInfo"))).is_on_verification).toBe(true);

    // The operator approves; the signed webhook reaches the platform and the player's channel.
    const socket = await connect(await tokenFor(p.uid));
    expect((await review((await applicantOf(p.uid))!.id, "approve")).status).toBe(303);
    const event = await socket.next();
    expect(event).toMatchObject({ event: "account.verification_updated", data: { status: "approved" } });
    socket.ws.close(1000);

    const after = await data(p.browser.get("account/getInfo"));
    expect([after.is_verified, after.is_on_verification]).toEqual([true, false]);
    const tx = await data(withdraw(p));
    expect(tx).toMatchObject({ type: "withdrawal", status: "pending" });
    expect(await mainBalance(p)).toBe(15000);
  });

  it("leave players without the block alone, and keep the threshold rule for them", async () => {
    const p = await verifiablePlayer();
    await readyToWithdraw(p.uid);
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-money-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: 500000 }] });
    expect((await data(withdraw(p))).status).toBe("pending");
    expect((await failure(withdraw(p, 250000), 422, "KycWithdrawalException")).params).toMatchObject({ threshold: 200000 });
  });

  it("after a final rejection say that only support can help", async () => {
    const p = await blockedPlayer();
    await env.DB.prepare("UPDATE users SET is_verification_blocked = 1 WHERE uid = ?1").bind(p.uid).run();
    const e = await failure(withdraw(p), 422, "SumsubVerificationRequiredException");
    expect(e.params).toEqual({ reason: "verification_required", can_verify: false });
    expect(e.message).toMatch(/contact support/);
  });
});

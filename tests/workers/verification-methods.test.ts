import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { data, failure, get, post } from "./helpers";
import { accessToken, applicantOf, flagsOf, review, submitDocuments, verifiablePlayer } from "./verification-helpers";

/** account.setUserOnVerification and sumsub.*: good and bad calls, and the refusals each names. */

const setFlags = (uid: number, sql: string) => env.DB.prepare(`UPDATE users SET ${sql} WHERE uid = ?1`).bind(uid).run();

describe("sumsub.createApplicant", () => {
  it("starts one attempt and answers the same open one again", async () => {
    const p = await verifiablePlayer();
    const a = await data(p.browser.post("sumsub/createApplicant"));
    expect(a).toMatchObject({ applicant_id: expect.stringMatching(/^[0-9a-f]{32}$/), status: "init", document_type: null, review_comment: null });
    const [b, c] = await Promise.all([data(p.browser.post("sumsub/createApplicant")), data(p.browser.post("sumsub/createApplicant"))]);
    expect(b.applicant_id).toBe(a.applicant_id);
    expect(c.applicant_id).toBe(a.applicant_id);
  });

  it("after a 'may retry' rejection starts a new attempt; after a final one refuses (403)", async () => {
    const p = await verifiablePlayer();
    await submitDocuments(p);
    const first = (await applicantOf(p.uid))!;
    expect((await review(first.id, "retry", "The photo is blurred")).status).toBe(303);
    const second = await data(p.browser.post("sumsub/createApplicant"));
    expect(second.applicant_id).not.toBe(first.id);
    expect(second.status).toBe("init");

    const q = await verifiablePlayer();
    await submitDocuments(q);
    expect((await review((await applicantOf(q.uid))!.id, "final", "Forged document")).status).toBe(303);
    const e = await failure(q.browser.post("sumsub/createApplicant"), 403, "AccessDeniedException");
    expect(e.params).toEqual({ status: "rejected_final" });
    await failure(q.browser.post("sumsub/getAccessToken"), 403, "AccessDeniedException");
  });

  it("needs the name and date of birth first: KycUserProfile names the missing ones, and nothing starts", async () => {
    const p = await registerPlayer({ first_name: "Ann" });
    const e = await failure(p.browser.post("sumsub/createApplicant"), 422, "KycUserProfileException");
    expect(e.params).toEqual({ fields: ["last_name", "birth_date"] });
    expect((await failure(p.browser.post("sumsub/getAccessToken"), 422, "KycUserProfileException")).params).toEqual({ fields: ["last_name", "birth_date"] });
    expect(await applicantOf(p.uid)).toBeNull();
    expect(await data(p.browser.post("account/saveProfileInfo", { last_name: "Lee", birth_date: "1990-01-02" }))).toBe(1);
    expect((await data(p.browser.post("sumsub/createApplicant"))).status).toBe("init");
  });

  it("refuses a verified player (409), a visitor (401) and GET (405)", async () => {
    const p = await verifiablePlayer();
    await setFlags(p.uid, "is_verified = 1");
    expect((await failure(p.browser.post("sumsub/createApplicant"), 409, "InvalidRequestException")).message).toMatch(/already verified/);
    await failure(post("sumsub/createApplicant"), 401, "AuthorizationException");
    await failure(p.browser.get("sumsub/createApplicant"), 405, "InvalidRequestException");
  });
});

describe("sumsub.getAccessToken", () => {
  it("answers a random 10-minute token for the hosted page and keeps only its hash", async () => {
    const p = await verifiablePlayer();
    const before = Math.floor(Date.now() / 1000);
    const t = await accessToken(p, { externalActionId: "withdraw.kyc:1" });
    expect(t.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(t.url).toBe(`/platform/demo/verification?token=${t.token}`);
    expect(t.expires_at).toBeGreaterThanOrEqual(before + 600);
    expect(t.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
    const rows = (
      await env.DB.prepare("SELECT * FROM demo_verification_tokens WHERE applicant_id = ?1")
        .bind((await applicantOf(p.uid))!.id)
        .all()
    ).results;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ external_action_id: "withdraw.kyc:1", token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(rows)).not.toContain(t.token);
    expect((await accessToken(p)).token).not.toBe(t.token);
  });

  it("refuses a bad externalActionId with 400 on that field, a visitor with 401, GET with 405", async () => {
    const p = await verifiablePlayer();
    for (const bad of ["x".repeat(65), "has space", "semi;colon", ""]) {
      const e = await failure(p.browser.post("sumsub/getAccessToken", { externalActionId: bad }), 400, "InvalidParameterException");
      expect(e.invalid_parameters).toHaveProperty("externalActionId");
    }
    await failure(post("sumsub/getAccessToken"), 401, "AuthorizationException");
    await failure(p.browser.get("sumsub/getAccessToken"), 405, "InvalidRequestException");
  });
});

describe("account.setUserOnVerification", () => {
  it("answers 1 once the documents are submitted, and getInfo shows the player on verification", async () => {
    const p = await verifiablePlayer();
    await submitDocuments(p);
    await setFlags(p.uid, "is_on_verification = 0");
    expect(await data(p.browser.post("account/setUserOnVerification"))).toBe(1);
    expect(await data(p.browser.post("account/setUserOnVerification"))).toBe(1);
    const info = await data(p.browser.get("account/getInfo"));
    expect([info.is_on_verification, info.is_verified]).toEqual([true, false]);
  });

  it("refuses when nothing was submitted (409), once verified (409), after a final rejection (403)", async () => {
    const p = await verifiablePlayer();
    expect((await failure(p.browser.post("account/setUserOnVerification"), 409, "InvalidRequestException")).params).toEqual({ status: null });
    await accessToken(p);
    expect((await failure(p.browser.post("account/setUserOnVerification"), 409, "InvalidRequestException")).params).toEqual({ status: "init" });
    expect((await flagsOf(p.uid))!.is_on_verification).toBe(0);
    await setFlags(p.uid, "is_verified = 1");
    await failure(p.browser.post("account/setUserOnVerification"), 409, "InvalidRequestException");
    await setFlags(p.uid, "is_verified = 0, is_verification_blocked = 1");
    await failure(p.browser.post("account/setUserOnVerification"), 403, "AccessDeniedException");
  });

  it("refuses a visitor (401) and GET (405), also with garbage parameters", async () => {
    await failure(post("account/setUserOnVerification", { junk: "1" }), 401, "AuthorizationException");
    await failure(get("account/setUserOnVerification"), 405, "InvalidRequestException");
  });
});

describe("sumsub.getApplicant", () => {
  it("answers null before any attempt, then the newest one with its status and the reviewer's comment; starts nothing", async () => {
    const p = await verifiablePlayer();
    expect(await data(p.browser.get("sumsub/getApplicant"))).toBeNull();
    expect(await applicantOf(p.uid)).toBeNull();
    await submitDocuments(p);
    const pending = await data(p.browser.get("sumsub/getApplicant"));
    expect(pending).toMatchObject({ applicant_id: expect.stringMatching(/^[0-9a-f]{32}$/), status: "pending", document_type: "id_card", review_comment: null });
    expect((await review(pending.applicant_id, "final", "Not a real document")).status).toBe(303);
    // A finally rejected player still reads why (the other methods refuse them).
    expect(await data(p.browser.get("sumsub/getApplicant"))).toMatchObject({ status: "rejected_final", review_comment: "Not a real document" });
  });

  it("refuses a visitor (401) and POST (405)", async () => {
    await failure(get("sumsub/getApplicant"), 401, "AuthorizationException");
    await failure(post("sumsub/getApplicant"), 405, "InvalidRequestException");
  });
});

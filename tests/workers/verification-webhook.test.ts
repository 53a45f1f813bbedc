import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliverVerificationWebhooks, RETRY_DELAYS_MS } from "../../workers/platform/demo/verification-outbox";
import { decide } from "../../workers/platform/demo/verification-review";
import { verificationReviewRoutes } from "../../workers/platform/demo/verification-review-routes";
import { handleVerificationWebhook } from "../../workers/platform/verification/webhook";
import { payloadDigest, signedHeaders } from "../../workers/platform/verification/webhook-signature";
import type { Player } from "./auth-helpers";
import { data, ORIGIN, send } from "./helpers";
import { applicantOf, flagsOf, outboxOf, REVIEW, review, submitDocuments, verifiablePlayer } from "./verification-helpers";

/** The review console's decisions, the platform's webhook (signed, fresh, once) and the outbox's retries. */

const WEBHOOK = `${ORIGIN}/platform/verification/webhook`;

async function pendingPlayer(): Promise<{ p: Player; applicantId: string }> {
  const p = await verifiablePlayer();
  await submitDocuments(p);
  return { p, applicantId: (await applicantOf(p.uid))!.id };
}

const info = async (p: Player) => {
  const i = await data(p.browser.get("account/getInfo"));
  return { on: i.is_on_verification, verified: i.is_verified };
};

function body(p: Player, applicantId: string, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    event_id: crypto.randomUUID().replace(/-/g, ""),
    type: "applicantReviewed",
    applicant_id: applicantId,
    external_user_id: p.uid,
    review_answer: "GREEN",
    review_reject_type: null,
    comment: "",
    created_at: Date.now(),
    ...fields,
  });
}

const postWebhook = async (raw: string, headers?: Record<string, string>) =>
  send(WEBHOOK, { method: "POST", body: raw, headers: headers ?? (await signedHeaders(env.SIGNING_SECRET, raw)) });

describe("review console", () => {
  it("lists pending applicants with their uploads, whose links show the bytes as uploaded", async () => {
    const { p, applicantId } = await pendingPlayer();
    const page = await send(REVIEW);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`data-applicant="${applicantId}"`);
    expect(html).toContain(p.login);
    expect(html).toContain("ID card");
    for (const label of ["Approve", "Reject (may retry)", "Reject (final)"]) expect(html).toContain(label);
    const links = [...html.matchAll(/href="(\/platform\/demo\/verification\/review\/documents\/[0-9a-f]{32})"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThanOrEqual(3);
    const file = await send(`${ORIGIN}${links[0]}`);
    expect(file.status).toBe(200);
    expect(["image/jpeg", "application/pdf"]).toContain(file.headers.get("content-type"));
    expect((await file.arrayBuffer()).byteLength).toBe(2048);
    expect((await send(`${ORIGIN}/platform/demo/verification/review/documents/${"0".repeat(32)}`)).status).toBe(404);
  });

  it("Approve: the applicant is approved, the webhook delivered once, the player verified", async () => {
    const { p, applicantId } = await pendingPlayer();
    expect(await info(p)).toEqual({ on: true, verified: false });
    const res = await review(applicantId, "approve");
    expect(res.status).toBe(303);
    expect((await applicantOf(p.uid))!.status).toBe("approved");
    const [row] = await outboxOf(applicantId);
    expect(row).toMatchObject({ attempts: 1, delivered_at: expect.any(Number), last_error: null });
    expect(JSON.parse(row!.payload)).toMatchObject({
      type: "applicantReviewed",
      applicant_id: applicantId,
      external_user_id: p.uid,
      review_answer: "GREEN",
      review_reject_type: null,
    });
    expect(await info(p)).toEqual({ on: false, verified: true });
    // Decided once: a second decision is refused and writes no second webhook.
    expect((await review(applicantId, "final", "late")).status).toBe(409);
    expect(await outboxOf(applicantId)).toHaveLength(1);
    expect(await send(REVIEW).then((r) => r.text())).not.toContain(`data-applicant="${applicantId}"`);
  });

  it("Approve with the document's country: it becomes the account's, whose market holds the player, and the profile keeps it", async () => {
    const { p, applicantId } = await pendingPlayer();
    expect((await data(p.browser.get("account/getInfo"))).jurisdiction).toBe("international");
    // The console offers the account's country; the reviewer read another on the document.
    expect(await send(REVIEW).then((r) => r.text())).toMatch(/name="country" value="US"/);
    expect((await review(applicantId, "approve", "", { country: "se" })).status).toBe(303);
    expect(JSON.parse((await outboxOf(applicantId))[0]!.payload).country).toBe("SE");
    const after = await data(p.browser.get("account/getInfo"));
    expect([after.country_code, after.jurisdiction, after.is_verified]).toEqual(["SE", "se", true]);
    // Confirmed: the profile cannot move it to another market any more.
    const refused = await p.browser.post("account/saveProfileInfo", { country_code: "US" });
    expect(refused.status).toBe(400);
    expect((await data(p.browser.get("account/getInfo"))).country_code).toBe("SE");
  });

  it("refuses a document country that is not a two-letter code, and a malformed one in the webhook", async () => {
    const { p, applicantId } = await pendingPlayer();
    expect((await review(applicantId, "approve", "", { country: "Sweden" })).status).toBe(400);
    expect((await applicantOf(p.uid))!.status).toBe("pending");
    const raw = body(p, applicantId, { country: "se" });
    const res = await handleVerificationWebhook(new Request(WEBHOOK, { method: "POST", body: raw, headers: await signedHeaders(env.SIGNING_SECRET, raw) }), {
      env,
      waitUntil: () => {},
    });
    expect(res.status).toBe(400);
    expect(await info(p)).toEqual({ on: true, verified: false });
  });

  it("Reject (may retry): off verification, not verified, a new attempt allowed", async () => {
    const { p, applicantId } = await pendingPlayer();
    expect((await review(applicantId, "retry", "The photo is blurred")).status).toBe(303);
    expect(await applicantOf(p.uid)).toMatchObject({ status: "rejected_retry", review_comment: "The photo is blurred" });
    expect(await info(p)).toEqual({ on: false, verified: false });
    expect((await flagsOf(p.uid))!.is_verification_blocked).toBe(0);
    expect((await data(p.browser.post("sumsub/createApplicant"))).status).toBe("init");
  });

  it("Reject (final): off verification, not verified, further attempts refused", async () => {
    const { p, applicantId } = await pendingPlayer();
    expect((await review(applicantId, "final", "Forged document")).status).toBe(303);
    expect(await info(p)).toEqual({ on: false, verified: false });
    expect((await flagsOf(p.uid))!.is_verification_blocked).toBe(1);
    expect((await p.browser.post("sumsub/getAccessToken")).status).toBe(403);
  });

  it("does not exist in production, nor its document links", async () => {
    const { p, applicantId } = await pendingPlayer();
    const production = { ...env, APP_ENV: "production" } as Env;
    const doc = await env.DB.prepare("SELECT id FROM demo_verification_documents WHERE applicant_id = ?1 LIMIT 1").bind(applicantId).first<{ id: string }>();
    for (const path of ["/platform/demo/verification/review", `/platform/demo/verification/review/documents/${doc!.id}`]) {
      const res = await verificationReviewRoutes.fetch(new Request(`${ORIGIN}${path}`), production);
      expect(res.status).toBe(404);
    }
    const post = new Request(REVIEW, { method: "POST", body: new URLSearchParams({ applicant_id: applicantId, decision: "approve" }) });
    expect((await verificationReviewRoutes.fetch(post, production)).status).toBe(404);
    expect((await applicantOf(p.uid))!.status).toBe("pending");
  });

  it("refuses a rejection without a comment, an unknown decision or applicant", async () => {
    const { applicantId } = await pendingPlayer();
    expect((await review(applicantId, "retry")).status).toBe(400);
    expect((await review(applicantId, "maybe")).status).toBe(400);
    expect((await review("f".repeat(32), "approve")).status).toBe(404);
    expect((await review("nope", "approve")).status).toBe(400);
    expect(await outboxOf(applicantId)).toEqual([]);
  });
});

describe("the console's KYC switch", () => {
  const setBlock = (fields: Record<string, string>) =>
    send(`${REVIEW}/kyc-block`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual", headers: { origin: ORIGIN } });

  it("turns a player's KYC block on by login or email and off again; bad input is a 4xx and changes nothing", async () => {
    const p = await verifiablePlayer();
    expect((await setBlock({ login: p.login })).status).toBe(303);
    expect((await flagsOf(p.uid))!.is_kyc_block_enabled).toBe(1);
    expect((await setBlock({ login: p.email.toUpperCase(), enabled: "0" })).status).toBe(303);
    expect((await flagsOf(p.uid))!.is_kyc_block_enabled).toBe(0);
    expect((await setBlock({ login: "" })).status).toBe(400);
    expect((await setBlock({ login: p.login, enabled: "yes" })).status).toBe(400);
    expect((await setBlock({ login: "nobody-here@example.com" })).status).toBe(404);
    expect((await flagsOf(p.uid))!.is_kyc_block_enabled).toBe(0);
    // Not in production: a real operator's back office sets it there.
    const production = { ...env, APP_ENV: "production" } as Env;
    const post = new Request(`${REVIEW}/kyc-block`, { method: "POST", body: new URLSearchParams({ login: p.login }) });
    expect((await verificationReviewRoutes.fetch(post, production)).status).toBe(404);
    expect((await flagsOf(p.uid))!.is_kyc_block_enabled).toBe(0);
  });
});

describe("POST /platform/verification/webhook", () => {
  it("refuses a missing or wrong signature with 401 and changes nothing", async () => {
    const { p, applicantId } = await pendingPlayer();
    const raw = body(p, applicantId);
    const good = await signedHeaders(env.SIGNING_SECRET, raw);
    expect((await postWebhook(raw, { "content-type": "application/json" })).status).toBe(401);
    expect((await postWebhook(raw, { ...good, "x-payload-digest": "0".repeat(64) })).status).toBe(401);
    expect((await postWebhook(raw, { ...good, "x-payload-digest-alg": "HMAC_SHA1_HEX" })).status).toBe(401);
    expect((await postWebhook(raw, { ...good, "x-payload-digest": await payloadDigest("another-secret-another-secret-12345", raw) })).status).toBe(401);
    // The original signature over a tampered body.
    expect((await postWebhook(raw.replace('"GREEN"', '"RED"'), good)).status).toBe(401);
    expect(await info(p)).toEqual({ on: true, verified: false });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM verification_webhook_events WHERE uid = ?1").bind(p.uid).first("n")).toBe(0);
  });

  it("applies an event once: the same event again is 409", async () => {
    const { p, applicantId } = await pendingPlayer();
    const raw = body(p, applicantId, { review_answer: "RED", review_reject_type: "RETRY", comment: "blurred" });
    expect((await postWebhook(raw)).status).toBe(200);
    expect(await info(p)).toEqual({ on: false, verified: false });
    await env.DB.prepare("UPDATE users SET is_on_verification = 1 WHERE uid = ?1").bind(p.uid).run();
    const again = await postWebhook(raw);
    expect(again.status).toBe(409);
    expect(await info(p)).toEqual({ on: true, verified: false });
  });

  it("a late decision about an older attempt is recorded but changes nothing; the latest attempt's decision applies", async () => {
    const { p, applicantId: first } = await pendingPlayer();
    expect((await review(first, "retry", "The photo is blurred")).status).toBe(303);
    expect(await info(p)).toEqual({ on: false, verified: false });
    // The player tries again and submits: under review.
    await submitDocuments(p);
    const second = (await applicantOf(p.uid))!.id;
    expect(second).not.toBe(first);
    expect(await info(p)).toEqual({ on: true, verified: false });
    // A delivery about the first attempt arrives late (another event of the provider's).
    const late = await postWebhook(body(p, first, { review_answer: "RED", review_reject_type: "RETRY", comment: "blurred" }));
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ ok: true, applied: false, reason: "not the player's latest attempt" });
    expect(await info(p)).toEqual({ on: true, verified: false });
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM verification_webhook_events WHERE uid = ?1 AND applicant_id = ?2").bind(p.uid, first).first("n"),
    ).toBe(2);
    // Even a late final rejection of the old attempt does not block the player.
    expect((await postWebhook(body(p, first, { review_answer: "RED", review_reject_type: "FINAL", comment: "late" }))).status).toBe(200);
    expect((await flagsOf(p.uid))!.is_verification_blocked).toBe(0);
    expect((await review(second, "approve")).status).toBe(303);
    expect(await info(p)).toEqual({ on: false, verified: true });
  });

  it("refuses stale, future, malformed, oversized and unknown-player webhooks, and other verbs", async () => {
    const { p, applicantId } = await pendingPlayer();
    expect((await postWebhook(body(p, applicantId, { created_at: Date.now() - 25 * 3600_000 }))).status).toBe(400);
    expect((await postWebhook(body(p, applicantId, { created_at: Date.now() + 3600_000 }))).status).toBe(400);
    expect((await postWebhook("not json")).status).toBe(400);
    expect((await postWebhook(body(p, applicantId, { review_answer: "RED" }))).status).toBe(400);
    expect((await postWebhook(body(p, applicantId, { type: "applicantCreated" }))).status).toBe(400);
    expect((await postWebhook(body(p, applicantId, { comment: "x".repeat(17 * 1024) }))).status).toBe(413);
    expect((await postWebhook(body(p, applicantId, { external_user_id: 987654321 }))).status).toBe(404);
    expect((await send(WEBHOOK)).status).toBe(405);
    expect(await info(p)).toEqual({ on: true, verified: false });
  });
});

describe("deliverVerificationWebhooks", () => {
  it("retries a failed delivery when it is due and delivers it exactly once", async () => {
    const { p, applicantId } = await pendingPlayer();
    const t0 = Date.now();
    expect(await decide(env.DB, { id: applicantId, uid: p.uid }, "approve", "", t0)).toBe(true);

    let sent = 0;
    const platformDown = async () => {
      sent++;
      return new Response("unavailable", { status: 503 });
    };
    expect(await deliverVerificationWebhooks(env, t0, { send: platformDown })).toEqual({ delivered: 0, failed: 1 });
    expect((await outboxOf(applicantId))[0]).toMatchObject({
      attempts: 1,
      delivered_at: null,
      next_attempt_at: t0 + RETRY_DELAYS_MS[0]!,
      last_error: expect.stringContaining("503"),
    });
    expect(await info(p)).toEqual({ on: true, verified: false });

    // Not due yet: nothing is sent.
    expect(await deliverVerificationWebhooks(env, t0 + 30_000, { send: platformDown })).toEqual({ delivered: 0, failed: 0 });
    expect(sent).toBe(1);

    // Due: the platform's real handler (counted) gets it, and it is applied.
    const received: string[] = [];
    const platform = async (req: Request) => {
      received.push(await req.clone().text());
      return handleVerificationWebhook(req, { env, waitUntil: () => {}, now: t0 + RETRY_DELAYS_MS[0]! });
    };
    expect(await deliverVerificationWebhooks(env, t0 + RETRY_DELAYS_MS[0]!, { send: platform })).toEqual({ delivered: 1, failed: 0 });
    expect(await info(p)).toEqual({ on: false, verified: true });
    expect((await outboxOf(applicantId))[0]).toMatchObject({ attempts: 2, delivered_at: t0 + RETRY_DELAYS_MS[0]!, last_error: null });

    // Runs later, even concurrent ones, send nothing again.
    const later = t0 + 24 * 3600_000;
    await Promise.all([deliverVerificationWebhooks(env, later, { send: platform }), deliverVerificationWebhooks(env, later, { send: platform })]);
    expect(received).toHaveLength(1);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM verification_webhook_events WHERE applicant_id = ?1").bind(applicantId).first("n")).toBe(1);
  });

  it("backs off 1, 5, 30 min, 2 h, 6 h and gives up after 6 attempts", async () => {
    const { p, applicantId } = await pendingPlayer();
    let now = Date.now();
    await decide(env.DB, { id: applicantId, uid: p.uid }, "retry", "blurred", now);
    let sent = 0;
    const down = async () => {
      sent++;
      throw new Error("connection refused");
    };
    for (const delay of [...RETRY_DELAYS_MS, 0]) {
      await deliverVerificationWebhooks(env, now, { send: down });
      const row = (await outboxOf(applicantId))[0]!;
      expect(row.next_attempt_at - now).toBe(delay);
      now += delay;
    }
    expect(sent).toBe(6);
    expect((await outboxOf(applicantId))[0]).toMatchObject({ attempts: 6, delivered_at: null, last_error: "connection refused" });
    await deliverVerificationWebhooks(env, now + 7 * 24 * 3600_000, { send: down });
    expect(sent).toBe(6);
  });
});

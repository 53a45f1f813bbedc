import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { reviewedStatus, ReviewWebhook } from "./webhook-payload";
import { DIGEST_ALG, digestValid, payloadDigest, signedHeaders } from "./webhook-signature";

const SECRET = "unit-test-secret-unit-test-secret-123";
const BODY = '{"event_id":"x"}';

describe("webhook signature", () => {
  it("is hex HMAC-SHA256 of the raw body under HMAC(secret, purpose)", async () => {
    const key = createHmac("sha256", SECRET).update("verification-webhook-key").digest();
    expect(await payloadDigest(SECRET, BODY)).toBe(createHmac("sha256", key).update(BODY).digest("hex"));
  });

  it("is valid only with the algorithm header, the right digest and the same body", async () => {
    const headers = await signedHeaders(SECRET, BODY);
    expect(headers["x-payload-digest-alg"]).toBe(DIGEST_ALG);
    expect(await digestValid(SECRET, new Headers(headers), BODY)).toBe(true);
    expect(await digestValid(SECRET, new Headers({ ...headers, "x-payload-digest": headers["x-payload-digest"]!.toUpperCase() }), BODY)).toBe(true);
    expect(await digestValid(SECRET, new Headers(headers), `${BODY} `)).toBe(false);
    expect(await digestValid("another-secret-another-secret-12345", new Headers(headers), BODY)).toBe(false);
    expect(await digestValid(SECRET, new Headers({ ...headers, "x-payload-digest-alg": "HMAC_SHA512_HEX" }), BODY)).toBe(false);
    expect(await digestValid(SECRET, new Headers({ "x-payload-digest": headers["x-payload-digest"]! }), BODY)).toBe(false);
    expect(await digestValid(SECRET, new Headers({ ...headers, "x-payload-digest": "abc" }), BODY)).toBe(false);
  });
});

describe("ReviewWebhook", () => {
  const base = {
    event_id: "a".repeat(32),
    type: "applicantReviewed",
    applicant_id: "b".repeat(32),
    external_user_id: 7,
    review_answer: "GREEN",
    review_reject_type: null,
    comment: "",
    created_at: 1,
  };

  it("sets a reject type exactly for RED, and names the status each answer stands for", () => {
    expect(ReviewWebhook.safeParse(base).success).toBe(true);
    expect(ReviewWebhook.safeParse({ ...base, review_reject_type: "RETRY" }).success).toBe(false);
    expect(ReviewWebhook.safeParse({ ...base, review_answer: "RED" }).success).toBe(false);
    expect(ReviewWebhook.safeParse({ ...base, extra: 1 }).success).toBe(false);
    expect(reviewedStatus({ review_answer: "GREEN", review_reject_type: null })).toBe("approved");
    expect(reviewedStatus({ review_answer: "RED", review_reject_type: "RETRY" })).toBe("rejected_retry");
    expect(reviewedStatus({ review_answer: "RED", review_reject_type: "FINAL" })).toBe("rejected_final");
  });
});

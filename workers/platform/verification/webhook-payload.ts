import { z } from "zod";

/**
 * The body of the verification provider's `applicantReviewed` webhook (decision 0037). The provider
 * builds it (demo/verification-review.ts), the platform reads it (webhook.ts): one declaration.
 */
export const ReviewWebhook = z
  .strictObject({
    event_id: z.string().regex(/^[0-9a-f]{32}$/, "event_id must be 32 hex digits"),
    type: z.literal("applicantReviewed"),
    applicant_id: z.string().regex(/^[0-9a-f]{32}$/, "applicant_id must be 32 hex digits"),
    /** The player's uid at the platform. */
    external_user_id: z.number().int().positive(),
    review_answer: z.enum(["GREEN", "RED"]),
    review_reject_type: z.enum(["RETRY", "FINAL"]).nullable(),
    comment: z.string().max(1000),
    /**
     * The country of the document the review approved (ISO 3166-1 alpha-2), where the provider
     * read one: it becomes the account's country, and so the market whose rules hold the player
     * (decision 0096). Absent or null: the account's country stands.
     */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, "country must be an ISO 3166-1 alpha-2 code")
      .nullable()
      .optional(),
    /** Unix milliseconds when the decision was made. */
    created_at: z.number().int().nonnegative(),
  })
  .refine((v) => (v.review_answer === "RED") === (v.review_reject_type !== null), {
    message: "review_reject_type is set exactly for RED",
    path: ["review_reject_type"],
  });
export type ReviewWebhook = z.infer<typeof ReviewWebhook>;

/** The applicant status a review answer stands for (what the player's realtime event says). */
export function reviewedStatus(w: Pick<ReviewWebhook, "review_answer" | "review_reject_type">): "approved" | "rejected_retry" | "rejected_final" {
  if (w.review_answer === "GREEN") return "approved";
  return w.review_reject_type === "FINAL" ? "rejected_final" : "rejected_retry";
}

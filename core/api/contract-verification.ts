import { z } from "zod";
import { method, type Refusal } from "./define";

/**
 * Identity verification methods of the /api contract (SPEC §7 account.setUserOnVerification and
 * sumsub.*; issue 17, decision 0037). The player goes through the verification provider's hosted
 * page (`url` of getAccessToken); the provider's decision reaches the platform by a signed webhook,
 * which sets `is_verified` / `is_on_verification` of account.getInfo. Spread into `contract`.
 */

/** The refusals of starting (or reopening) a verification attempt. */
const VERIFICATION_REJECTED: Refusal = [403, "AccessDenied", "the identity verification was finally rejected (params.status)"];
const STARTING_VERIFICATION: Refusal[] = [
  [400, "InvalidRequest", "identity verification is not available on this site"],
  VERIFICATION_REJECTED,
  [409, "InvalidRequest", "the identity is already verified (params.status)"],
  [422, "KycUserProfile", "first name, last name or birth date missing (params.fields)"],
];

export const VerificationStatus = z.enum(["init", "pending", "approved", "rejected_retry", "rejected_final"]);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

export const DocumentType = z.enum(["passport", "id_card", "driving_licence"]);
export type DocumentType = z.infer<typeof DocumentType>;

/** One verification attempt of the player at the provider. */
export const VerificationApplicant = z.strictObject({
  applicant_id: z.string(),
  /** init: documents being collected; pending: submitted, under review; then the review's answer. */
  status: VerificationStatus,
  document_type: DocumentType.nullable(),
  /** The reviewer's words on a rejection; null otherwise. */
  review_comment: z.string().nullable(),
  /** Unix milliseconds. */
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type VerificationApplicant = z.infer<typeof VerificationApplicant>;

export const VerificationAccessToken = z.strictObject({
  token: z.string(),
  /** Unix seconds, as account.getToken's. */
  expires_at: z.number().int(),
  /** The site path of the provider's hosted page for this token, to open or embed in a frame. */
  url: z.string(),
});
export type VerificationAccessToken = z.infer<typeof VerificationAccessToken>;

const REFUSALS =
  "Refusals: 409 InvalidRequestException when the identity is already verified; 403 AccessDeniedException after a final rejection; " +
  "422 KycUserProfileException when the first name, last name or date of birth is missing (params.fields names them).";

export const verificationMethods = {
  "account.setUserOnVerification": method({
    group: "account",
    name: "setUserOnVerification",
    verb: "POST",
    access: "player",
    refuses: [VERIFICATION_REJECTED, [409, "InvalidRequest", "already verified, or no documents submitted yet (params.status)"]],
    summary:
      "Mark the player as being verified once their documents are submitted at the provider (is_on_verification). Returns 1. " +
      "Refusals: 409 InvalidRequestException when nothing was submitted (params.status: the attempt's status, or null) " +
      "or the identity is already verified; 403 AccessDeniedException after a final rejection.",
    params: z.object({}),
    result: z.literal(1),
  }),
  "sumsub.getApplicant": method({
    group: "sumsub",
    name: "getApplicant",
    verb: "GET",
    access: "player",
    summary:
      "The player's newest verification attempt (its status and the reviewer's comment on a rejection), or null when " +
      "they never started one. A read: it starts nothing (the profile's verification page shows it).",
    params: z.object({}),
    result: VerificationApplicant.nullable(),
  }),
  "sumsub.createApplicant": method({
    group: "sumsub",
    name: "createApplicant",
    verb: "POST",
    access: "player",
    refuses: STARTING_VERIFICATION,
    summary:
      "The player's open verification attempt (collecting documents or under review), or a new one; after a " +
      `'may retry' rejection a new attempt starts. ${REFUSALS}`,
    params: z.object({}),
    result: VerificationApplicant,
  }),
  "sumsub.getAccessToken": method({
    group: "sumsub",
    name: "getAccessToken",
    verb: "POST",
    access: "player",
    refuses: STARTING_VERIFICATION,
    summary:
      "A random token for the provider's hosted verification page, valid 10 minutes, for the open attempt (started " +
      "as createApplicant does); url is the page's path with the token. externalActionId (optional, up to 64 of " +
      `A-Z a-z 0-9 _ . : -) is kept with the token. ${REFUSALS}`,
    params: z.object({
      externalActionId: z
        .string({ error: "externalActionId must be text" })
        .min(1, "externalActionId must not be empty")
        .max(64, "externalActionId must be at most 64 characters")
        .regex(/^[A-Za-z0-9_.:-]+$/, "externalActionId may hold letters, digits, '_', '.', ':' and '-' only")
        .optional(),
    }),
    result: VerificationAccessToken,
  }),
};

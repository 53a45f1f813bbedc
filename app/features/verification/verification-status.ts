import type { VerificationApplicant } from "../../../core/api/contract-verification";

/** What the player's verification page says, from account.getInfo's flags and the newest attempt. */
export type VerificationState = "none" | "collecting" | "review" | "verified" | "rejected_retry" | "rejected_final";

export interface VerificationView {
  state: VerificationState;
  /** The reviewer's words on a rejection. */
  comment: string | null;
  /** Whether "Verify my identity" may start (or continue) an attempt. */
  canStart: boolean;
}

const STARTABLE: ReadonlySet<VerificationState> = new Set(["none", "collecting", "rejected_retry"]);

/**
 * The account's flags win where they are final (verified); the attempt tells the rest. An attempt
 * the provider approved whose webhook has not arrived yet is still "under review" for the site:
 * only the webhook verifies (decision 0037), and withdrawals follow the flags.
 */
export function verificationView(
  account: { is_verified: boolean; is_on_verification: boolean },
  applicant: Pick<VerificationApplicant, "status" | "review_comment"> | null,
): VerificationView {
  const state = stateOf(account, applicant?.status ?? null);
  const comment = state === "rejected_retry" || state === "rejected_final" ? (applicant?.review_comment ?? null) : null;
  return { state, comment, canStart: STARTABLE.has(state) };
}

function stateOf(account: { is_verified: boolean; is_on_verification: boolean }, status: VerificationApplicant["status"] | null): VerificationState {
  if (account.is_verified) return "verified";
  if (status === "rejected_final") return "rejected_final";
  if (account.is_on_verification || status === "pending" || status === "approved") return "review";
  if (status === "rejected_retry") return "rejected_retry";
  return status === "init" ? "collecting" : "none";
}

/**
 * The hosted page's address as the platform gave it: a site path (the embedded platform serves the
 * demo provider) or a provider's https page. Anything else is not framed or linked.
 */
export function hostedPageUrl(url: string): string | null {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return url;
  return /^https:\/\/[^/\s]+\//.test(url) ? url : null;
}

/** The hosted page's message to the page that frames it (workers/platform/demo/verification-page.ts). */
export function isSubmittedMessage(data: unknown): boolean {
  const d = data as { type?: unknown; status?: unknown } | null;
  return !!d && d.type === "playfront:verification" && d.status === "pending";
}

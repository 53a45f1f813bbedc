import type { SubmissionResult } from "@conform-to/react";
import type { SelfAssessment } from "../../../core/api/entities-responsible";

/** What the action answers to a refused form: which form, and Conform's reply with the values kept. */
export interface ResponsibleActionData {
  intent: "limit" | "exclude" | "reality" | "playLimit" | "removeLimit" | "sessionLimit" | "declineLimitPrompt" | "reviewLimits" | "selfAssessment";
  result: SubmissionResult<string[]>;
  /** The self-assessment test's score and band, answered in the page (nothing to redirect to). */
  assessment?: SelfAssessment;
}

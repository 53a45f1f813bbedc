import type { SubmissionResult } from "@conform-to/react";

/** What the action answers to a refused form: which form, and Conform's reply with the values kept. */
export interface ResponsibleActionData {
  intent: "limit" | "exclude" | "reality" | "playLimit" | "removeLimit" | "sessionLimit" | "declineLimitPrompt" | "reviewLimits";
  result: SubmissionResult<string[]>;
}

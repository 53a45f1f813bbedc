import { SESSION_LIMIT_MINUTES } from "../../../core/jurisdiction-rules";

/** The reality-check form's choices, in minutes (0 = off), apart from the schemas so the form's markup carries no Zod. */
export const REALITY_CHECK_CHOICES = ["0", "15", "30", "45", "60", "120"] as const;

/** The session-limit form's choices, in minutes ("none": no limit). */
export const SESSION_LIMIT_CHOICES = ["none", ...SESSION_LIMIT_MINUTES.map(String)] as [string, ...string[]];

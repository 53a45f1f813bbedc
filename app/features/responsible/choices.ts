/** The reality-check form's choices, in minutes (0 = off), apart from the schemas so the form's markup carries no Zod. */
export const REALITY_CHECK_CHOICES = ["0", "15", "30", "45", "60", "120"] as const;

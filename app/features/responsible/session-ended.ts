import type { Toast } from "../../lib/toast";

/**
 * What a player reads when their session limit signed them out (decision 0089): the session clock's
 * sign-out says it with JavaScript, the next page's account (`session_ended`) without.
 */
export const sessionEndedToast = (t: (key: string) => string): Partial<Toast> & { text: string } => ({
  type: "info",
  text: t("responsible.session.ended"),
  time: 10_000,
});

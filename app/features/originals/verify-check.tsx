import { useCallback } from "react";
import { useT } from "../../lib/i18n/use-t";
import { useVerification } from "../fairness/use-verification";
import { type FairRound, verifyRound } from "./verify";

/** The browser's own check of an original's round (loaded with the verify section, in the browser only). */
export default function VerifyCheck({ round, serverSeed }: { round: FairRound; serverSeed: string }) {
  const t = useT();
  const result = useVerification(useCallback(() => verifyRound(round, serverSeed), [round, serverSeed]));
  if (result === null) return <p role="status">{t("profileGames.history.fair.checking")}</p>;
  const ok = result !== "error" && result.matches;
  return (
    <p role="status" className={ok ? "notice" : "notice notice--error"} data-testid="round-verify-result" data-matches={ok ? "true" : "false"}>
      {ok ? t("profileGames.history.fair.matches") : t("profileGames.history.fair.mismatch")}
    </p>
  );
}

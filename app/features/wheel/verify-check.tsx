import { useCallback } from "react";
import type { WheelSpin } from "../../../core/api/contract-wheel";
import { useT } from "../../lib/i18n/use-t";
import { useVerification } from "../fairness/use-verification";
import { verifySpin } from "./verify";

/** The browser's own check of a spin (loaded with the verify view, with fair.ts). */
export default function VerifyCheck({ spin, serverSeed }: { spin: WheelSpin; serverSeed: string }) {
  const t = useT();
  const result = useVerification(useCallback(() => verifySpin(spin, serverSeed), [spin, serverSeed]));
  if (result === null) return <p role="status">{t("wheel.fair.checking")}</p>;
  const ok = result !== "error" && result.matches;
  return (
    <p role="status" className={ok ? "notice wheel__ok" : "notice wheel__bad"} data-testid="wheel-verify-result" data-matches={ok ? "true" : "false"}>
      {ok ? t("wheel.fair.matches") : t("wheel.fair.mismatch")}
      {result !== "error" && !result.hashMatches && ` ${t("wheel.fair.hashMismatch")}`}
    </p>
  );
}

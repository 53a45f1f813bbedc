import { lazy, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { ORIGINAL_ALGORITHMS } from "../../../core/originals";
import { fromHundredths } from "../../../core/originals";
import type { TFunction } from "../../lib/i18n/translate";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import type { FairRound } from "./verify";

// The check and the draw's code load with this section, in the browser only: never on first load.
const VerifyCheck = lazy(() => import("./verify-check"));

/** An original's result in words: dice's roll and the side it was played on, limbo's result and its target, plinko's bin and payout. */
export function originalResult(t: TFunction, r: FairRound): string {
  if (r.game === "plinko")
    return t("profileGames.history.fair.resultPlinko", {
      bin: r.result,
      rows: r.target,
      risk: t(`profileGames.history.fair.risk.${r.risk ?? "medium"}`),
      payout: fromHundredths(r.payout_bp / 100),
    });
  return r.game === "dice"
    ? t("profileGames.history.fair.resultDice", {
        roll: fromHundredths(r.result),
        side: t(`profileGames.history.fair.${r.over ? "over" : "under"}`),
        target: fromHundredths(r.target),
      })
    : t("profileGames.history.fair.resultLimbo", { result: fromHundredths(r.result), target: fromHundredths(r.target) });
}

/**
 * "Verify this round" (decision 0115), under the history's table: the draw's inputs and the published
 * algorithm; with JavaScript the browser recomputes the round from them and says whether it matches
 * (the wheel's verify view, for rounds); without it, the note that the check runs in the browser.
 * Before the seed is revealed it says so, and where to reveal it (the game's page).
 */
export function RoundFairness({ round, game, close }: { round: FairRound; game: string; close: string }) {
  const t = useT();
  const to = useLocalePath();
  const [browser, setBrowser] = useState(false);
  useEffect(() => setBrowser(true), []);
  return (
    <section className="profile-games__fair" aria-labelledby="round-fair" data-testid="round-verify">
      <h2 id="round-fair">{t("profileGames.history.fair.title")}</h2>
      <dl>
        <dt>{t("profileGames.history.fair.result")}</dt>
        <dd>{originalResult(t, round)}</dd>
        <dt>{t("profileGames.history.fair.serverSeed")}</dt>
        <dd className="profile-games__mono" data-testid="round-verify-seed">
          {round.server_seed ?? t("profileGames.history.fair.notRevealed")}
        </dd>
        <dt>{t("profileGames.history.fair.serverHash")}</dt>
        <dd className="profile-games__mono">{round.server_seed_hash}</dd>
        <dt>{t("profileGames.history.fair.clientSeed")}</dt>
        <dd className="profile-games__mono">{round.client_seed}</dd>
        <dt>{t("profileGames.history.fair.nonce")}</dt>
        <dd>{round.nonce}</dd>
        <dt>{t("profileGames.history.fair.algorithm")}</dt>
        <dd className="profile-games__mono">{ORIGINAL_ALGORITHMS[round.game]}</dd>
      </dl>
      {round.server_seed === null ? (
        <p className="notice" data-testid="round-verify-pending">
          {t("profileGames.history.fair.notRevealedText")} <Link to={to(`/game/${game}`)}>{t("profileGames.history.fair.toGame")}</Link>
        </p>
      ) : browser ? (
        <Suspense fallback={<p role="status">{t("profileGames.history.fair.checking")}</p>}>
          <VerifyCheck round={round} serverSeed={round.server_seed} />
        </Suspense>
      ) : (
        <p className="notice" data-testid="round-verify-nojs">
          {t("profileGames.history.fair.inBrowser")}
        </p>
      )}
      <Link to={close} preventScrollReset>
        {t("profileGames.history.fair.close")}
      </Link>
    </section>
  );
}

import { Form, useNavigation } from "react-router";
import { useEffect } from "react";
import type { Tournament } from "../../../core/api/contract-tournaments";
import { useToast } from "../../ui/toasts";
import { useT } from "../../lib/i18n/use-t";
import type { ParticipateActionData } from "./tournaments.server";

/**
 * The reader's place in a tournament and, while they can still join an opt-in one, the
 * Participate form: a plain POST (works without JavaScript) to the page's own action. A refusal
 * shows beside the button (SPEC §8) and, with JavaScript, as a toast too. A tournament's page leaves
 * the place out (`showPlace`): its leaderboard pins the reader's row, kept live.
 */
export function ParticipateBlock(props: { tournament: Tournament; answer: ParticipateActionData; signedIn: boolean; showPlace?: boolean }) {
  const { tournament: tr, answer, signedIn, showPlace = true } = props;
  const t = useT();
  const toast = useToast();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("tournament_id") === String(tr.id);
  const error = answer && answer.tournamentId === tr.id ? answer.error : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer toasts, even one with the same error text as the last
  useEffect(() => {
    if (error) toast({ type: "error", text: error });
  }, [answer, error, toast]);
  const info = tr.user_info;
  const joinable = tr.restrictions.opt_in && tr.status !== "finished" && !info?.participating;
  return (
    <div className="tournament__me" data-testid="tournament-me" data-player={signedIn ? "" : undefined}>
      {showPlace && info?.participating && info.rank !== null && (
        <p className="tournament__place" data-testid="my-place">
          {t("tournaments.yourRank", { rank: info.rank, points: info.points })}
        </p>
      )}
      {showPlace && info?.participating && info.rank === null && tr.status !== "future" && (
        <p className="tournament__place" data-testid="my-place">
          {t("tournaments.noRankYet", { points: info.points })}
        </p>
      )}
      {info?.participating && tr.restrictions.opt_in && <p className="tournament__joined">{t("tournaments.joined")}</p>}
      {!tr.restrictions.opt_in && tr.status !== "finished" && <p className="tournament__joined">{t("tournaments.automatic")}</p>}
      {joinable && (
        <Form method="post" preventScrollReset className="tournament__join">
          <input type="hidden" name="intent" value="participate" />
          <input type="hidden" name="tournament_id" value={tr.id} />
          <button type="submit" className="btn btn--primary" disabled={busy} aria-describedby={error ? `join-error-${tr.id}` : undefined}>
            {t(signedIn ? "tournaments.participate" : "tournaments.signInToJoin")}
          </button>
        </Form>
      )}
      {/* Also where there is no button (a finished or automatic tournament refused a hand-made post). */}
      {error && (
        <p className="tournament__error" id={`join-error-${tr.id}`} data-testid="participate-error">
          {error}
        </p>
      )}
    </div>
  );
}

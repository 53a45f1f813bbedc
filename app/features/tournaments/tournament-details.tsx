import type { Tournament } from "../../../core/api/contract-tournaments";
import { useT } from "../../lib/i18n/use-t";
import { PrizesTable, ScoringRules, WinnersList } from "./tournament-rules";

export { TournamentFacts } from "./tournament-card";

/**
 * What a tournament's page says that never changes while it is open (its facts, below, change
 * with a reload or a revalidation only): the rules in words, how a
 * round scores, the prize table and, once finished, the winners. The page renders it through
 * `ServerHtml` from a lazily imported module (tournament-page.tsx): hydrating the server's HTML
 * needs none of this code, so a visitor's first load does not carry it.
 */
export function TournamentDetails({ tournament: tr }: { tournament: Tournament }) {
  const t = useT();
  return (
    <>
      {tr.description && (
        <section className="tournament__card" aria-labelledby="rules-title">
          <h2 id="rules-title">{t("tournaments.rules")}</h2>
          {tr.description.split(/\n{2,}/).map((para, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text; their order is their identity
            <p key={i}>{para}</p>
          ))}
        </section>
      )}
      <ScoringRules tournament={tr} t={t} />
      {tr.prizes && tr.prizes.length > 0 && <PrizesTable prizes={tr.prizes} t={t} />}
      {tr.status === "finished" && tr.winners && <WinnersList winners={tr.winners} t={t} />}
    </>
  );
}

import type { Tournament, TournamentPrize, TournamentWinner } from "../../../core/api/contract-tournaments";
import { formatMoney } from "../../../core/money";
import { formatWhole } from "../../../core/numbers";
import type { TFunction } from "../../lib/i18n/translate";

/** The hour of day a time falls on, in UTC as the site's dates are ("0:00", "18:00"). */
const formatHour = (ms: number) => `${new Date(ms).getUTCHours()}:00 UTC`;

/** A prize in words: money, a bonus of an amount, or a pack of free spins. */
export function prizeText(p: TournamentPrize, t: TFunction): string {
  if (p.type === "freespins") return t("tournaments.prizes.freespins", { units: p.units ?? 0 });
  const amount = p.amount ? formatMoney(p.amount) : "";
  return p.type === "bonus" ? t("tournaments.prizes.bonus", { amount }) : amount;
}

const places = (p: { place_from: number; place_to: number }) => (p.place_from === p.place_to ? String(p.place_from) : `${p.place_from}–${p.place_to}`);

export function PrizesTable({ prizes, t }: { prizes: TournamentPrize[]; t: TFunction }) {
  return (
    <section className="tournament__card" aria-labelledby="prizes-title">
      <h2 id="prizes-title">{t("tournaments.prizes.title")}</h2>
      <table className="tournament__table" data-testid="prizes">
        <thead>
          <tr>
            <th scope="col">{t("tournaments.prizes.place")}</th>
            <th scope="col">{t("tournaments.prizes.prize")}</th>
          </tr>
        </thead>
        <tbody>
          {prizes.map((p) => (
            <tr key={p.place_from}>
              <td>{places(p)}</td>
              <td>{prizeText(p, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** How a round scores, in words (mode, cap, least bet), ties, cash-out reset, and who may take part. */
export function ScoringRules({ tournament: tr, t }: { tournament: Tournament; t: TFunction }) {
  const r = tr.restrictions;
  return (
    <section className="tournament__card" aria-labelledby="scoring-title" data-testid="scoring">
      <h2 id="scoring-title">{t("tournaments.scoring.title")}</h2>
      <ul className="tournament__rules">
        <li>
          {t(`tournaments.scoring.${tr.scoring.mode}`)}
          {tr.scoring.mode === "multiplier" && tr.scoring.cap !== null && (
            <> {t("tournaments.scoring.cap", { cap: formatWhole(tr.scoring.cap), times: tr.scoring.cap / 100 })}</>
          )}
        </li>
        <li>{r.min_bet ? t("tournaments.scoring.minBet", { amount: formatMoney(r.min_bet) }) : t("tournaments.scoring.anyBet")}</li>
        {(tr.games_count > 0 || !tr.sportsbook) && <li>{t("tournaments.scoring.games", { count: tr.games_count })}</li>}
        {tr.sportsbook && <li data-testid="scoring-sports">{t(`tournaments.scoring.sportsBets.${tr.scoring.mode}`)}</li>}
        <li>{t("tournaments.scoring.ties")}</li>
        {tr.repeat_hours !== null && (
          <li data-testid="scoring-repeats">
            {tr.repeat_hours === 24
              ? t("tournaments.scoring.daily", { time: formatHour(tr.ends_at) })
              : t("tournaments.scoring.repeats", { hours: tr.repeat_hours })}
          </li>
        )}
        {tr.reset_on_cashout && <li>{t("tournaments.scoring.reset")}</li>}
      </ul>
      <h3>{t("tournaments.restrictions.title")}</h3>
      <ul className="tournament__rules" data-testid="restrictions">
        <li>{t(r.opt_in ? "tournaments.restrictions.optIn" : "tournaments.restrictions.automatic")}</li>
        {r.currencies.length > 0 && <li>{t("tournaments.restrictions.currencies", { list: r.currencies.join(", ") })}</li>}
        {r.countries.length > 0 && <li>{t("tournaments.restrictions.countries", { list: r.countries.join(", ") })}</li>}
        {r.currencies.length + r.countries.length === 0 && <li>{t("tournaments.restrictions.anyone")}</li>}
      </ul>
    </section>
  );
}

export function WinnersList({ winners, t }: { winners: TournamentWinner[]; t: TFunction }) {
  return (
    <section className="tournament__card" aria-labelledby="winners-title" data-testid="tournament-winners">
      <h2 id="winners-title">{t("tournaments.winners.title")}</h2>
      {winners.length === 0 ? (
        <p>{t("tournaments.winners.empty")}</p>
      ) : (
        <table className="tournament__table">
          <thead>
            <tr>
              <th scope="col">{t("tournaments.leaderboard.rank")}</th>
              <th scope="col">{t("tournaments.leaderboard.player")}</th>
              <th scope="col">{t("tournaments.leaderboard.points")}</th>
              <th scope="col">{t("tournaments.prizes.prize")}</th>
            </tr>
          </thead>
          <tbody>
            {winners.map((w) => (
              <tr key={w.rank} data-player={w.player}>
                <td>{w.rank}</td>
                <td>
                  <bdi>{w.player}</bdi>
                </td>
                <td>{formatWhole(w.points)}</td>
                <td>{w.prize ? prizeText(w.prize, t) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

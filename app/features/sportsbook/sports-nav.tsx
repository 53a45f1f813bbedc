import { Link } from "react-router";
import type { Sport } from "../../lib/api/contract-sportsbook";
import { useLocalePath, useT } from "../site/use-root-data";
import { bettingSearch } from "./betting-query";

/** Sports, and the chosen sport's leagues, as links (`?sport=`, `?league=`) with their event counts. */
export function SportsNav({ sports, sport, league }: { sports: Sport[]; sport: string | null; league: number | null }) {
  const t = useT();
  const to = useLocalePath();
  const href = (f: { sport?: string; league?: number }) => `${to("/betting")}${bettingSearch(f)}`;
  return (
    <nav className="sports-nav" aria-label={t("betting.sports")}>
      <ul>
        <li>
          <Link to={href({})} aria-current={sport === null ? "page" : undefined}>{t("betting.allSports")}</Link>
        </li>
        {sports.map((s) => (
          <li key={s.id}>
            <Link to={href({ sport: s.sysname })} aria-current={s.sysname === sport && league === null ? "page" : undefined}>
              {s.title} <span className="sports-nav__count">{s.events_count}</span>
            </Link>
            {s.sysname === sport && s.leagues.length > 0 && (
              <ul>
                {s.leagues.map((l) => (
                  <li key={l.id}>
                    <Link to={href({ sport: s.sysname, league: l.id })} aria-current={l.id === league ? "page" : undefined}>
                      {l.title} <span className="sports-nav__count">{l.events_count}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

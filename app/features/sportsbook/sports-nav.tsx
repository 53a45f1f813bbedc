import { Link } from "react-router";
import type { Sport } from "../../../core/api/contract-sportsbook";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/** Sports, and the chosen sport's leagues, as links (`?sport=`, `?league=`) with their event counts. */
export type SportsNavProps = { sports: Sport[]; sport: string | null; league: number | null };

export function SportsNav({ sports, sport, league }: SportsNavProps) {
  const t = useT();
  const to = useLocalePath();
  // betting-links.ts's bettingSearch, spelled out: a sysname is [a-z0-9-] and needs no escaping.
  const href = (f: { sport?: string; league?: number }) => `${to("/betting")}${f.sport ? `?sport=${f.sport}${f.league ? `&league=${f.league}` : ""}` : ""}`;
  return (
    <nav className="sports-nav" aria-label={t("betting.sports")}>
      <ul>
        <li>
          <Link to={href({})} aria-current={sport === null ? "page" : undefined}>
            {t("betting.allSports")}
          </Link>
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

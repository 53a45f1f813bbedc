import type { BuilderLeg, MarketKind, Outcome } from "../../../core/api/contract-sportsbook";

/**
 * Market titles and selection labels (decision 0049), built from the event's team names and a few
 * fixed words per locale: "Arsenal" / "Draw" / "Chelsea", "Over 2.5", "Arsenal −1.5", "Match
 * result", "Total goals 2.5", "Handicap −1.5". The platform answers in the caller's locale like
 * its other handlers; the page adds no message for them. An unknown locale reads English.
 */

interface Words {
  draw: string;
  over: string;
  under: string;
  matchResult: string;
  /** The total market's title by sport (goals, points, games); `total` for any other sport. */
  totals: Record<string, string>;
  total: string;
  handicap: string;
  /** The decimal separator of lines. */
  decimal: string;
  /** A bet builder's own legs (decision 0103). */
  btts: string;
  yes: string;
  no: string;
  correctScore: string;
}

const WORDS: Record<string, Words> = {
  en: {
    draw: "Draw",
    over: "Over",
    under: "Under",
    matchResult: "Match result",
    handicap: "Handicap",
    total: "Total",
    totals: { football: "Total goals", "ice-hockey": "Total goals", basketball: "Total points", tennis: "Total games" },
    decimal: ".",
    btts: "Both teams to score",
    yes: "Yes",
    no: "No",
    correctScore: "Correct score",
  },
  es: {
    draw: "Empate",
    over: "Más de",
    under: "Menos de",
    matchResult: "Resultado del partido",
    handicap: "Hándicap",
    total: "Total",
    totals: { football: "Total de goles", "ice-hockey": "Total de goles", basketball: "Total de puntos", tennis: "Total de juegos" },
    decimal: ",",
    btts: "Ambos equipos marcan",
    yes: "Sí",
    no: "No",
    correctScore: "Resultado exacto",
  },
  pt: {
    draw: "Empate",
    over: "Mais de",
    under: "Menos de",
    matchResult: "Resultado final",
    handicap: "Handicap",
    total: "Total",
    totals: { football: "Total de gols", "ice-hockey": "Total de gols", basketball: "Total de pontos", tennis: "Total de games" },
    decimal: ",",
    btts: "Ambas as equipes marcam",
    yes: "Sim",
    no: "Não",
    correctScore: "Placar exato",
  },
  ar: {
    draw: "تعادل",
    over: "أكثر من",
    under: "أقل من",
    matchResult: "نتيجة المباراة",
    handicap: "هانديكاب",
    total: "المجموع",
    totals: { football: "مجموع الأهداف", "ice-hockey": "مجموع الأهداف", basketball: "مجموع النقاط", tennis: "مجموع الأشواط" },
    decimal: ".",
    btts: "كلا الفريقين يسجل",
    yes: "نعم",
    no: "لا",
    correctScore: "النتيجة الصحيحة",
  },
};

const wordsOf = (locale: string): Words => WORDS[locale] ?? WORDS.en!;

/** A line in hundredths as the player reads it: 250 → "2.5", −150 → "−1.5" (a true minus sign), 150 → "+1.5" when signed. */
export function lineText(line: number, locale: string, signed = false): string {
  const abs = Math.abs(line);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  const digits = cents === 0 ? String(whole) : `${whole}${wordsOf(locale).decimal}${String(cents).padStart(2, "0").replace(/0$/, "")}`;
  if (line < 0) return `−${digits}`;
  return signed && line > 0 ? `+${digits}` : digits;
}

export interface LabelEvent {
  sport: string;
  home: string;
  away: string;
}

export interface LabelMarket {
  kind: MarketKind;
  line: number | null;
}

export function marketTitle(event: LabelEvent, market: LabelMarket, locale: string): string {
  const w = wordsOf(locale);
  if (market.kind === "match_result") return w.matchResult;
  if (market.kind === "total") return `${w.totals[event.sport] ?? w.total} ${lineText(market.line ?? 0, locale)}`;
  return `${w.handicap} ${lineText(market.line ?? 0, locale, true)}`;
}

export function selectionLabel(event: LabelEvent, market: LabelMarket, outcome: Outcome, locale: string): string {
  const w = wordsOf(locale);
  const line = market.line ?? 0;
  if (outcome === "draw") return w.draw;
  if (outcome === "over") return `${w.over} ${lineText(line, locale)}`;
  if (outcome === "under") return `${w.under} ${lineText(line, locale)}`;
  const team = outcome === "home" ? event.home : event.away;
  if (market.kind !== "handicap") return team;
  // The line is the home side's; the away side takes its opposite.
  return `${team} ${lineText(outcome === "home" ? line : -line, locale, true)}`;
}

/** A bet builder's leg as a bet shows it: its market's title and its label ("Both teams to score": "Yes"; "Correct score": "2–1"). */
export function builderLegLabels(event: LabelEvent, leg: BuilderLeg, locale: string): { market: string; label: string } {
  const w = wordsOf(locale);
  if (leg.kind === "btts") return { market: w.btts, label: leg.outcome === "yes" ? w.yes : w.no };
  if (leg.kind === "correct_score") return { market: w.correctScore, label: `${leg.home}–${leg.away}` };
  const market = { kind: leg.kind, line: leg.kind === "match_result" ? null : leg.line };
  return { market: marketTitle(event, market, locale), label: selectionLabel(event, market, leg.outcome, locale) };
}

/** "Arsenal – Chelsea": how a bet slip and a bet name the event. */
export const eventName = (e: { home: string; away: string }) => `${e.home} – ${e.away}`;

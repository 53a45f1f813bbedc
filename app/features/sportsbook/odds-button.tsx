import type { SportSelection } from "../../../core/api/contract-sportsbook";
import { useT } from "../../lib/i18n/use-t";

/** 185 → "1.85" (slip-math's formatOdds, repeated here so the slip's arithmetic stays off first load). */
const formatOdds = (odds: number) => (odds / 100).toFixed(2);

/**
 * One selection's odds: a submit button of the page's pick form (no JavaScript: the action adds it
 * to the slip), or with JavaScript a click the slip editor handles. Pressed while on the slip,
 * disabled while its market takes no bets, marked up or down for a moment when the odds move.
 */
export function OddsButton(p: {
  selection: SportSelection;
  odds: number;
  open: boolean;
  picked: boolean;
  moved?: "up" | "down";
  onPick(id: number, odds: number): void;
}) {
  const t = useT();
  const { selection: s } = p;
  return (
    <button
      type="submit"
      form="betting-pick"
      name="pick"
      value={`${s.id}:${p.odds}`}
      className="odds-button"
      data-selection={s.id}
      data-moved={p.moved}
      aria-pressed={p.picked}
      disabled={!p.open}
      onClick={(e) => {
        e.preventDefault();
        p.onPick(s.id, p.odds);
      }}
    >
      {/* The name is the visible text (WCAG 2.5.3, label in name), with the move said after it. */}
      <span className="odds-button__label" dir="auto">
        {s.label}
      </span>{" "}
      <span className="odds-button__odds">{formatOdds(p.odds)}</span>
      {p.moved && <span className="visually-hidden"> ({t(p.moved === "up" ? "betting.oddsUp" : "betting.oddsDown")})</span>}
    </button>
  );
}

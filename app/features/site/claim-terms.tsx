import type { ClaimTerms } from "../../../core/api/entities";
import { formatMoney } from "../../../core/money";
import { useT } from "../../lib/i18n/use-t";

type T = ReturnType<typeof useT>;

/**
 * The significant terms of what a banner or popup advertises, in the reader's words (issue 40,
 * decision 0086): the wagering as their market holds it, the least deposit, the most a bet and a
 * cash-out may be, how long free spins last. Empty when it advertises no incentive.
 */
export function claimTermsParts(terms: ClaimTerms | null | undefined, t: T): string[] {
  if (!terms) return [];
  const parts: string[] = [];
  if (terms.wager_multiplier !== null && terms.wagering_days !== null)
    parts.push(
      t(terms.wager_base === "deposit_bonus" ? "common.claimTerms.wagerDeposit" : "common.claimTerms.wager", {
        times: String(terms.wager_multiplier),
        days: String(terms.wagering_days),
      }),
    );
  if (terms.min_deposit) parts.push(t("common.claimTerms.minDeposit", { amount: formatMoney(terms.min_deposit) }));
  if (terms.max_bet) parts.push(t("common.claimTerms.maxBet", { amount: formatMoney(terms.max_bet) }));
  if (terms.max_cashout) parts.push(t("common.claimTerms.maxCashout", { amount: formatMoney(terms.max_cashout) }));
  if (terms.spins_days !== null) parts.push(t("common.claimTerms.spinsDays", { days: String(terms.spins_days) }));
  return parts;
}

/** The terms line set beside a claim button (server-rendered: no script needed to read it). */
export function ClaimTermsNote({ terms, className }: { terms: ClaimTerms | null | undefined; className?: string }) {
  const t = useT();
  const parts = claimTermsParts(terms, t);
  if (parts.length === 0) return null;
  return (
    <p className={`claim-terms${className ? ` ${className}` : ""}`} data-testid="claim-terms">
      <strong>{t("common.claimTerms.label")}:</strong> {parts.join(" · ")}
    </p>
  );
}

import type { AccountInfo } from "../../../core/api/entities";
import { type JurisdictionProfile, PROFILES } from "../../../core/jurisdictions";
import { HELP_ORGANISATIONS, type HelpOrganisation } from "../../../core/help-organisations";

/** What the pages tell a player of their market's rules (core/jurisdictions.ts; decision 0082): plain data for the client. */
export interface MarketRules {
  id: AccountInfo["jurisdiction"];
  /** Empty for the international profile: no regulator to name. */
  regulator: string;
  raiseWaitMs: number;
  raiseAfterPeriod: boolean;
  withdrawalsCancellable: boolean;
  /** The longest reality-check interval the market allows (minutes; the check cannot be off); null: any. */
  realityCheckMaxMinutes: number | null;
  /** A one-tap 24-hour break on every page (Germany). */
  panicButton: boolean;
  /** Whether the player's real rounds take part in jackpots (not in Germany). */
  jackpots: boolean;
  /** The market's bonus rules (wagering cap, minimum age, first occasion, time to meet terms, shown to visitors). */
  bonuses: JurisdictionProfile["bonuses"];
  /** Where the market's players find free, confidential help (decision 0093). */
  help: readonly HelpOrganisation[];
}

export function marketRules(account: Pick<AccountInfo, "jurisdiction">): MarketRules {
  const p = PROFILES[account.jurisdiction] ?? PROFILES.international;
  return {
    id: p.id,
    regulator: p.regulator,
    ...p.depositLimits,
    withdrawalsCancellable: p.withdrawals.cancellable,
    realityCheckMaxMinutes: p.realityCheck.maxMinutes,
    panicButton: p.exclusion.panicButton,
    jackpots: p.play.jackpots,
    bonuses: p.bonuses,
    help: HELP_ORGANISATIONS[p.id],
  };
}

/**
 * Jackpot methods of the /api contract (SPEC §7 Jackpots.*, issue 5). Spread into `contract` in
 * contract.ts.
 */
export const jackpotMethods = {};

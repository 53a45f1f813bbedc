/**
 * Wallet methods of the /api contract (SPEC §3 balances, §7 account.getBalance,
 * getcurrencyrates, setCurrency). Spread into `contract` in contract.ts.
 */
export const walletMethods = {};

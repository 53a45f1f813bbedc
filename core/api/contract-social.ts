/**
 * Social and messenger sign-in methods of the /api contract, if any are needed beyond auth.*.
 * Spread into `contract` in contract.ts.
 */
export const socialMethods = {};

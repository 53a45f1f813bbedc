/**
 * Contact, personal-data and password-reset methods of the /api contract (SPEC §7 account/auth).
 * Spread into `contract` in contract.ts.
 */
export const contactMethods = {};

/**
 * When forced logout's warning opens (SPEC §9: at 80% of the span), apart from the machine so the
 * page's inactivity timer (forced-logout.tsx) knows when to load the machine without loading XState.
 */
export const WARNING_AT = 0.8;

export const warnAtMs = (timeoutMs: number) => Math.round(timeoutMs * WARNING_AT);
export const warningMs = (timeoutMs: number) => timeoutMs - warnAtMs(timeoutMs);

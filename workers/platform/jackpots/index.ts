import type { Handlers } from "../core/context";

/** Jackpots (issue 5): pools that grow with real play and are won. */
export const jackpotHandlers: Handlers<never> = {};

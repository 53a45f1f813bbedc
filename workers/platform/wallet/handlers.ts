import type { Handlers } from "../core/context";

/** account.getBalance, getcurrencyrates, setCurrency (filled in by the wallet work). */
export const walletHandlers: Handlers<never> = {};

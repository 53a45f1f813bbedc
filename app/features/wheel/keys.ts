/** The query keys of the wheel page's URL views: each popup renders on the server from the URL, so it works without JavaScript. */
export const CAMPAIGN_KEY = "campaign";
export const POPUP_KEY = "popup";
export const QUEST_KEY = "quest";
export const SPIN_KEY = "spin";
export const VERIFY_KEY = "verify";
export const AMOUNT_KEY = "amount";
export const PAY_KEY = "pay";
export const CODE_KEY = "code";
export const REVEALED_KEY = "revealed";

/** SPEC §2 wheel popups, by their `?popup=` value. The spin result and the received bonus open with `?spin=<id>`. */
export const POPUPS = ["gifts", "received", "winners", "rules", "quests", "quest", "buy", "buy-confirm", "error"] as const;
export type WheelPopup = (typeof POPUPS)[number];

export const isPopup = (value: string | null): value is WheelPopup => (POPUPS as readonly string[]).includes(value ?? "");

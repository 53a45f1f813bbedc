import { describe, expect, it } from "vitest";
import ar from "../../../migrations/seed/messages/ar.json";
import en from "../../../migrations/seed/messages/en.json";
import es from "../../../migrations/seed/messages/es.json";
import pt from "../../../migrations/seed/messages/pt.json";
import { LoyaltyHistoryItem } from "../../../core/api/contract-loyalty";

/** The points history labels each line by its reason (records.tsx): a reason without a message showed its raw key. */
describe("loyalty points history", () => {
  it.each([
    ["en", en],
    ["es", es],
    ["pt", pt],
    ["ar", ar],
  ])("every reason the platform answers has a label in %s", (_locale, messages) => {
    const labels = (messages as { loyalty: { history: { reason: Record<string, string> } } }).loyalty.history.reason;
    for (const reason of LoyaltyHistoryItem.shape.reason.options) expect(labels[reason], reason).toBeTruthy();
  });
});

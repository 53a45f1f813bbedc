import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { createT } from "../../lib/i18n/translate";
import { durationText } from "./withdrawal-progress";

const t = createT(JSON.parse(readFileSync("migrations/seed/messages/en.json", "utf8")));
const MIN = 60_000;

describe("durationText", () => {
  it("says minutes under an hour (at least one), hours and minutes under two days, then days and hours", () => {
    expect(durationText(t, 0)).toBe("1 min");
    expect(durationText(t, 15 * MIN)).toBe("15 min");
    expect(durationText(t, 59 * MIN + 20_000)).toBe("59 min");
    expect(durationText(t, 59 * MIN + 40_000)).toBe("1 h 0 min");
    expect(durationText(t, 4 * 60 * MIN + 7 * MIN)).toBe("4 h 7 min");
    expect(durationText(t, 47 * 60 * MIN + 59 * MIN)).toBe("47 h 59 min");
    expect(durationText(t, 50 * 60 * MIN)).toBe("2 d 2 h");
  });
});

import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates";

describe("SPEC §9 dates", () => {
  it("pads day and month, keeps four-digit years and an unpadded hour, in UTC", () => {
    const ms = Date.UTC(2027, 2, 5, 9, 7);
    expect(formatDate(ms)).toBe("05.03.2027");
    expect(formatDateTime(ms)).toBe("05.03.2027 9:07");
    expect(formatDateTime(Date.UTC(2026, 11, 31, 23, 59))).toBe("31.12.2026 23:59");
  });
});

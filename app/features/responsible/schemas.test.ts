import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { exclusionSchema, limitSchema, realitySchema } from "./schemas";

/** The fields with errors of a parse (none when it succeeded). */
const errorKeys = (r: { status?: string; error?: Record<string, unknown> | null }) => Object.keys(r.error ?? {});

const form = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
};

describe("responsible-gaming form schemas", () => {
  it("takes a limit in whole units and needs an amount unless the period is none", () => {
    const ok = parseWithZod(form({ intent: "limit", period: "7", amount: "250" }), { schema: limitSchema() });
    expect(ok.status === "success" && ok.value).toEqual({ intent: "limit", period: "7", amount: "250" });
    expect(parseWithZod(form({ intent: "limit", period: "none" }), { schema: limitSchema() }).status).toBe("success");
    for (const amount of ["", "012", "1.5", "abc", "0", "20000000"]) {
      const r = parseWithZod(form({ intent: "limit", period: "7", amount }), { schema: limitSchema() });
      expect(r.status, amount).toBe("error");
      expect(errorKeys(r), amount).toEqual(["amount"]);
    }
    expect(errorKeys(parseWithZod(form({ intent: "limit", period: "3", amount: "5" }), { schema: limitSchema() }))).toEqual(["period"]);
  });

  it("needs the 'I understand' box for self-exclusion, and a known period", () => {
    const unticked = parseWithZod(form({ intent: "exclude", period: "1y", password: "x" }), { schema: exclusionSchema() });
    expect(errorKeys(unticked)).toEqual(["confirm"]);
    const ok = parseWithZod(form({ intent: "exclude", period: "permanent", password: "x", confirm: "on" }), { schema: exclusionSchema() });
    expect(ok.status).toBe("success");
    expect(parseWithZod(form({ intent: "exclude", period: "2d", confirm: "on" }), { schema: exclusionSchema() }).status).toBe("error");
  });

  it("offers the reality-check intervals only", () => {
    expect(parseWithZod(form({ intent: "reality", minutes: "45" }), { schema: realitySchema() }).status).toBe("success");
    expect(parseWithZod(form({ intent: "reality", minutes: "20" }), { schema: realitySchema() }).status).toBe("error");
  });
});

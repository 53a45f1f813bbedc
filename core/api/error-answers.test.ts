import { describe, expect, it } from "vitest";
import { contract, type MethodKey } from "./contract";
import { errorAnswers } from "./error-answers";

const keys = Object.keys(contract) as MethodKey[];

describe("each method's declared error answers", () => {
  // The summaries are what a reader of docs/api/README.md sees; the declarations feed openapi.json.
  it("include every error status the method's summary names", () => {
    const missing = keys.flatMap((key) => {
      const named = new Set([...contract[key].summary.matchAll(/(?<![\d,])\b([45]\d\d)\b/g)].map((m) => Number(m[1])));
      const declared = new Set(errorAnswers(key).map((a) => a.status));
      return [...named].filter((s) => !declared.has(s)).map((s) => `${key}: ${s}`);
    });
    expect(missing).toEqual([]);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The status colours are text colours too (field errors, cashier statuses, the session's net
 * result): in each theme they must read at 4.5:1 (WCAG AA) on every ground of that theme. The
 * light theme once kept the dark theme's tones: --error 3.46:1, --warning 2.04:1 on white.
 */
const css = readFileSync(new URL("./app.css", import.meta.url), "utf8");

function themeTokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf("}", start));
  return Object.fromEntries([...block.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe("theme contrast", () => {
  const dark = themeTokens('[data-theme="dark"]');
  const light = { ...dark, ...themeTokens('[data-theme="light"]') };
  for (const [name, tokens] of [
    ["dark", dark],
    ["light", light],
  ] as const) {
    it(`${name}: text, muted text, link and status colours read at 4.5:1 on every ground`, () => {
      for (const fg of ["text", "text-muted", "link", "success", "warning", "error", "info"]) {
        for (const bg of ["bg", "bg-elev", "bg-card"]) {
          const ratio = contrast(tokens[fg]!, tokens[bg]!);
          expect(ratio, `--${fg} ${tokens[fg]} on --${bg} ${tokens[bg]}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
        }
      }
    });
  }
});

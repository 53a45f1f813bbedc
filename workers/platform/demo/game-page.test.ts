import { describe, expect, it } from "vitest";
import { betSteps, gamePage, outcomeText, studioOdds } from "./game-page";

const view = {
  game: { id: 1, sysname: "golden_phoenix", title: "Golden <Phoenix>", kind: "slot", rtp_bp: 9620, min_bet: 10, max_bet: 1000, has_demo: 1 },
  mode: "demo" as const,
  action: "/platform/game/golden_phoenix/round",
  balance: null,
  currency: "USD",
  signedIn: false,
  bet: 10,
  symbols: null,
  win: null,
  error: null,
  nonce: "QUJDREVGR0hJSktMTU5PUFFS",
};

describe("the slot page", () => {
  it("celebrates only a win above the stake: a return of the stake or less says what came back", () => {
    expect(outcomeText(150, 100, "USD")).toEqual({ text: "You win $1.50!", won: true });
    expect(outcomeText(100, 100, "USD")).toEqual({ text: "$1 back of your $1 stake.", won: false });
    expect(outcomeText(50, 100, "EUR")).toEqual({ text: "€0.50 back of your €1 stake.", won: false });
    expect(outcomeText(0, 100, "USD")).toEqual({ text: "No win this time.", won: false });
  });

  it("says the session's time and net position while a player plays for real, and the odds where the market asks", async () => {
    const odds = studioOdds(view.game);
    expect(odds.multiplier).toBe(500);
    expect(Math.abs(odds.rtp - 0.962)).toBeLessThan(0.01);
    const html = await gamePage({
      ...view,
      mode: "real",
      signedIn: true,
      balance: { amount: 5_000, currency: "USD" },
      bet: 100,
      win: 100,
      session: { startedAt: Date.now() - 3_725_000, net: -350 },
      odds,
    }).text();
    expect(html).toMatch(/data-session[^>]*>Session <time data-elapsed>1:02:0\d<\/time> · Net <strong data-net>-\$3\.50<\/strong>/);
    // Not dressed as a win: no "!", no win style.
    expect(html).toContain('<p class="result" role="status" data-result>$1 back of your $1 stake.</p>');
    expect(html).toMatch(new RegExp(`Top prize 500× the stake \\(<span data-top-prize>\\$500</span>\\), about 1 in ${odds.oneIn.toLocaleString("en")} rounds`));
    // Demo play has neither.
    const demo = await gamePage({ ...view, session: { startedAt: Date.now(), net: 0 }, odds }).text();
    expect(demo).not.toContain('<p class="session" data-session');
    expect(demo).not.toContain('<p class="free" data-odds');
  });

  it("offers bets of 1, 2 and 5 times powers of ten within the range, the maximum included", () => {
    expect(betSteps(10, 1000)).toEqual([10, 20, 50, 100, 200, 500, 1000]);
    expect(betSteps(20, 300)).toEqual([20, 40, 100, 200, 300]);
    expect(betSteps(5, 5)).toEqual([5]);
  });

  it("escapes the title and carries a script that parses, with the nonce", async () => {
    const html = await gamePage(view).text();
    expect(html).toContain("Golden &lt;Phoenix&gt;");
    const script = /<script nonce="QUJDREVGR0hJSktMTU5PUFFS">([\s\S]*)<\/script>/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect(() => new Function(script!)).not.toThrow();
    expect(script).toContain("\\B(?=(\\d{3})+(?!\\d))");
  });

  it("draws the reels as named SVG pictures from one sprite, not emoji; an unknown symbol shows blank", async () => {
    const html = await gamePage({
      ...view,
      symbols: [
        ["cherry", "seven", "diamond"],
        ["bell", "star", "lemon"],
        ["blank", "blank", "nonsense"],
      ],
    }).text();
    const cells = [...html.matchAll(/<div class="cell[^"]*" data-cell><svg role="img" aria-label="([A-Za-z]+)"><use href="#s-([a-z]+)"\/><\/svg><\/div>/g)];
    expect(cells.map((m) => m[2])).toEqual(["cherry", "seven", "diamond", "bell", "star", "lemon", "blank", "blank", "blank"]);
    expect(cells.map((m) => m[1])).toEqual(["Cherry", "Seven", "Diamond", "Bell", "Star", "Lemon", "Blank", "Blank", "Blank"]);
    for (const id of ["cherry", "lemon", "bell", "star", "seven", "diamond", "blank"]) expect(html).toContain(`<symbol id="s-${id}"`);
    expect(html).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

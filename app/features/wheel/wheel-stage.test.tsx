import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { WheelCampaign, WheelSector } from "../../../core/api/contract-wheel";
import { WheelStage } from "./wheel-stage";

/*
 * The page's spin button follows SPEC §4's rule (spin-rules.ts canSpin, unit-tested on its own in
 * spin.machine.test.ts): these render the stage itself, so a page that stops asking the rule, or
 * asks it with the wrong facts (the balance, or a navigation under way on a paid wheel), fails here
 * and not only in the wheel's e2e.
 */

const messages = {
  wheel: {
    spin: "Spin",
    spinning: "Spinning…",
    spinBalance: "Your spins: {{spins}}",
    signInToSpin: "Sign in to spin",
    earnSpins: "Earn spins",
    buy: { title: "Buy spins" },
  },
};
const sector: WheelSector = {
  id: 1,
  position: 0,
  weight: 1,
  chance_ppm: 1_000_000,
  color: "#f0a",
  reward: { type: "points", sysname: null, amount: null, units: 5, title: "5 points" },
  stock: null,
  fallback: null,
};
const free: WheelCampaign = {
  id: 7,
  sysname: "daily",
  title: "Daily wheel",
  description: "",
  image: null,
  is_spin_cost: false,
  spin_balance: 1,
  spin_price: null,
  spin_price_points: null,
  starts_at: 0,
  ends_at: null,
};
const paid: WheelCampaign = { ...free, id: 8, sysname: "premium", is_spin_cost: true, spin_price_points: 100 };

/**
 * The stage as the page renders it for a signed-in player; `navigating`: a navigation is under way
 * (its loader still running), as while the page's data is read again after a spin.
 */
async function stage(campaign: WheelCampaign, { navigating = false } = {}): Promise<string> {
  const root = { messages, locale: "en" };
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => root,
        children: [
          {
            path: "wheel",
            element: (
              <WheelStage
                campaign={campaign}
                sectors={[sector]}
                player
                signIn="/login"
                spinKey="k"
                action="/wheel"
                landed={null}
                buyHref="/wheel?buy=1"
                questsHref="/wheel?quests=1"
                close="/wheel"
                verifyHref={(id) => `/wheel/verify/${id}`}
              />
            ),
          },
          { path: "elsewhere", loader: () => new Promise<never>(() => {}), element: null },
        ],
      },
    ],
    { initialEntries: ["/wheel"], hydrationData: { loaderData: { root } } },
  );
  if (navigating) {
    void router.navigate("/elsewhere");
    await Promise.resolve();
    expect(router.state.navigation.state).toBe("loading");
  }
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** The spin button's tag, or null when the stage shows none. */
const spinButton = (html: string) => /<button type="submit"[^>]*>(?:Spin|Spinning…)<\/button>/.exec(html)?.[0] ?? null;
const disabled = (html: string) => / disabled=""/.test(spinButton(html) ?? "");

describe("the wheel page's spin button (SPEC §4)", () => {
  it("spins with a spin to spend; without one, a free wheel's button is there but disabled", async () => {
    const one = await stage(free);
    expect(spinButton(one)).not.toBeNull();
    expect(disabled(one)).toBe(false);
    const none = await stage({ ...free, spin_balance: 0 });
    expect(spinButton(none)).not.toBeNull();
    expect(disabled(none)).toBe(true);
    expect(none).toContain("Earn spins");
  });

  it("a paid wheel waits for the page to settle; a free wheel does not", async () => {
    expect(disabled(await stage(paid))).toBe(false);
    expect(disabled(await stage(paid, { navigating: true }))).toBe(true);
    expect(disabled(await stage(free, { navigating: true }))).toBe(false);
  });

  it("a paid wheel without spins offers to buy them instead of a button", async () => {
    const html = await stage({ ...paid, spin_balance: 0 });
    expect(spinButton(html)).toBeNull();
    expect(html).toContain('href="/wheel?buy=1"');
  });
});

import AxeBuilder from "@axe-core/playwright";
import { payDemoDeposit, registerByApi, unique } from "./accounts-fixtures";
import { expect, jsOn, test, tr } from "./fixtures";

/**
 * The originals (issue 43, decision 0115): Dice in the studio for real money — the committed seed's
 * hash and the nonce before the roll, the result after — then the seed revealed, and the round
 * verified from the game history (in the browser with JavaScript; its inputs shown without).
 */

test.describe("originals @nojs", () => {
  test("a dice roll for real money, its seed revealed, and the round verified in the history", async ({ page }) => {
    await registerByApi(page.request, unique("dice"));
    await payDemoDeposit(page.request, 5000);

    // The game's page in the site frames the studio's.
    await page.goto("/game/pf-dice");
    await expect(page.locator("iframe")).toHaveAttribute("src", /\/platform\/game\/pf-dice/);

    await page.goto("/platform/game/pf-dice?mode=real");
    const committed = (await page.locator("[data-seed-hash]").textContent())!;
    expect(committed).toMatch(/^[0-9a-f]{64}$/);
    await expect(page.locator("[data-next-nonce]")).toHaveText("0");
    await expect(page.getByText("House edge 1 %")).toBeVisible();
    // The chance and payout are said before the roll: under 50.00 wins 50 % and pays 1.9801×.
    await page.getByLabel("Target").fill("50");
    await page.getByLabel("Roll under").check();
    await page.getByLabel("Bet").selectOption({ label: "$1" });
    await page.getByRole("button", { name: "Roll" }).click();
    await expect(page.locator("[data-roll]")).toHaveText(/^\d{1,3}\.\d{2}$/);
    await expect(page.locator("[data-result]")).toContainText("Nonce 0.");
    await expect(page.locator("[data-next-nonce]")).toHaveText("1");
    await expect(page.locator("[data-chance]")).toHaveText("Win chance 50 % · pays 1.9801×");
    const won = (await page.locator("[data-roll]").getAttribute("data-won")) === "true";
    await expect(page.locator("[data-balance]")).toHaveText(won ? "$50.98" : "$49");
    if (jsOn()) expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

    // Before the seed is revealed, the history says the round cannot be checked yet.
    await page.goto("/profile/bets/history");
    const row = page.locator("[data-round]").first();
    await expect(row).toContainText(/Roll \d{1,3}\.\d{2} \(under 50\.00\)/);
    await row.getByRole("link", { name: tr("profileGames.history.verify") }).click();
    await expect(page.getByTestId("round-verify-pending")).toBeVisible();

    // Revealed in the game (a new seed committed), the round verifies.
    await page.goto("/platform/game/pf-dice?mode=real");
    await page.getByRole("button", { name: "Reveal the seed and start a new one" }).click();
    await expect(page.locator("[data-revealed]")).toContainText(committed);
    await expect(page.locator("[data-next-nonce]")).toHaveText("0");
    await expect(page.locator("[data-seed-hash]")).not.toHaveText(committed);

    await page.goto("/profile/bets/history");
    await page
      .locator("[data-round]")
      .first()
      .getByRole("link", { name: tr("profileGames.history.verify") })
      .click();
    const verify = page.getByTestId("round-verify");
    await expect(verify.getByTestId("round-verify-seed")).toHaveText(/^[0-9a-f]{64}$/);
    if (jsOn()) {
      await expect(verify.getByTestId("round-verify-result")).toHaveAttribute("data-matches", "true");
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    } else {
      await expect(verify.getByTestId("round-verify-nojs")).toBeVisible();
    }
  });

  test("a bad target comes back with the reason and moves nothing", async ({ page }) => {
    await registerByApi(page.request, unique("limbo"));
    await payDemoDeposit(page.request, 1000);
    await page.goto("/platform/game/pf-limbo?mode=real");
    await page.getByLabel("Target multiplier").fill("0.5");
    await page.getByRole("button", { name: "Play" }).click();
    await expect(page.getByRole("alert")).toHaveText("Choose a target within the game's range.");
    await expect(page.locator("[data-balance]")).toHaveText("$10");
    await expect(page.locator("[data-next-nonce]")).toHaveText("0");
  });

  test("plinko: the rows and risk show their payouts by bin, a drop lands in one and pays it, verified in the history", async ({ page }) => {
    await registerByApi(page.request, unique("plinko"));
    await payDemoDeposit(page.request, 5000);
    await page.goto("/platform/game/pf-plinko?mode=real");
    await page.getByLabel("Rows").selectOption("16");
    await page.getByLabel("Risk").selectOption("high");
    await page.getByLabel("Bet").selectOption({ label: "$1" });
    await page.getByRole("button", { name: "Drop" }).click();
    const big = page.locator("[data-roll]");
    await expect(big).toHaveAttribute("data-bin", /^\d+$/);
    const bin = Number(await big.getAttribute("data-bin"));
    // The 17 bins of 16 rows at high risk, the landed one marked with what it paid.
    const bins = page.getByRole("list", { name: "Payouts by bin" }).locator("li");
    await expect(bins).toHaveCount(17);
    await expect(bins.nth(0)).toHaveText("291.45×");
    await expect(page.locator("li[data-landed]")).toHaveCount(1);
    const paid = (await page.locator("li[data-landed]").textContent())!;
    expect(await bins.nth(bin).textContent()).toBe(paid);
    await expect(page.locator("[data-result]")).toContainText(`Bin ${bin} of 16.`);
    // The choice stays for the next drop.
    await expect(page.getByLabel("Rows")).toHaveValue("16");
    await expect(page.getByLabel("Risk")).toHaveValue("high");

    await page.getByRole("button", { name: "Reveal the seed and start a new one" }).click();
    await page.goto("/profile/bets/history");
    const row = page.locator("[data-round]").first();
    await expect(row).toContainText(`Bin ${bin} of 16 rows (high risk)`);
    await row.getByRole("link", { name: tr("profileGames.history.verify") }).click();
    const verify = page.getByTestId("round-verify");
    await expect(verify).toContainText(`Bin ${bin} of 16 rows (high risk)`);
    if (jsOn()) await expect(verify.getByTestId("round-verify-result")).toHaveAttribute("data-matches", "true");
  });
});

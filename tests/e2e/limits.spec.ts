import type { Page } from "@playwright/test";
import { expect, jsOn, siteHeader, slotOutsideJackpots, test, tr } from "./fixtures";
import { declineLimitPrompt, payDemoDeposit, registerByApi, unique } from "./accounts-fixtures";

/**
 * The limits beside the deposit limit (issue 40, decision 0087), as players of regulated markets
 * meet them, with JavaScript on and off: a UK player's wager limit holding a real round back in the
 * game, a Swedish player's daily deposit limit (which is also the limit Sweden asks for before the
 * first deposit) holding their second deposit, and a German player's monthly ceiling with its notice.
 */

const PROFILE = "/profile/responsible-game";
const PERSON = { first_name: "Sam", last_name: "Lane", birth_date: "1990-04-15", address: "1 Main Street" };
const BRITON = { ...PERSON, country_code: "GB", currency: "USD", home_town: "London", postcode: "SW1A 1AA" };
const SWEDE = { ...PERSON, country_code: "SE", currency: "EUR", home_town: "Stockholm", postcode: "111 22" };
const GERMAN = { ...PERSON, country_code: "DE", currency: "EUR", home_town: "Berlin", postcode: "10115" };

/** Sets one limit with the profile page's form. */
async function setLimit(page: Page, kind: string, period: string, amount: string) {
  await page.goto(PROFILE);
  const form = page.locator("form#play-limit");
  await form.locator("select[name=kind]").selectOption(kind);
  await form.locator("select[name=period]").selectOption(period);
  await form.locator("input[name=amount]").fill(amount);
  await form.getByRole("button", { name: tr("responsible.limits.submit") }).click();
  await expect(page.locator(`[data-limit=${kind}-${period}]`)).toBeVisible();
}

test.describe("limits beside the deposit limit @nojs", () => {
  test("a UK player's daily wager limit stops real play in the game once it is used, the money untouched", async ({ page }) => {
    await registerByApi(page.request, unique("uk-wager"), BRITON);
    await declineLimitPrompt(page.request);
    await payDemoDeposit(page.request, 5_000);
    await setLimit(page, "wager", "day", "1");
    const limit = page.locator("[data-limit=wager-day]");
    await expect(limit).toContainText(tr("responsible.limits.names.wager.day"));
    await expect(limit.locator("[data-left]")).toHaveAttribute("data-left", "100");
    // The UK's rule for a raise is said beside the form.
    await expect(page.locator("form#play-limit")).toContainText(tr("responsible.limit.rules", { wait: tr("responsible.limit.waitHours", { count: "24" }) }));

    const game = await slotOutsideJackpots(page.request);
    await page.goto(`/game/${game.sysname}?mode=real`);
    const frame = page.frameLocator("iframe.game-frame__iframe");
    // The studio says the UK's play rules where the stake is chosen (decision 0088).
    await expect(frame.locator("[data-play-rules]")).toContainText("UK Gambling Commission");
    // The largest stake the limit can take whole: rounds go until the day's dollar is staked.
    const bets = await frame.locator("select[name=bet] option").evaluateAll((o) => o.map((x) => Number((x as HTMLOptionElement).value)));
    const bet = Math.max(...bets.filter((b) => b <= 100));
    const result = frame.locator("[data-result]");
    let played = 0;
    for (; played <= 100 / bet; played++) {
      await frame.locator("select[name=bet]").selectOption(String(bet));
      // Without JavaScript the frame's form posts and the studio's page comes back with the round or the refusal.
      const settled = jsOn() ? null : page.waitForResponse((r) => r.request().method() === "GET" && /[?&](round|error)=/.test(r.url()));
      await frame.getByRole("button", { name: "Spin" }).click();
      await settled;
      await expect(frame.getByRole("button", { name: "Spin" })).toBeEnabled();
      await expect(result).not.toHaveText("");
      if (/limit/.test((await result.textContent()) ?? "")) break;
    }
    expect(played).toBe(Math.floor(100 / bet));
    await expect(result).toHaveText(/wager limit/);
    await page.goto(PROFILE);
    await expect(page.locator("[data-limit=wager-day] [data-left]")).toHaveAttribute("data-left", String(100 - played * bet));
  });

  test("a Swedish player's daily deposit limit lets the first deposit go and holds the second, saying what is left", async ({ page }) => {
    await registerByApi(page.request, unique("se-daily"), SWEDE);
    await setLimit(page, "deposit", "day", "20");
    await payDemoDeposit(page.request, 2_000);
    await page.goto("/cashier/deposit/demo_card");
    await page.getByLabel(tr("cashier.amount.label", { currency: "EUR" })).fill("10");
    await page.getByRole("button", { name: tr("cashier.deposit.submit"), exact: true }).click();
    await expect(page.getByText(tr("cashier.errors.depositLimitAvailable", { amount: "€0" }))).toBeVisible();
    await expect(page.getByLabel(tr("cashier.amount.label", { currency: "EUR" }))).toHaveValue("10");
    await expect(siteHeader(page).locator("[data-balance]")).toHaveText("€20");
    // A raise waits Sweden's 72 hours and the day's end: the page says from when.
    await setLimit(page, "deposit", "day", "100");
    await expect(page.locator("[data-limit=deposit-day] [data-pending]")).toBeVisible();
    await expect(page.locator("[data-limit=deposit-day] [data-left]")).toHaveAttribute("data-left", "0");
    // Removing it waits too.
    await page.getByRole("button", { name: tr("responsible.limits.removeLabel", { name: tr("responsible.limits.names.deposit.day") }) }).click();
    await expect(page.locator("[data-limit=deposit-day] [data-pending]")).toContainText(tr("responsible.limits.pendingRemoval", { date: "" }).trim());
  });

  test("a German player reads the €1,000 monthly ceiling, its notice at half, and a deposit past it is refused", async ({ page }) => {
    await registerByApi(page.request, unique("de-cap"), GERMAN);
    await page.goto(PROFILE);
    await expect(page.locator("[data-market-cap]")).toHaveAttribute("data-market-cap", "none");
    await expect(page.locator("[data-market-cap]")).toContainText("€1,000");
    await payDemoDeposit(page.request, 60_000);
    await page.goto("/cashier/deposit/demo_card");
    const note = page.locator("[data-market-cap]");
    await expect(note).toHaveAttribute("data-market-cap", "half");
    await expect(note).toContainText(tr("marketCap.half"));
    await page.getByLabel(tr("cashier.amount.label", { currency: "EUR" })).fill("500");
    await page.getByRole("button", { name: tr("cashier.deposit.submit"), exact: true }).click();
    await expect(page.locator(".field-error, [role=alert]").filter({ hasText: "€400" }).first()).toBeVisible();
  });
});

test.describe("the UK's offer of a deposit limit before the first deposit @nojs", () => {
  test("the deposit form waits for an answer; a weekly limit set there brings the player back to the form, which says what it leaves", async ({ page }) => {
    await registerByApi(page.request, unique("uk-prompt"), BRITON);
    await page.goto("/cashier/deposit/demo_card");
    const prompt = page.locator("[data-limit-prompt]");
    await expect(prompt).toContainText(tr("limitPrompt.title"));
    await expect(page.getByLabel(tr("cashier.amount.label", { currency: "USD" }))).toHaveCount(0);
    await prompt.locator("select[name=period]").selectOption("week");
    await prompt.getByLabel(tr("limitPrompt.amount", { currency: "USD" })).fill("150");
    await prompt.getByRole("button", { name: tr("limitPrompt.set") }).click();
    await expect(page.getByText(tr("responsible.limits.saved", { what: tr("responsible.limits.kinds.deposit") }))).toBeVisible();
    await expect(page).toHaveURL(/\/cashier\/deposit\/demo_card$/);
    await expect(prompt).toHaveCount(0);
    await expect(page.getByText(tr("cashier.deposit.limitLeft", { amount: "$150" }))).toBeVisible();
    await page.getByLabel(tr("cashier.amount.label", { currency: "USD" })).fill("200");
    await page.getByRole("button", { name: tr("cashier.deposit.submit"), exact: true }).click();
    await expect(page.getByText(tr("cashier.errors.depositLimitAvailable", { amount: "$150" }))).toBeVisible();
  });
});

test.describe("the session limit @nojs", () => {
  test("a UK player's session limit applies to this session at once, a longer one waits 24 hours, and the clock signs them out at its end", async ({
    page,
  }) => {
    // With JavaScript the page's clock is the test's: the limit's end is reached without waiting for it.
    if (jsOn()) await page.clock.install();
    await registerByApi(page.request, unique("uk-session"), BRITON);
    await page.goto(PROFILE);
    const form = page.locator("form#session-limit");
    const save = async (minutes: string) => {
      await form.locator("select[name=minutes]").selectOption(minutes);
      await form.getByRole("button", { name: tr("responsible.session.submit") }).click();
    };
    await expect(form).toContainText(tr("responsible.session.rules", { wait: tr("responsible.limit.waitHours", { count: "24" }) }));
    await save("15");
    await expect(page.getByText(tr("responsible.session.saved"))).toBeVisible();
    const summary = page.locator("#rg-session + [data-session-limit]");
    await expect(summary).toHaveAttribute("data-session-limit", "15");
    await expect(summary).toContainText(tr("responsible.session.minutes", { count: "15" }));
    await expect(summary.locator("[data-session-ends]")).toBeVisible();
    // A longer one waits the UK's 24 hours: the limit in force stays.
    await save("60");
    await expect(summary.locator("[data-session-pending]")).toContainText(tr("responsible.session.hour"));
    await expect(summary).toHaveAttribute("data-session-limit", "15");
    if (!jsOn()) return;
    // The header counts down; at the end the player is signed out and told why.
    await expect(siteHeader(page).locator("[data-session-left]")).toHaveText(/^0:1\d:\d\d$/);
    await page.clock.fastForward("15:30");
    await expect(page.getByText(tr("responsible.session.ended"))).toBeVisible();
    await expect(siteHeader(page).locator("[data-balance]")).toHaveCount(0);
  });
});

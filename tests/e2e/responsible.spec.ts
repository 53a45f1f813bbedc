import { absolute, expect, msg, siteHeader, test } from "./fixtures";
import { origin, PASSWORD, popup, registerByApi, unique } from "./accounts-fixtures";

/**
 * Responsible gaming (decision 0012): the profile page's forms with and without JavaScript, the
 * self-exclusion sign-out, the header's session clock and the reality check.
 */

const PROFILE = "/profile/responsible-game";
const limitForm = (page: import("@playwright/test").Page) => page.locator("form#deposit-limit");

test.describe("deposit limit @nojs", () => {
  test("sets a limit and shows what is left, then holds a raise for 24 hours", async ({ page }) => {
    await registerByApi(page.request, unique("limit"));
    await page.goto(PROFILE);
    await expect(page.getByTestId("deposit-limit")).toBeVisible();
    await limitForm(page).locator("select[name=period]").selectOption("7");
    await limitForm(page).locator("input[name=amount]").fill("250");
    await limitForm(page).getByRole("button").click();
    await expect(page).toHaveURL(absolute(PROFILE));
    await expect(page.locator("[data-available]")).toContainText("$250");
    await expect(limitForm(page).locator("input[name=amount]")).toHaveValue("250");

    await limitForm(page).locator("input[name=amount]").fill("500");
    await limitForm(page).getByRole("button").click();
    await expect(page.locator("[data-pending]")).toContainText("$500");
    await expect(page.locator("[data-available]")).toContainText("$250");
  });

  test("refuses a malformed amount with a field error and keeps it", async ({ page }) => {
    await registerByApi(page.request, unique("limit-bad"));
    await page.goto(PROFILE);
    await limitForm(page).locator("select[name=period]").selectOption("30");
    await limitForm(page).locator("input[name=amount]").fill("012");
    await limitForm(page).getByRole("button").click();
    await expect(limitForm(page).locator("input[name=amount]")).toHaveAttribute("aria-invalid", "true");
    await expect(limitForm(page).locator("input[name=amount]")).toHaveValue("012");
    await expect(limitForm(page).locator("select[name=period]")).toHaveValue("30");
  });

  test("before any limit the amount is labelled with the player's currency, in every locale", async ({ page }) => {
    await registerByApi(page.request, unique("limit-label"));
    await page.goto(PROFILE);
    await expect(page.getByTestId("deposit-limit")).toContainText(msg("en", "responsible.limit.noLimit"));
    await expect(limitForm(page).getByLabel("Limit (USD)")).toBeVisible();
    await page.goto(`/es${PROFILE}`);
    await expect(limitForm(page).getByLabel("Límite (USD)")).toBeVisible();
    await expect(limitForm(page)).not.toContainText("()");
  });

  test("the responsible-gaming page shows the limit and links to the tools", async ({ page }) => {
    await registerByApi(page.request, unique("overview"));
    await page.request.post("/api/account/setDepositLimit", { multipart: { period: "1", amount: "10000" }, headers: { origin: origin() } });
    await page.goto("/responsible-game");
    await expect(page.locator("[data-available]")).toContainText("$100");
    await page.locator(`a[href="${PROFILE}"]`).click();
    await expect(page).toHaveURL(absolute(PROFILE));
  });
});

test.describe("self-exclusion @nojs", () => {
  test("signs the player out, and sign-in is refused with the reason", async ({ page }, testInfo) => {
    const email = unique("exclude");
    await registerByApi(page.request, email);
    await page.goto(PROFILE);
    if (testInfo.project.name === "js") {
      // Let the signed-in page's own calls finish before the session ends under them: the
      // registration hint shows once the cashier answered, the clock once it has read the session.
      await expect(page.locator("[data-hint=registration]")).toBeVisible();
      await expect(page.locator("[data-session-time]")).toBeVisible();
    }
    const form = page.locator("form#self-exclusion");
    await form.locator("select[name=period]").selectOption("7d");
    await form.locator("input[name=password]").fill("not-my-password");
    await form.locator("input[name=confirm]").check();
    await form.getByRole("button").click();
    await expect(form.locator("input[name=password]")).toHaveAttribute("aria-invalid", "true");
    await expect(siteHeader(page).getByText(email)).toBeVisible();

    await form.locator("input[name=password]").fill(PASSWORD);
    await form.locator("input[name=confirm]").check();
    await form.getByRole("button").click();
    await expect(page).toHaveURL(absolute("/"));
    await expect(siteHeader(page).getByRole("link", { name: "Sign in" })).toBeVisible();

    const res = await page.request.post("/api/auth/login", { multipart: { login: email, password: PASSWORD }, headers: { origin: origin() } });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.message).toMatch(/^Your account is self-excluded until \d\d\.\d\d\.\d{4}$/);
    await page.goto("/?show_popup_auth=1");
    await popup(page).getByLabel("Email or login").fill(email);
    await popup(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
    await popup(page).getByRole("button", { name: "Sign in" }).click();
    await expect(popup(page).getByRole("alert")).toBeVisible();
    await expect(siteHeader(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  });
});

test.describe("session clock and reality check", () => {
  test("the header counts the session; the reminder opens after the interval and Continue closes it", async ({ page }) => {
    await page.clock.install();
    await registerByApi(page.request, unique("reality"));
    await page.request.post("/api/account/setRealityCheck", { multipart: { minutes: "15" }, headers: { origin: origin() } });
    await page.goto("/about");
    const clock = page.locator("#header-session [data-session-time]");
    await expect(clock).toHaveText(/^0:0\d:\d\d$/);
    await expect(page.locator("#header-session [data-session-net]")).toHaveText("$0");
    await expect(page.locator("[data-reality-check=armed]")).toBeAttached();
    await page.clock.runFor(15 * 60_000);
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator("[data-check-played]")).toHaveText(/^0:1[45]:\d\d$/);
    await expect(dialog.locator("[data-check-wagered]")).toHaveText("$0");
    await expect(clock).toHaveText(/^0:1[45]:\d\d$/);
    await dialog.getByRole("button").last().click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(siteHeader(page)).toBeVisible();
  });

  test("Set a limit in the reminder opens the limits page", async ({ page }) => {
    await page.clock.install();
    await registerByApi(page.request, unique("reality-limit"));
    // 15 minutes: the forced logout (30 minutes here) must not come first.
    await page.request.post("/api/account/setRealityCheck", { multipart: { minutes: "15" }, headers: { origin: origin() } });
    await page.goto("/about");
    await expect(page.locator("[data-reality-check=armed]")).toBeAttached();
    await page.clock.runFor(15 * 60_000);
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator("[data-check-played]")).toBeVisible();
    await dialog.getByRole("button").nth(1).click();
    await expect(page).toHaveURL(absolute(PROFILE));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("form#reality-check select[name=minutes]")).toHaveValue("15");
  });
});

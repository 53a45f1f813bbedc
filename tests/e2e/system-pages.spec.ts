import { expect, siteHeader, test } from "./fixtures";

test.describe("system pages", { tag: "@nojs" }, () => {
  test("/unsubscribe without its parameters says the link is invalid", async ({ page }) => {
    await page.goto("/unsubscribe");
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("This unsubscribe link is not valid");
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
    await expect(siteHeader(page)).toBeVisible();
  });

  for (const form of [
    { path: "/forms/sign_in", title: "Sign in to Playfront", submit: "Sign in", other: "No account yet? Sign up", flag: "show_popup_reg=1" },
    { path: "/forms/sign_up", title: "Join Playfront", submit: "Create account", other: "Already have an account? Sign in", flag: "show_popup_auth=1" },
  ]) {
    test(`${form.path} uses the empty layout with its form and a link to the other one`, async ({ page, baseURL }) => {
      const response = await page.goto(form.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: form.title })).toBeVisible();
      await expect(page.getByRole("button", { name: form.submit })).toBeVisible();
      await expect(page.getByRole("link", { name: form.other })).toHaveAttribute("href", `${baseURL}/?${form.flag}`);
      await expect(page.getByRole("banner")).toHaveCount(0);
      await expect(page.getByRole("complementary")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page).toHaveTitle(new RegExp(`^${form.title} \\| `));
    });
  }

  test("/_icons shows the icon grid", async ({ page }) => {
    await page.goto("/_icons");
    await expect(page.getByRole("heading", { level: 1, name: "Icons" })).toBeVisible();
    const grid = page.getByRole("list");
    expect(await grid.getByRole("listitem").count()).toBeGreaterThan(10);
    await expect(grid.getByRole("listitem").filter({ hasText: /^menu$/ })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
  });

  test("/confirmation tells the player to check their email", async ({ page }) => {
    const response = await page.goto("/confirmation");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your email" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Go to the home page" })).toBeVisible();
    await expect(page).toHaveTitle("Confirm your email | Playfront Casino");
  });

  test("/confirmation/success confirms and leads to the games", async ({ page }) => {
    const response = await page.goto("/confirmation/success");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Go to the games" })).toHaveAttribute("href", "/gamehall");
  });
});

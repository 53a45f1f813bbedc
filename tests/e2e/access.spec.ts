import { absolute, expect, getNoFollow, html, test } from "./fixtures";

/** Player areas send a visitor to the index with the sign-in popup, carrying the full path to return to after login. */
const protectedPaths = [
  { path: "/cashier", index: "/" },
  { path: "/cashier/deposit?x=1", index: "/" },
  { path: "/profile", index: "/" },
  { path: "/bets", index: "/" },
  { path: "/responsible-game", index: "/" },
  { path: "/es/profile/settings", index: "/es" },
];

test.describe("player areas for a visitor", { tag: "@nojs" }, () => {
  for (const { path, index } of protectedPaths) {
    test(`${path} goes to ${index} with redirectUrl`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(absolute(`${index}?show_popup_auth=1&redirectUrl=${encodeURIComponent(path)}`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (index === "/es") await expect(html(page)).toHaveAttribute("lang", "es");
    });
  }
});

test.describe("site redirects from the operator's configuration", () => {
  test("/promo/anything?a=1 goes to the home page's promotions keeping the query", { tag: "@nojs" }, async ({ page, request }) => {
    const r = await getNoFollow(request, "/promo/anything?a=1");
    expect(r.status()).toBe(302);
    await page.goto("/promo/anything?a=1");
    await expect(page).toHaveURL(absolute("/?a=1"));
  });

  test("/licence goes to the regulator's site", async ({ request }) => {
    const r = await getNoFollow(request, "/licence");
    expect(r.status()).toBe(302);
    expect(r.headers()["location"]).toBe("https://www.gamblingcommission.gov.uk/");
  });
});

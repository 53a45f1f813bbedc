import { expect, html, sidebar, test } from "./fixtures";

test.describe("theme switcher", { tag: "@nojs" }, () => {
  test("dark by default; 'Light' switches and is remembered after a reload", async ({ page, context }) => {
    await page.goto("/about");
    await expect(html(page)).toHaveAttribute("data-theme", "dark");
    const theme = sidebar(page).getByRole("form", { name: "Theme" });
    await expect(theme.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");

    await theme.getByRole("button", { name: "Light" }).click();
    await expect(html(page)).toHaveAttribute("data-theme", "light");
    await expect(theme.getByRole("button", { name: "Light" })).toHaveAttribute("aria-pressed", "true");
    // The choice is saved in the 'theme' cookie, and the player stays on the page.
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "theme")?.value).toBe("light");
    await expect(page).toHaveURL(/\/about$/);

    await page.reload();
    await expect(html(page)).toHaveAttribute("data-theme", "light");
    await page.goto("/");
    await expect(html(page)).toHaveAttribute("data-theme", "light");

    await sidebar(page).getByRole("form", { name: "Theme" }).getByRole("button", { name: "Dark" }).click();
    await expect(html(page)).toHaveAttribute("data-theme", "dark");
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
  });
});

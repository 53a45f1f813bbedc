import { registerByApi, unique } from "./accounts-fixtures";
import { expect, msg, test } from "./fixtures";

/** Toasts speak the page's language: the close button too, not only the text (SPEC §3 Toast: allowClose). */
test.describe("toasts @nojs", () => {
  test("on a Spanish page a toast's close button is named in Spanish, and closes it", async ({ page, javaScriptEnabled }) => {
    const es = (key: string) => msg("es", key);
    await registerByApi(page.request, unique("toast-es"));
    await page.goto("/es/wheel-of-fortune");
    await page.getByLabel(es("wheel.fair.newClientSeed")).fill("semilla-de-la-suerte");
    await page.getByRole("button", { name: es("wheel.fair.saveSeed") }).click();
    // A redirect's flashed toast: server-rendered, so it is there without JavaScript too.
    const toast = page.locator("[data-toast]").filter({ hasText: es("wheel.fair.seedSaved") });
    await expect(toast).toBeVisible();
    const close = toast.getByRole("button", { name: es("common.close") });
    await expect(close).toBeVisible();
    if (javaScriptEnabled) {
      await close.click();
      await expect(toast).toHaveCount(0);
    }
  });
});

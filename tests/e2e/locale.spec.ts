import type { Page } from "@playwright/test";
import { registerByApi, unique } from "./accounts-fixtures";
import { absolute, expect, getNoFollow, html, msg, SEED, siteHeader, test } from "./fixtures";

test.describe("language switcher", { tag: "@nojs" }, () => {
  test("choosing العربية opens the Arabic site right to left", async ({ page }) => {
    await page.goto("/");
    await siteHeader(page).locator("summary", { hasText: "Choose language" }).click();
    const arabic = siteHeader(page).getByRole("link", { name: "العربية" });
    await expect(arabic).toBeVisible();
    await arabic.click();
    await expect(page).toHaveURL(absolute("/ar"));
    await expect(html(page)).toHaveAttribute("lang", "ar");
    await expect(html(page)).toHaveAttribute("dir", "rtl");
    await expect(siteHeader(page).getByRole("link", { name: msg("ar", "header.signUp") })).toBeVisible();
    // The switcher, now in Arabic, offers English back and not Arabic.
    await siteHeader(page)
      .locator("summary", { hasText: msg("ar", "header.language") })
      .click();
    await expect(siteHeader(page).getByRole("link", { name: "English" })).toHaveAttribute("href", "/?lang=en");
    await expect(siteHeader(page).getByRole("link", { name: "العربية" })).toHaveCount(0);
  });

  test("choosing Español on a page keeps the page: /about → /es/about", async ({ page }) => {
    await page.goto("/about");
    await siteHeader(page).locator("summary", { hasText: "Choose language" }).click();
    await siteHeader(page).getByRole("link", { name: "Español" }).click();
    await expect(page).toHaveURL(absolute("/es/about"));
    await expect(html(page)).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1, name: "Acerca de Playfront" })).toBeVisible();
  });
});

test.describe("an explicit language choice wins over the remembered one", () => {
  for (const locale of ["es", "pt", "ar"]) {
    test(`choosing English on the /${locale} home opens / in English, and / stays English`, { tag: "@nojs" }, async ({ page }) => {
      await page.goto(`/${locale}`);
      // The locale cookie now says ${locale}: the bare root would follow it back.
      await siteHeader(page)
        .locator("summary", { hasText: msg(locale, "header.language") })
        .click();
      await siteHeader(page).getByRole("link", { name: "English" }).click();
      await expect(page).toHaveURL(absolute("/"));
      await expect(html(page)).toHaveAttribute("lang", "en");
      await expect(html(page)).toHaveAttribute("dir", "ltr");
      await page.goto("/");
      await expect(page).toHaveURL(absolute("/"));
      await expect(html(page)).toHaveAttribute("lang", "en");
    });
  }

  test("?lang= on any page: that page in the chosen locale, the cookie updated, the rest of the query kept", async ({ request }) => {
    const chosen = await getNoFollow(request, "/es/gamehall?category=slots&lang=en", { cookie: "locale=es" });
    expect(chosen.status()).toBe(302);
    expect(chosen.headers()["location"]).toBe("/gamehall?category=slots");
    expect(chosen.headers()["set-cookie"]).toMatch(/^locale=en;/);
    const unknown = await getNoFollow(request, "/es?lang=xx");
    expect(unknown.status()).toBe(302);
    expect(unknown.headers()["location"]).toBe("/es");
    expect(unknown.headers()["set-cookie"]).toBeUndefined();
  });
});

test.describe("locale URLs", { tag: "@nojs" }, () => {
  test("/en/about is a permanent redirect to /about (the default locale has no prefix)", async ({ request, page }) => {
    const response = await getNoFollow(request, "/en/about?ref=1");
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/about?ref=1");
    await page.goto("/en/about");
    await expect(page).toHaveURL(absolute("/about"));
    await expect(html(page)).toHaveAttribute("lang", "en");
  });

  test("a page under a segment that is no locale answers 404: /xx/unsubscribe", async ({ page }) => {
    const response = await page.goto("/xx/unsubscribe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});

test.describe("payment methods", { tag: "@nojs" }, () => {
  for (const locale of SEED.locales) {
    test(`are named in ${locale} in the deposit and withdrawal lists`, async ({ page }) => {
      await registerByApi(page.request, unique(`methods-${locale}`));
      const prefix = locale === "en" ? "" : `/${locale}`;
      const name = (sysname: string) => msg(locale, `cashier.methodNames.${sysname}`);
      if (locale !== "en") expect(name("demo_card")).not.toBe(msg("en", "cashier.methodNames.demo_card"));

      await page.goto(`${prefix}/cashier/deposit`);
      const deposit = page.getByRole("navigation", { name: msg(locale, "cashier.methods") });
      for (const sysname of ["demo_card", "demo_ewallet", "demo_bank", "demo_mobile", "demo_newwindow"]) {
        await expect(deposit.getByRole("link", { name: name(sysname), exact: true })).toBeVisible();
      }
      await deposit.getByRole("link", { name: name("demo_bank"), exact: true }).click();
      await expect(page.getByRole("heading", { level: 2, name: name("demo_bank"), exact: true })).toBeVisible();

      await page.goto(`${prefix}/cashier/withdraw`);
      const withdraw = page.getByRole("navigation", { name: msg(locale, "cashier.methods") });
      for (const sysname of ["demo_card", "demo_bank"]) {
        await expect(withdraw.getByRole("link", { name: name(sysname), exact: true })).toBeVisible();
      }
    });
  }
});

// Not @nojs: text measured in the laid-out page, the same before and after scripts.
test.describe("players' and games' own text in Arabic", () => {
  /** The first Latin text on the screen ellipsised in `selector`, and whether its first letter shows. */
  async function firstCut(page: Page, selector: string) {
    return page.evaluate((sel) => {
      const cut = [...document.querySelectorAll<HTMLElement>(sel)].find(
        (el) => el.getBoundingClientRect().top < innerHeight && el.scrollWidth > el.clientWidth && /^[A-Za-z]/.test(el.textContent ?? ""),
      );
      if (!cut?.firstChild) return null;
      const range = document.createRange();
      range.setStart(cut.firstChild, 0);
      range.setEnd(cut.firstChild, 1);
      const first = range.getBoundingClientRect();
      const box = cut.getBoundingClientRect();
      return { text: cut.textContent, firstLetterShown: first.left >= box.left - 0.5 && first.right <= box.right + 0.5 };
    }, selector);
  }

  // The tile's visible Latin text is the studio's name: the cover draws the title (decision 0033).
  test("a Latin studio name cut short in a tile keeps its start", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/ar/gamehall");
    // The seeded studios' names fit a phone's tile; a narrower box stands for a longer name.
    await page.evaluate(() => {
      const style = document.createElement("style");
      style.textContent = ".game-tile__provider { max-width: 64px }";
      document.head.appendChild(style);
    });
    const cut = await firstCut(page, ".game-tile__provider");
    expect(cut, "a tile on the screen has a studio name too long for it").not.toBeNull();
    expect(cut).toEqual({ text: cut!.text, firstLetterShown: true });
  });

  test("the player's email cut short in the header keeps its start", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await registerByApi(page.request, unique("a-rather-long-address-for-the-header"));
    await page.goto("/ar");
    const cut = await firstCut(page, ".header__player");
    expect(cut, "the email is too long for the header").not.toBeNull();
    expect(cut).toEqual({ text: cut!.text, firstLetterShown: true });
  });
});

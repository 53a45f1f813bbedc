import { expect, test } from "./fixtures";

// Not @nojs: measurements of the laid-out popup, which scripts do not change (the popup's forms are proved without JavaScript in auth.spec.ts).

/**
 * The registration popup on phones (issue 16): a full-screen sheet up to 480 px wide, not a card
 * squeezed inside 16 px of page, with comfortable spacing — full-width fields at least 44 px high,
 * at least 12 px between them, a 44 px close target, nothing wider than the sheet — and the same
 * card as before from 481 px up.
 */
for (const width of [360, 390]) {
  test(`on a ${width} px phone the registration popup is a full-screen sheet with room to type`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto("/?show_popup_reg=1");
    const panel = page.locator('.dialog:has([data-auth-mode="registration"]) .dialog__panel');
    await expect(panel).toBeVisible();
    expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width, height: 740 });
    expect(await panel.evaluate((el) => getComputedStyle(el).borderRadius)).toBe("0px");
    expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    const inputs = panel.locator(".auth__form .field input:visible");
    expect(await inputs.count()).toBeGreaterThanOrEqual(2);
    const boxes = await Promise.all((await inputs.all()).map((i) => i.boundingBox()));
    for (const box of boxes) {
      // 20 px of padding each side at most: the fields use the phone's width.
      expect(box!.width).toBeGreaterThanOrEqual(width - 40);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.y - (boxes[i - 1]!.y + boxes[i - 1]!.height)).toBeGreaterThanOrEqual(12);

    const close = panel.locator(".dialog__close");
    const closeBox = (await close.boundingBox())!;
    expect(closeBox.width).toBeGreaterThanOrEqual(44);
    expect(closeBox.height).toBeGreaterThanOrEqual(44);
    // The submit button is reachable by scrolling the sheet and is a full-width, 48 px target.
    const submit = panel.locator('.auth__form button.btn--primary[type="submit"]');
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport();
    const submitBox = (await submit.boundingBox())!;
    expect(submitBox.width).toBeGreaterThanOrEqual(width - 40);
    expect(submitBox.height).toBeGreaterThanOrEqual(48);
  });
}

test("from 481 px the registration popup stays a card over the page", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto("/?show_popup_reg=1");
  const box = (await page.locator('.dialog:has([data-auth-mode="registration"]) .dialog__panel').boundingBox())!;
  expect(box.x).toBeGreaterThan(0);
  expect(box.width).toBeLessThan(768);
});

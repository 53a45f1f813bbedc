import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { registerByApi, unique } from "./accounts-fixtures";
import { expect, jsOn, test, tr } from "./fixtures";

/**
 * Web push on the notification page (issue 43, decision 0114): the plain form turns notifications on
 * at the demo push relay (with JavaScript on or off: no browser push service is reachable here), saves
 * the topics, sends a test notification that the relay's inbox shows decrypted, and turns them off.
 */

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });
const section = (page: Page) => page.getByTestId("push-notifications");

test.describe("web push @nojs", () => {
  test("turn on at the demo relay, choose topics, send a test the inbox shows, turn off", async ({ page }) => {
    await registerByApi(page.request, unique("push"));
    // No push service is reachable here: the browser's own subscription is a stand-in that records
    // being ended (the service workers the tests block have no PushManager to ask).
    await page.addInitScript(() => {
      const subscription = { unsubscribe: async () => ((window as { unsubscribed?: boolean }).unsubscribed = true) };
      const registration = { pushManager: { getSubscription: async () => subscription } };
      Object.defineProperty(ServiceWorkerContainer.prototype, "getRegistration", { value: async () => registration });
    });
    await page.goto("/profile/notification");
    const push = section(page);
    await expect(push.getByRole("heading", { name: tr("profile.pushForm.title") })).toBeVisible();
    // Every topic is offered, checked until the player chooses.
    for (const topic of ["tournaments", "withdrawals", "bonuses"]) {
      await expect(push.getByRole("checkbox", { name: tr(`profile.pushForm.topic.${topic}`) })).toBeChecked();
    }
    await push.getByRole("checkbox", { name: tr("profile.pushForm.topic.bonuses") }).uncheck();
    await push.getByRole("button", { name: tr("profile.pushForm.enableDemo"), exact: true }).click();
    await expect(toast(page, tr("profile.pushForm.saved"))).toBeVisible();
    await expect(push.locator("[data-push-on]")).toHaveText(tr("profile.pushForm.on", { count: "1" }));
    await expect(push.getByRole("checkbox", { name: tr("profile.pushForm.topic.bonuses") })).not.toBeChecked();
    await expect(push.getByRole("checkbox", { name: tr("profile.pushForm.topic.withdrawals") })).toBeChecked();
    const settings = (await (await page.request.get("/api/push/getSettings")).json()).data;
    expect(settings.subscriptions).toEqual([expect.objectContaining({ demo: true, topics: ["tournaments", "withdrawals"] })]);

    if (jsOn()) {
      const { violations } = await new AxeBuilder({ page }).include('[data-testid="push-notifications"]').analyze();
      expect(violations.map((v) => v.id)).toEqual([]);
    }

    await push.getByRole("button", { name: tr("profile.pushForm.test") }).click();
    await expect(toast(page, tr("profile.pushForm.testSent"))).toBeVisible();
    const inbox = push.getByRole("link", { name: tr("profile.pushForm.inbox") });
    const href = (await inbox.getAttribute("href"))!;
    // The push is delivered after the answer: the inbox shows it once the relay took it.
    await expect
      .poll(async () => (await (await page.request.get(`${href}&format=json`)).json()).items.map((i: { title: string }) => i.title))
      .toEqual([tr("push.test.title")]);
    await inbox.click();
    await expect(page.getByRole("heading", { name: tr("push.test.title") })).toBeVisible();
    await page.goto("/profile/notification");

    await section(page)
      .getByRole("button", { name: tr("profile.pushForm.disable") })
      .click();
    await expect(toast(page, tr("profile.pushForm.saved"))).toBeVisible();
    await expect(section(page).locator("[data-push-on]")).toHaveCount(0);
    await expect(section(page).getByRole("button", { name: tr("profile.pushForm.enableDemo"), exact: true })).toBeVisible();
    // With JavaScript, turning off also ended the browser's subscription at its push service.
    if (jsOn()) expect(await page.evaluate(() => (window as { unsubscribed?: boolean }).unsubscribed)).toBe(true);
  });
});

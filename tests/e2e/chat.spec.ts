import type { Browser, Page } from "@playwright/test";
import { registerByApi, unique } from "./accounts-fixtures";
import { expect, test, tr } from "./fixtures";

/**
 * The live chat's demo provider (issue 24, decision 0055): a player's and a visitor's message
 * reach the operator console, and the operator's reply appears in the open panel without a
 * reload (a player's over the realtime channel, a visitor's by the panel's poll). No chat on the
 * betting and game pages. The chat's code loads with the first interaction (first-load JS bar). JavaScript only: without it /support has the form.
 */

const CONSOLE = "/platform/demo/chat";
const launcher = (page: Page) => page.getByRole("button", { name: tr("chat.open") });
const log = (page: Page) => page.getByTestId("chat-log");
/** The chat loads with the page's first interaction (after hydration): a key press. */
async function wakeChat(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-links", "");
  await page.keyboard.press("Shift");
  await expect(launcher(page)).toBeVisible();
}

const uniqueText = (who: string) => `Hello from ${who} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function sendInPanel(page: Page, text: string) {
  await wakeChat(page);
  await launcher(page).click();
  await expect(page.getByRole("heading", { name: tr("chat.title") })).toBeVisible();
  await page.getByLabel(tr("chat.message")).fill(text);
  await page.getByRole("button", { name: tr("chat.send"), exact: true }).click();
  await expect(log(page).locator('[data-author="user"]').filter({ hasText: text })).toBeVisible();
  await expect(page.getByLabel(tr("chat.message"))).toHaveValue("");
}

/** The operator, in a browser of their own, finds the conversation by its message and replies. */
async function operatorReplies(browser: Browser, message: string, reply: string, who: RegExp) {
  const operator = await browser.newPage();
  await operator.goto(CONSOLE);
  const item = operator.getByTestId("chat-conversation").filter({ hasText: message });
  await expect(item).toContainText(who);
  await item.getByRole("link").click();
  await expect(operator.getByTestId("chat-console-message").filter({ hasText: message })).toHaveAttribute("data-author", "user");
  await operator.getByLabel("Reply").fill(reply);
  await operator.getByRole("button", { name: "Send reply" }).click();
  await expect(operator.getByTestId("chat-console-message").filter({ hasText: reply })).toHaveAttribute("data-author", "operator");
  await operator.close();
}

test.describe("live chat", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the chat is a script; /support has the form without one");

  test("a player's message reaches the console and the operator's reply appears in the panel without reload", async ({ page, browser }) => {
    await registerByApi(page.request, unique("chat"));
    await page.goto("/gamehall");
    // The reply comes over the player's realtime connection: wait until it is open.
    await expect(page.locator("html")).toHaveAttribute("data-realtime", "open", { timeout: 10_000 });
    const message = uniqueText("a player");
    await sendInPanel(page, message);
    const reply = `Operator here: ${message.slice(-12)}`;
    await operatorReplies(browser, message, reply, /player #\d+/);
    await expect(log(page).locator('[data-author="operator"]').filter({ hasText: reply })).toBeVisible();
    await expect(page).toHaveURL(/\/gamehall$/);
  });

  test("a visitor chats too, and the conversation carries on after signing in", async ({ page, browser }) => {
    await page.goto("/");
    const message = uniqueText("a visitor");
    await sendInPanel(page, message);
    const reply = `Welcome, visitor ${message.slice(-12)}`;
    await operatorReplies(browser, message, reply, /visitor/);
    await expect(log(page).locator('[data-author="operator"]').filter({ hasText: reply })).toBeVisible();

    // Signing in hands the visitor's conversation to the player.
    await registerByApi(page.request, unique("chat-visitor"));
    await page.reload();
    await wakeChat(page);
    await launcher(page).click();
    await expect(log(page).locator('[data-author="user"]').filter({ hasText: message })).toBeVisible();
    await expect(log(page).locator('[data-author="operator"]').filter({ hasText: reply })).toBeVisible();
  });

  test("no launcher on the betting page or a game page, and it is back on the next page", async ({ page }) => {
    await page.goto("/gamehall");
    await wakeChat(page);
    // Client-side navigation, as a player clicks through: the launcher is already loaded.
    await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<a data-link href="/betting" id="to-betting">to betting</a>'));
    await page.locator("#to-betting").click();
    await expect(page).toHaveURL(/\/betting$/);
    await expect(page.locator(".betting, main h1").first()).toBeVisible();
    await expect(launcher(page)).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/gamehall$/);
    await expect(launcher(page)).toBeVisible();

    await page.locator('.lobby-grid a[href^="/game/"]').first().click();
    await expect(page).toHaveURL(/\/game\//);
    await expect(page.locator("iframe.game-frame__iframe")).toBeAttached({ timeout: 15_000 });
    await expect(launcher(page)).toHaveCount(0);
  });
});

test.describe("what floats over the page's bottom covers nothing for good", () => {
  for (const size of [
    { name: "desktop", width: 1280, height: 720 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    test(`${size.name}: scrolled to its end, the page's last line is clear of the chat launcher and the new player's notice`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await registerByApi(page.request, unique(`float-${size.name}`));
      await page.goto("/loyalty/shop");
      await wakeChat(page);
      await expect(page.locator("[data-hint]").first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // Whatever the page ends with (the footer's last line), scrolled as far as it goes, ends above both.
      const content = await page.evaluate(() => {
        const floating = (e: Element) => e.closest(".chat, .player-hints");
        // The page and its footer (the closed phone menu's links lie off the screen by design).
        const boxes = [...document.querySelectorAll(":is(main, footer) :is(p, a, button, li)")]
          .filter((e) => !floating(e))
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height > 0);
        return Math.max(...boxes.map((r) => r.bottom));
      });
      const launcherTop = (await launcher(page).boundingBox())!.y;
      const noticeTop = (await page.locator(".player-hints").boundingBox())!.y;
      expect(content, "the last line ends above the chat launcher").toBeLessThanOrEqual(launcherTop);
      expect(content, "the last line ends above the notice").toBeLessThanOrEqual(noticeTop);
    });
  }
});

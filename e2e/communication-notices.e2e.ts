import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import {
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  PHONE,
  screenshot,
  signIn,
  submitSignIn,
  visible,
} from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The bell's count as its label says it ("Notifications, 3 unread"; no number when none). */
async function bellCount(page: Page) {
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await visible(bell);
  const label = (await bell.getAttribute("aria-label")) ?? "";
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

/** Waits until the bell counts more than `count` (other journeys may ring it too). */
async function bellRisesAbove(page: Page, count: number) {
  await page.waitForFunction((n) => {
    const label = document.querySelector('button[aria-label^="Notifications"]')?.getAttribute("aria-label") ?? "";
    return Number(/(\d+) unread/.exec(label)?.[1] ?? 0) > n;
  }, count);
}

describe("notices and the bell", () => {
  it("a director sends a notice to a classroom; the parent's bell rises live, they open it, and the director sees them read it", async () => {
    const director = await openPage(browser, DESKTOP);
    const directorPhone = await openPage(browser, PHONE);
    const parent = await openPage(browser, PHONE);
    const parentDesktop = await openPage(browser, DESKTOP);
    try {
      await signIn(director.page, demoUser("center_director").email);
      await submitSignIn(directorPhone.page, demoUser("center_director").email);
      await submitSignIn(parent.page, demoUser("parent").email);
      await signIn(parentDesktop.page, demoUser("parent").email);
      const before = await bellCount(parent.page);

      await director.page.goto("/parent-communication");
      const form = director.page.getByRole("form", { name: "Send a notice" });
      await form.getByRole("button", { name: "Send notice" }).click();
      await visible(form.getByText("Title is required"));
      await visible(form.getByText("Message is required"));
      await screenshot(director.page, "notice-form");

      const title = `Picnic on Friday ${Date.now()}`;
      await form.getByRole("combobox", { name: "Send to" }).click();
      await director.page.getByRole("option", { name: "Toddlers" }).click();
      await director.page.keyboard.press("Escape");
      await form.getByLabel("Title").fill(title);
      await form.getByLabel("Message").fill("Please send a hat and a water bottle.\nWe leave at 10 am.");
      await form.getByRole("button", { name: "Send notice" }).click();
      await visible(form.getByText(/Notice sent to \d+ parents?/));
      const row = director.page.getByRole("row").filter({ hasText: title });
      await visible(row.getByText("Toddlers"));

      // The parent's bell rises without a reload, on the phone and on the desktop.
      await bellRisesAbove(parent.page, before);
      await bellRisesAbove(parentDesktop.page, before);
      await visible(parentDesktop.page.getByRole("link", { name: /^Notices, \d+ unread/ }));
      await screenshot(parentDesktop.page, "nav-badges-parent");
      await parent.page.getByRole("button", { name: "Open navigation menu" }).click();
      await visible(parent.page.getByRole("link", { name: /^Notices, \d+ unread/ }));
      await screenshot(parent.page, "nav-badges-parent");
      await parent.page.keyboard.press("Escape");

      // The director follows who has not read it, on the desktop and on a phone.
      await row.getByRole("button", { name: `Who has not read ${title}` }).click();
      const notRead = director.page.getByRole("dialog", { name: `Not read yet: ${title}` });
      const vikram = notRead.getByRole("row").filter({ hasText: "Vikram Malhotra" });
      await visible(vikram.getByText("Aanya Malhotra"));
      await visible(vikram.getByText("Toddlers"));
      await screenshot(director.page, "notice-not-read");
      await directorPhone.page.goto("/parent-communication");
      await visible(directorPhone.page.getByRole("form", { name: "Send a notice" }));
      await screenshot(directorPhone.page, "notice-form");
      await directorPhone.page
        .getByRole("article", { name: title })
        .getByRole("button", { name: `Who has not read ${title}` })
        .click();
      const phoneList = directorPhone.page.getByRole("dialog", { name: `Not read yet: ${title}` });
      await visible(phoneList.getByText("Vikram Malhotra"));
      await screenshot(directorPhone.page, "notice-not-read");

      // The bell on the desktop, then on the phone, where the line leads to the notice.
      await parentDesktop.page.getByRole("button", { name: /^Notifications/ }).click();
      await visible(parentDesktop.page.getByRole("dialog", { name: "Notifications" }).getByText(title));
      await screenshot(parentDesktop.page, "bell-menu");
      await parentDesktop.page.keyboard.press("Escape");
      await parent.page.getByRole("button", { name: /^Notifications/ }).click();
      const bell = parent.page.getByRole("dialog", { name: "Notifications" });
      await visible(bell.getByText(title));
      await screenshot(parent.page, "bell-menu");
      await bell.getByRole("button", { name: new RegExp(title) }).click();
      await parent.page.waitForURL("**/notices**");
      const opened = parent.page.getByRole("dialog", { name: title });
      await visible(opened.getByText("We leave at 10 am.", { exact: false }));
      await screenshot(parent.page, "notice-parent");
      await opened.getByRole("button", { name: "Close" }).click();
      // Opening the bell read its lines: the count is gone.
      await visible(parent.page.getByRole("button", { name: "Notifications", exact: true }));

      // The director's open list moves without a reload: Vikram has read it.
      await vikram.waitFor({ state: "detached" });
      await phoneList.getByText("Vikram Malhotra").waitFor({ state: "detached" });
      await director.page.keyboard.press("Escape");
      await visible(row.getByText(/^[1-9]\d* of \d+ read$/));
    } finally {
      await director.context.close();
      await directorPhone.context.close();
      await parent.context.close();
      await parentDesktop.context.close();
    }
  });

  it("a teacher starts a conversation with a parent of a child in their classroom; the parent sees it live", async () => {
    const teacher = await openPage(browser, DESKTOP);
    const parent = await openPage(browser, PHONE);
    try {
      await signIn(teacher.page, demoUser("teacher").email);
      await submitSignIn(parent.page, demoUser("parent").email);
      const before = await bellCount(parent.page);
      await teacher.page.goto("/messaging");
      const start = teacher.page.getByRole("form", { name: "Write to a parent" });
      await start.getByRole("button", { name: "Start conversation" }).click();
      await visible(start.getByText("Please choose the child this is about"));
      await start.getByRole("combobox", { name: "Child" }).click();
      await teacher.page.getByRole("option", { name: /Aanya Malhotra/ }).click();
      await visible(start.getByRole("combobox", { name: "Parent" }).getByText("Vikram Malhotra"));
      await start.getByText("Please choose a parent").waitFor({ state: "detached" });
      await screenshot(teacher.page, "messaging-teacher-start");
      await start.getByRole("button", { name: "Start conversation" }).click();

      const text = `Aanya's spare clothes ran out ${Date.now()}`;
      await teacher.page.getByLabel("Write a message").fill(text);
      await teacher.page.getByRole("button", { name: "Send" }).click();
      await visible(teacher.page.getByTestId("message").filter({ hasText: text }));

      await bellRisesAbove(parent.page, before);
      await parent.page.getByRole("button", { name: /^Notifications/ }).click();
      await parent.page
        .getByRole("dialog", { name: "Notifications" })
        .getByRole("button", { name: new RegExp(text) })
        .click();
      await parent.page.waitForURL("**/messaging");
      await parent.page.getByRole("button", { name: /Priya Sharma · Aanya Malhotra/ }).click();
      await visible(parent.page.getByTestId("message").filter({ hasText: text }));
    } finally {
      await teacher.context.close();
      await parent.context.close();
    }
  });
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, demoUser, launchBrowser, openPage, PHONE, screenshot, signIn, visible } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Signs in through the form; on a phone the navigation waits in the closed drawer. */
async function signInAt(page: Page, email: string, viewport: typeof DESKTOP) {
  if (viewport === DESKTOP) return signIn(page, email);
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill("Sprout@2026");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
}

describe("attendance", () => {
  it("a teacher checks in a class on a phone; the director sees the ratio change live; the parent sees the time", async () => {
    const director = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, PHONE);
    const parent = await openPage(browser, PHONE);
    try {
      await signInAt(director.page, demoUser("center_director").email, DESKTOP);
      await director.page.getByRole("link", { name: "Attendance" }).click();
      const toddlersRatio = director.page.getByRole("article", { name: "Toddlers ratio" }).or(
        director.page.locator('[aria-label="Toddlers ratio"]'),
      );
      await visible(toddlersRatio.getByText("0 children", { exact: false }));

      await signInAt(teacher.page, demoUser("teacher").email, PHONE);
      await teacher.page.goto("/attendance");
      await teacher.page.getByRole("tab", { name: "Toddlers" }).click();
      await teacher.page.getByRole("button", { name: "Check in Aanya Malhotra" }).click();
      await visible(teacher.page.locator('[aria-label="Aanya Malhotra"]').getByText(/^In \d/));
      // Two more children, one tap each.
      for (let n = 0; n < 2; n++) {
        const before = await teacher.page.getByRole("button", { name: /^Check in / }).count();
        await teacher.page.getByRole("button", { name: /^Check in / }).first().click();
        await teacher.page.waitForFunction(
          (count) =>
            document.querySelectorAll('button[aria-label^="Check in "]:not([aria-label$=" again"])').length === count - 1,
          before,
        );
      }
      await screenshot(teacher.page, "attendance-teacher");

      // The director's page was not reloaded: the event brought the new figures.
      await visible(toddlersRatio.getByText("3 children", { exact: false }));
      await screenshot(director.page, "attendance-director");

      await signInAt(parent.page, demoUser("parent").email, PHONE);
      await visible(parent.page.getByText(/Checked in at \d/));
      await screenshot(parent.page, "attendance-parent");
      expect(await parent.page.getByText("No check-in yet today").count()).toBe(1);
    } finally {
      await Promise.all([director.context.close(), teacher.context.close(), parent.context.close()]);
    }
  });

  // Runs after the test above, which checked Aanya in.
  it("the kiosk checks a child out with the family's PIN, and leaving kiosk mode needs the password", async () => {
    const parent = await openPage(browser, PHONE);
    const tablet = await openPage(browser, DESKTOP);
    try {
      await signInAt(parent.page, demoUser("parent").email, PHONE);
      await parent.page.getByRole("button", { name: "Set kiosk PIN" }).click();
      await parent.page.getByLabel("New 4-digit PIN").fill("12");
      await parent.page.getByRole("button", { name: "Save PIN" }).click();
      await visible(parent.page.getByText("The PIN must be 4 digits."));
      await parent.page.getByLabel("New 4-digit PIN").fill("4826");
      await parent.page.getByRole("button", { name: "Save PIN" }).click();
      await visible(parent.page.getByText("Your kiosk PIN is set."));
      await screenshot(parent.page, "attendance-parent-pin");

      await signInAt(tablet.page, demoUser("center_director").email, DESKTOP);
      await tablet.page.goto("/attendance");
      await tablet.page.getByRole("link", { name: "Kiosk" }).click();
      await tablet.page.getByRole("button", { name: "Open kiosk mode" }).click();
      await tablet.page.getByLabel("Type your child's name, or your own").fill("Aanya");
      await tablet.page.getByRole("button", { name: "Check out Aanya Malhotra" }).click();
      for (const digit of "1111") await tablet.page.getByRole("button", { name: digit, exact: true }).click();
      await visible(tablet.page.getByText("That PIN is not right."));
      for (const digit of "4826") await tablet.page.getByRole("button", { name: digit, exact: true }).click();
      await visible(tablet.page.getByRole("status").getByText("Aanya is checked out. Goodbye!"));
      await screenshot(tablet.page, "attendance-kiosk");

      // The family sees the check-out, collected by the parent who typed the PIN.
      await parent.page.reload();
      await visible(parent.page.getByText(/Checked out at \d.* by Vikram Malhotra/));

      await tablet.page.getByRole("button", { name: "Leave kiosk mode" }).click();
      await tablet.page.getByLabel("Password").fill("wrong-password");
      await tablet.page.getByRole("dialog").getByRole("button", { name: "Leave kiosk mode" }).click();
      await visible(tablet.page.getByText("That password is not right."));
      await tablet.page.getByLabel("Password").fill("Sprout@2026");
      await tablet.page.getByRole("dialog").getByRole("button", { name: "Leave kiosk mode" }).click();
      await tablet.page.waitForURL("**/attendance");
    } finally {
      await Promise.all([parent.context.close(), tablet.context.close()]);
    }
  });
});

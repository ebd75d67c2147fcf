import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseURL,
  DEMO_PASSWORD,
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  openSignedIn,
  PHONE,
  screenshot,
  visible,
} from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A phone whose browser asks for Hindi first, as a family's phone set to Hindi does. */
async function hindiPhone() {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    locale: "hi-IN",
    reducedMotion: "reduce",
    serviceWorkers: "block",
  });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

describe("Sprout in the family's language (issue 34)", () => {
  it("a phone set to Hindi signs in and reads the child's day tiles in Hindi (390)", async () => {
    const { context, page } = await hindiPhone();
    try {
      await page.goto("/login");
      await visible(page.getByRole("heading", { name: "फिर से स्वागत है" }));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("hi-IN");
      await screenshot(page, "languages-sign-in-hi");
      await page.locator("input[name=email]").fill(demoUser("parent").email);
      await page.locator("input[name=password]").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "साइन इन करें" }).click();
      await page.waitForURL("**/dashboard");
      await visible(page.getByRole("heading", { name: /का दिन$/ }).first());
      for (const tile of ["आज की डायरी", "खाना", "नींद", "फ़ीस"]) {
        await visible(
          page
            .getByRole("button", { name: tile })
            .or(page.getByRole("link", { name: tile }))
            .first(),
        );
      }
      await screenshot(page, "languages-parent-home-hi");
    } finally {
      await context.close();
    }
  });

  it("a parent who chooses Hindi on one device finds it on the next, and the English device's tiles change (1366)", async () => {
    const first = await openPage(browser, DESKTOP);
    try {
      await openSignedIn(first.page, demoUser("parent").email, "/account/security");
      await first.page.getByLabel("Language").first().click();
      await first.page.getByRole("option", { name: "हिन्दी" }).click();
      await visible(first.page.getByRole("heading", { name: "भाषा" }));
      await screenshot(first.page, "languages-account-hi");
    } finally {
      await first.context.close();
    }

    // Another device, its browser in English: the account's choice wins once she is signed in.
    const second = await openPage(browser, DESKTOP);
    try {
      await openSignedIn(second.page, demoUser("parent").email, "/dashboard");
      await visible(second.page.getByRole("button", { name: "खाना" }).first());
      await second.page.goto("/account/security");
      await second.page.getByLabel("भाषा").first().click();
      await second.page.getByRole("option", { name: "English" }).click();
      await visible(second.page.getByRole("heading", { name: "Language" }));
      await second.page.goto("/dashboard");
      await visible(second.page.getByRole("button", { name: "Food" }).first());
    } finally {
      await second.context.close();
    }
  });
});

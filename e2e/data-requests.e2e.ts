import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  openSignedIn,
  PHONE,
  screenshot,
  signIn,
  visible,
} from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Signs in on a phone, where the navigation waits in the closed drawer. */
async function signInOnPhone(page: Page, email: string) {
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill("Sprout@2026");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
}

describe("children's data rights", () => {
  it("a parent downloads the export on a phone and asks for a correction; the director answers; the parent sees the answer", async () => {
    const parent = await openPage(browser, PHONE);
    const director = await openPage(browser, DESKTOP);
    // Unique to this run: the journey answers only the request it made itself.
    const wrong = `The spelling of the surname is wrong (${Date.now()})`;
    try {
      await signInOnPhone(parent.page, demoUser("parent").email);
      await parent.page.getByRole("button", { name: "Open navigation menu" }).click();
      await parent.page.getByRole("link", { name: "My Data" }).click();
      await visible(parent.page.getByRole("heading", { name: "My data" }));
      await parent.page.getByRole("combobox", { name: "Child" }).click();
      await parent.page.getByRole("option", { name: "Aanya Malhotra" }).click();
      await parent.page.getByRole("button", { name: "Prepare download" }).click();
      // Prepared in the background; the page follows its progress until it can be downloaded.
      const downloads = parent.page.getByRole("list", { name: "Your downloads" });
      const ready = downloads.getByRole("button", { name: "Download" }).first();
      await ready.waitFor({ state: "visible", timeout: 60_000 });
      const [download] = await Promise.all([parent.page.waitForEvent("download"), ready.click()]);
      expect(download.suggestedFilename()).toMatch(/^sprout-data-Aanya-Malhotra-\d{4}-\d{2}-\d{2}\.zip$/);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      // A zip archive starts with "PK".
      expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe("PK");

      await parent.page.getByRole("button", { name: "Ask for a correction or erasure" }).click();
      const dialog = parent.page.getByRole("dialog", { name: "Ask about your child's data" });
      await dialog.getByRole("combobox", { name: "Child" }).click();
      await parent.page.getByRole("option", { name: "Aanya Malhotra" }).click();
      await dialog.getByRole("button", { name: "Send request" }).click();
      await visible(dialog.getByText("Please say what is wrong"));
      await dialog.getByLabel("What is wrong?").fill(wrong);
      await dialog.getByLabel("What should it be?").fill("Malhotra, with an h");
      await dialog.getByRole("button", { name: "Send request" }).click();
      await dialog.waitFor({ state: "hidden" });
      const mine = parent.page
        .getByRole("list", { name: "Your requests" })
        .getByRole("listitem")
        .filter({ hasText: wrong });
      await visible(mine.getByText("Waiting for the centre"));
      await screenshot(parent.page, "data-requests-parent");

      await signIn(director.page, demoUser("center_director").email);
      await director.page.getByRole("navigation", { name: "Main navigation" }).getByText("Data Requests").click();
      await visible(director.page.getByRole("heading", { name: "Data requests" }));
      const row = director.page.getByRole("row").filter({ hasText: wrong });
      await visible(row);
      await screenshot(director.page, "data-requests-desk");
      await row.getByRole("button", { name: "Answer" }).click();
      const answer = director.page.getByRole("dialog", { name: "Answer the request" });
      await visible(answer.getByRole("link", { name: "Aanya Malhotra's record" }));
      await answer.getByLabel("Answer to the parent").fill("We checked the admission form and corrected it.");
      await answer.getByRole("button", { name: "Send answer" }).click();
      await answer.waitFor({ state: "hidden" });
      // The open list no longer holds it; under All it shows the answer.
      await row.waitFor({ state: "detached" });

      await parent.page.reload();
      await visible(mine.getByText("We checked the admission form and corrected it."));
      await visible(mine.getByText("Done", { exact: true }));
      await screenshot(parent.page, "data-requests-parent-answered");
    } finally {
      await parent.context.close();
      await director.context.close();
    }
  });

  it("the parent's page on a desktop, the desk on a phone, and the retention dry run in settings", async () => {
    const parent = await openPage(browser, DESKTOP);
    const director = await openPage(browser, PHONE);
    try {
      await signIn(parent.page, demoUser("parent").email);
      await parent.page.getByRole("navigation", { name: "Main navigation" }).getByText("My Data").click();
      await visible(parent.page.getByRole("table", { name: "Your requests" }));
      await screenshot(parent.page, "data-requests-parent");

      await openSignedIn(director.page, demoUser("center_director").email, "/data-requests");
      await director.page.getByRole("combobox", { name: "Status" }).click();
      await director.page.getByRole("option", { name: "All" }).click();
      await visible(director.page.getByRole("list", { name: "Data requests" }));
      await screenshot(director.page, "data-requests-desk");

      await director.page.goto("/settings");
      const section = director.page.getByRole("region", { name: "Keeping records of children who have left" });
      await visible(section.getByLabel("Keep records (years)"));
      await visible(section.getByText(/Nothing has passed its time|Erase records/).first());
      await screenshot(director.page, "data-requests-retention");
      await director.page.setViewportSize(DESKTOP);
      await visible(section.getByLabel("Keep records (years)"));
      await screenshot(director.page, "data-requests-retention");
    } finally {
      await parent.context.close();
      await director.context.close();
    }
  });
});

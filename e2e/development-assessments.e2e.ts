import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillDate } from "./date-field";
import {
  DESKTOP,
  demoUser,
  launchBrowser,
  listRows,
  openSignedIn,
  PHONE,
  screenshot,
  visible,
  withPage,
} from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

// A term of this run: a name no other journey or demo term uses.
const TERM = `Spring term ${String(Date.now()).slice(-6)}`;

/** The first child's row of the term's class view whose name is given. */
const childRow = (page: Page, name: string) => listRows(page, "Class view").filter({ hasText: name }).first();

describe("development: term assessments", () => {
  it("a coordinator opens a term; a teacher records and submits; the coordinator publishes and reissues with a reason", async () => {
    let termPath = "";
    let child = "";
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("academic_coordinator").email, "/development/terms");
      await visible(page.getByRole("heading", { name: "Assessments" }));
      await page.getByRole("button", { name: "Open a term" }).click();
      const dialog = await visible(page.getByRole("dialog"));
      await dialog.getByLabel("Term").fill(TERM);
      await fillDate(dialog, "Starts on", "01/01/2027");
      await fillDate(dialog, "Ends on", "31/03/2027");
      await dialog.getByRole("combobox", { name: "Classrooms" }).click();
      await page.getByRole("option", { name: "Toddlers" }).click();
      await page.keyboard.press("Escape");
      await dialog.getByRole("button", { name: "Open term" }).click();
      await page.waitForURL("**/development/terms/*");
      termPath = new URL(page.url()).pathname;
      await visible(page.getByRole("heading", { name: TERM }));
      const first = listRows(page, "Class view").first();
      await visible(first.getByText("Not started"));
      child = (await first.getByRole("link").first().textContent())!.trim();
      await screenshot(page, "development-class-view-coordinator");
    });

    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("teacher").email, termPath);
      await (await visible(childRow(page, child).getByRole("link", { name: child }))).click();
      await visible(page.getByRole("heading", { name: child }));
      await page
        .getByRole("group", { name: "Level for C-1.1" })
        .getByRole("button", { name: "Mountain (Proficient)" })
        .click();
      await page.getByLabel("Narrative: Physical Development").fill("Runs and climbs with confidence.");
      await screenshot(page, "development-assessment-teacher");
      await page.getByRole("button", { name: "Submit for review" }).click();
      await visible(page.getByText("Saved and submitted for review."));
      await visible(page.getByText("Submitted for review").first());
    });

    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("teacher").email, termPath);
      await visible(childRow(page, child).getByText("Submitted for review"));
      await screenshot(page, "development-class-view-teacher");
    });

    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("academic_coordinator").email, termPath);
      await (await visible(childRow(page, child).getByRole("link", { name: child }))).click();
      const level = page
        .getByRole("group", { name: "Level for C-1.1" })
        .getByRole("button", { name: "Mountain (Proficient)" });
      expect(await (await visible(level)).getAttribute("aria-pressed")).toBe("true");
      await page.getByRole("button", { name: "Publish" }).click();
      await (await visible(page.getByRole("dialog"))).getByRole("button", { name: "Publish" }).click();
      await visible(page.getByText(/Published .* \(version 1\)/));
      await visible(page.getByText(/Version 1, published/));
      await screenshot(page, "development-assessment-published");

      await page.getByRole("link", { name: `← ${TERM}` }).click();
      await visible(childRow(page, child).getByText("Published"));

      await childRow(page, child).getByRole("button", { name: "Reissue" }).click();
      const reissue = await visible(page.getByRole("dialog"));
      await reissue.getByLabel("Reason").fill("The physical development level needs another look");
      await reissue.getByRole("button", { name: "Reissue" }).click();
      await visible(
        childRow(page, child).getByText("Submitted for review").or(childRow(page, child).getByText("Draft")),
      );
      await childRow(page, child).getByRole("link", { name: child }).click();
      await visible(page.getByText("Reopened: The physical development level needs another look"));
      await page.getByRole("button", { name: "Publish" }).click();
      await (await visible(page.getByRole("dialog"))).getByRole("button", { name: "Publish" }).click();
      await visible(page.getByText("Reissued because: The physical development level needs another look"));
      await visible(page.getByText(/Version 2, published/));
    });

    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("academic_coordinator").email, termPath);
      await visible(childRow(page, child).getByText("Published (v2)"));
      await screenshot(page, "development-class-view-coordinator");
    });
  });
});

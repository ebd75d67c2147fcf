import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, demoUser, launchBrowser, openSignedIn, PHONE, screenshot, visible, withPage } from "./helpers";

/** Issue 20, point 8: the staff and user lists page and search on the server, grid or cards. */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const fitsWidth = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

/** The list as the viewport shows it: a table on a desktop, a list of cards on a phone. */
const listOf = (page: Page, name: string) =>
  page.viewportSize()!.width < 900 ? page.getByRole("list", { name }) : page.getByRole("table", { name });

const rowsOf = (page: Page, name: string) =>
  page.viewportSize()!.width < 900
    ? listOf(page, name).getByTestId("list-card")
    : listOf(page, name).locator("tbody").getByRole("row");

/** The text of each row on this page, to tell one page from the next. */
const textsOf = (page: Page, name: string) =>
  rowsOf(page, name).evaluateAll((rows) => rows.map((row) => row.textContent));

/** Picks a rows-per-page size, then turns to the next page; answers the rows of both pages. */
async function twoPages(page: Page, name: string, size: string) {
  await page.getByRole("combobox", { name: "Rows" }).click();
  await page.getByRole("option", { name: size, exact: true }).click();
  await expect.poll(() => rowsOf(page, name).count()).toBe(Number(size));
  await visible(page.getByText(new RegExp(`^1–${size} of \\d+\\+?$`)));
  const first = await textsOf(page, name);
  await page.getByRole("button", { name: "Go to next page" }).click();
  await visible(page.getByText(new RegExp(`^${Number(size) + 1}–\\d+ of \\d+\\+?$`)));
  // The previous page stays on screen until the next one arrives.
  await expect.poll(() => textsOf(page, name)).not.toEqual(first);
  return { first, second: await textsOf(page, name) };
}

describe("paged lists", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`the children and enquiries lists turn pages on the server (${viewport.width} wide)`, async () => {
      await withPage(browser, viewport, async (page) => {
        await openSignedIn(page, demoUser("admin").email, "/children");
        await visible(rowsOf(page, "Children").first());
        const children = await twoPages(page, "Children", "10");
        expect(children.second.length).toBeGreaterThan(0);
        expect(children.second.filter((child) => children.first.includes(child))).toEqual([]);
        await fitsWidth(page);

        await page.goto("/enquiries");
        await visible(rowsOf(page, "Enquiries").first());
        const enquiries = await twoPages(page, "Enquiries", "5");
        expect(enquiries.second.length).toBeGreaterThan(0);
        expect(enquiries.second.filter((enquiry) => enquiries.first.includes(enquiry))).toEqual([]);
        await fitsWidth(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, "enquiries-list-admin");
      });
    });

    for (const role of ["center_director", "super_admin"] as const) {
      it(`${role} searches the staff list on the server (${viewport.width} wide)`, async () => {
        await withPage(browser, viewport, async (page) => {
          await openSignedIn(page, demoUser(role).email, "/staff");
          await visible(page.getByRole("heading", { name: "Staff Management" }));
          await visible(rowsOf(page, "Staff").first());
          await visible(page.getByText(/^1–\d+ of \d+$/));
          await fitsWidth(page);
          await screenshot(page, `staff-list-${role}`);

          await page.getByLabel("Search by name, e-mail or employee ID").fill("priya sh");
          await expect.poll(() => rowsOf(page, "Staff").count()).toBe(1);
          await visible(listOf(page, "Staff").getByText("Priya Sharma"));
          await visible(page.getByText("1–1 of 1"));
          await page.getByLabel("Search by name, e-mail or employee ID").fill("nobody-by-this-name");
          await visible(page.getByText("No staff members match your search."));
        });
      });
    }

    it(`super admin pages and searches all users (${viewport.width} wide)`, async () => {
      await withPage(browser, viewport, async (page) => {
        await openSignedIn(page, demoUser("super_admin").email, "/users");
        await visible(rowsOf(page, "All users").first());
        const total = Number(
          (await visible(page.getByText(/^1–\d+ of \d+$/)).then((l) => l.textContent()))!.split(" of ")[1],
        );
        expect(total).toBeGreaterThanOrEqual(8);
        await page.getByRole("combobox", { name: "Rows" }).click();
        await page.getByRole("option", { name: "10", exact: true }).click();
        await expect.poll(() => rowsOf(page, "All users").count()).toBe(Math.min(10, total));
        await fitsWidth(page);
        // The page scrolled to the pager: back to the top so the fixed header sits where people see it.
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, "users-list-super_admin");

        await page.getByLabel("Search by name or email").fill("finance@");
        await expect.poll(() => rowsOf(page, "All users").count()).toBe(1);
        await visible(listOf(page, "All users").getByText(demoUser("financial_manager").fullName));
        await visible(page.getByRole("heading", { name: "All Users (1)" }));
      });
    });
  }
});

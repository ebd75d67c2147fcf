import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enIn, fillDate } from "./date-field";
import {
  DESKTOP,
  demoUser,
  launchBrowser,
  listRows,
  openSignedIn,
  PHONE,
  screenshot,
  settled,
  signIn,
  submitSignIn,
  visible,
  withPage,
} from "./helpers";

/** Issue 9: what a centre trips over in its first week (screens that fit, dates, errors, numbers). */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const LAPTOP = { width: 1366, height: 768 };

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function fitsWidth(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The element lies inside the window, horizontally and vertically. */
async function inWindow(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
}

/** The page's h1 is one line: its height is about one line of its own font. */
async function titleOnOneLine(page: Page) {
  const title = await visible(page.getByRole("heading", { level: 1 }));
  const { height, lineHeight } = await title.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(height).toBeLessThan(lineHeight * 1.5);
}

describe("screens fit (issue 9, point 5)", () => {
  it("the owner's drawer scrolls Settings into view above its footer at 1366x768", async () => {
    await withPage(browser, LAPTOP, async (page) => {
      await signIn(page, demoUser("owner").email);
      const nav = page.getByRole("navigation", { name: "Main navigation" });
      const settings = await visible(nav.getByRole("link", { name: "Settings" }));
      // The owner's menu is longer than the window: the list scrolls while the footer stays put.
      await settings.scrollIntoViewIfNeeded();
      await inWindow(page, settings);
      const footer = nav.getByRole("link", { name: "Account & Security" });
      expect((await settings.boundingBox())!.y).toBeLessThan((await footer.boundingBox())!.y);
      await screenshot(page, "owner-drawer");
    });
  });

  it("fee structures show Components, Students and Edit at 1366 px; fees and users are cards on a phone", async () => {
    await withPage(browser, LAPTOP, async (page) => {
      await openSignedIn(page, demoUser("owner").email, "/fees");
      const table = page.getByRole("table", { name: "Fee structures" });
      await visible(table.locator("tbody").getByRole("row").first());
      for (const column of ["Components", "Students", "Edit"])
        await inWindow(page, table.getByRole("columnheader", { name: column }));
      await inWindow(page, table.getByRole("button", { name: /^Edit / }).first());
      await fitsWidth(page);
      await screenshot(page, "fees-fit");
    });
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("owner").email, "/fees");
      await visible(
        page
          .getByRole("list", { name: "Fee structures" })
          .getByTestId("list-card")
          .filter({ hasText: "Daycare - CRECHE" }),
      );
      expect(await page.getByRole("table", { name: "Fee structures" }).count()).toBe(0);
      await titleOnOneLine(page);
      await fitsWidth(page);
      await screenshot(page, "fees-cards");
      await page.getByRole("tab", { name: "Exit Records" }).click();
      await visible(listRows(page, "Exit records").first());
      await fitsWidth(page);
    });
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("super_admin").email, "/users");
      await visible(page.getByRole("list", { name: "All users" }).getByTestId("list-card").first());
      await titleOnOneLine(page);
      await fitsWidth(page);
      await screenshot(page, "users-cards");
    });
  });

  it("enquiries open on the list with a New Enquiry button, on a phone too", async () => {
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("admin").email, "/enquiries");
      const firstRow = page.getByRole("list", { name: "Enquiries" }).getByTestId("list-card").first();
      await visible(firstRow);
      // The list starts on the first screen, not 2,000 px down under a form.
      expect((await firstRow.boundingBox())!.y).toBeLessThan(PHONE.height);
      await titleOnOneLine(page);
      await fitsWidth(page);
      await screenshot(page, "enquiries-list");
      await page.getByRole("button", { name: "New Enquiry" }).click();
      const dialog = await visible(page.getByRole("dialog", { name: "New Enquiry" }));
      await visible(dialog.getByRole("textbox", { name: "Child Name" }));
      await fitsWidth(page);
      await screenshot(page, "enquiries-new");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
    });
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("admin").email, "/enquiries");
      await visible(page.getByRole("table", { name: "Enquiries" }).getByRole("row").nth(1));
      await page.getByRole("button", { name: "New Enquiry" }).click();
      await visible(page.getByRole("dialog", { name: "New Enquiry" }));
      await screenshot(page, "enquiries-new");
    });
  });
});

describe("forms say what is wrong when it is wrong (issue 9, point 4)", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`enquiry date, follow-up and Lost-reason errors show when their field is left (${viewport.width} wide)`, async () => {
      await withPage(browser, viewport, async (page) => {
        await openSignedIn(page, demoUser("admin").email, "/enquiries");
        await page.getByRole("button", { name: "New Enquiry" }).click();
        const form = page.getByRole("dialog", { name: "New Enquiry" }).getByRole("form", { name: "New enquiry" });
        // Every other field is still empty: the date's own error comes when it is left.
        await fillDate(form, "Child Date of Birth", "01/01/2010");
        await form.getByRole("textbox", { name: "Parent Name" }).focus();
        await visible(form.getByText("Child cannot be older than 8 years"));
        await form.getByRole("combobox", { name: "Status" }).click();
        await page.getByRole("option", { name: "Lost", exact: true }).click();
        await visible(form.getByText("Reason for closure is required when the status is Lost"));
        await form.getByRole("checkbox", { name: "Follow-up needed" }).check();
        await visible(form.getByText("Follow-up date is required"));
        await fillDate(form, "Follow-up Date", enIn(-1));
        await form.getByRole("textbox", { name: "Parent Name" }).focus();
        await visible(form.getByText("Follow-up date cannot be in the past"));
        await screenshot(page, "enquiry-errors-on-blur");
        await form.getByRole("textbox", { name: "Reason for Closure" }).fill("Moved to another city");
        await form.getByText("Reason for closure is required when the status is Lost").waitFor({ state: "detached" });
      });
    });
  }

  it("a centre with a bad capacity says what is wrong with the capacity", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("super_admin").email, "/settings");
      await visible(page.getByRole("heading", { name: "Center Management" }));
      await settled(page);
      await page.getByRole("button", { name: "Add Center" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Center" });
      await dialog.getByRole("textbox", { name: "Center name", exact: true }).fill("Sprout Hebbal");
      await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("3, Outer Ring Road");
      await dialog.getByRole("textbox", { name: "City", exact: true }).fill("Bengaluru");
      await dialog.getByLabel("Capacity").fill("0");
      await dialog.getByRole("button", { name: "Save" }).click();
      await visible(dialog.getByRole("alert").filter({ hasText: "Capacity must be at least 1" }));
      expect(await dialog.getByText("Please fill in all required fields").count()).toBe(0);
      await screenshot(page, "centre-capacity-error");
    });
  });
});

/** A GET of the API as the signed-in page (its stored session). */
function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(`/api${url}`, {
      headers: {
        Authorization: `Bearer ${localStorage.getItem("token")}`,
        "X-Session-Token": localStorage.getItem("sessionToken") ?? "",
      },
    });
    return response.json();
  }, path);
}

describe("numbers agree with the pages they open (issue 9, point 6)", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`the Pending Invoices card opens the Pending list with the same count; requests filter by status (${viewport.width} wide)`, async () => {
      await withPage(browser, viewport, async (page) => {
        await submitSignIn(page, demoUser("admin").email);
        const overview = await apiGet<{ pending_invoices: number }>(page, "/analytics/overview");
        await page.getByRole("link", { name: /Pending Invoices/ }).click();
        await page.waitForURL("**/billing?status=Pending");
        await visible(page.getByText(new RegExp(`of ${overview.pending_invoices}$`)));
        const statuses = await listRows(page, "Invoices").allTextContents();
        expect(statuses.length).toBeGreaterThan(0);
        for (const row of statuses) expect(row).toContain("Pending");
        await screenshot(page, "billing-pending-from-dashboard");

        await page.getByRole("combobox", { name: "Request status" }).click();
        await page.getByRole("option", { name: "Approved", exact: true }).click();
        await page.getByLabel("Loading invoice requests").waitFor({ state: "detached" });
        for (const row of await page.getByTestId("request-row").allTextContents()) {
          expect(row).toContain("Approved");
          expect(row).not.toContain("Pending");
        }
      });
    });
  }

  it("a parent's child card opens that child's invoices only", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await withPage(browser, viewport, async (page) => {
        await submitSignIn(page, demoUser("parent").email);
        // The children's cards sit below sections that load after the tiles: once the last of
        // them is in, the card no longer moves under the click (it missed on a loaded machine).
        await visible(page.getByText("Evening e-mail about my child's day"));
        await visible(page.getByRole("heading", { name: /^Who may collect/ }));
        await settled(page);
        await page.getByRole("link", { name: "Invoices for Kabir Malhotra" }).click();
        await page.waitForURL(/\/billing\?child=/);
        await visible(page.getByTestId("child-filter").getByText("Only Kabir Malhotra"));
        // The page's rows arrive after the filter's chip: wait for them before reading them all.
        await visible(listRows(page, "Invoices").filter({ hasText: "Kabir" }).first());
        const rows = await listRows(page, "Invoices").allTextContents();
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          expect(row).toContain("Kabir");
          expect(row).not.toContain("Aanya");
        }
        await screenshot(page, "parent-child-invoices");
      });
    }
  });
});

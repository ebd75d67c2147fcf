import { readFile } from "node:fs/promises";
import type { Role } from "@sprout/shared/roles";
import type { CenterComparison } from "@sprout/shared/schemas/analytics";
import { REPORT_TITLES, type Reports, reportsFor } from "@sprout/shared/schemas/reports";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axisLabels } from "./charts";
import { fillDate } from "./date-field";
import {
  DESKTOP,
  demoUser,
  launchBrowser,
  openSignedIn,
  PHONE,
  screenshot,
  submitSignIn,
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

/** Where each report's chart puts its names, and how many it draws at least. */
const CATEGORY_AXIS: Record<keyof Reports, ["x" | "y", number]> = {
  enrolment: ["x", 2],
  attendance: ["x", 2],
  revenue: ["x", 2],
  dues: ["x", 4],
  enquiries: ["y", 5],
  centers: ["x", 1],
};

const rupees = (value: number) => new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(value);
const count = (value: number) => new Intl.NumberFormat("en-IN").format(value);

describe("Reports & Analytics", () => {
  it("the owner filters by centre and dates, reads revenue that matches the API, and downloads the same figures", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await submitSignIn(page, demoUser("owner").email);
      await page.getByRole("navigation", { name: "Main navigation" }).getByText("Reports & Analytics").click();
      await page.waitForURL("**/reports");
      await visible(page.getByRole("heading", { name: "Reports & Analytics" }));
      const tabs = await page.getByRole("tab").allTextContents();
      expect(tabs).toEqual(reportsFor("owner").map((name) => REPORT_TITLES[name]));

      const { centers } = await apiGet<CenterComparison>(page, "/analytics/center-comparison");
      const centre = centers.find((row) => row.outstanding && row.outstanding > 0) ?? centers[0]!;
      await page.getByRole("combobox", { name: "Center" }).click();
      await page.getByRole("option", { name: centre.name }).click();
      await page.waitForURL(`**/reports?center=${centre.id}`);
      // The report reloads for the centre first; typing into the date while it redraws can be lost.
      await page.getByRole("progressbar", { name: "Loading report" }).waitFor({ state: "detached" });
      await fillDate(page, "From", "01/09/2026");
      await page.waitForURL(/from=2026-09-01/);

      await page.getByRole("tab", { name: "Revenue & Collections" }).click();
      await page.waitForURL(/report=revenue/);
      const revenue = await apiGet<Reports["revenue"]>(page, `/reports/revenue?center_id=${centre.id}&from=2026-09-01`);
      // From September to this month in the centre's time zone (the range ends today).
      const thisMonth = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" }).slice(0, 7);
      const months: string[] = [];
      for (let month = new Date("2026-09-01T00:00:00Z"); ; month.setUTCMonth(month.getUTCMonth() + 1)) {
        months.push(month.toISOString().slice(0, 7));
        if (months.at(-1)! >= thisMonth) break;
      }
      expect(revenue.months.map((row) => row.month)).toEqual(months);
      const table = page.getByRole("table", { name: "Revenue by month" });
      await visible(table.getByRole("row").filter({ hasText: "Total" }).getByText(rupees(revenue.total_received)));
      await visible(table.getByText(rupees(revenue.total_invoiced)).last());
      await screenshot(page, "reports-revenue-owner");

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download .xlsx" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^revenue_report_\d{8}_\d{6}\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const received: unknown[] = [];
      for (let row = 2; row <= revenue.months.length + 1; row++) received.push(sheet.getRow(row).getCell(5).value);
      expect(received).toEqual(revenue.months.map((row) => row.received));

      await page.getByRole("tab", { name: "Dues Ageing" }).click();
      const dues = await apiGet<Reports["dues"]>(page, `/reports/dues?center_id=${centre.id}`);
      await visible(
        page.getByRole("table", { name: "Dues by centre" }).getByText(`${count(dues.total_invoices)} invoices`),
      );
      await screenshot(page, "reports-dues-owner");
    });
  });

  const ROLES: Role[] = [
    "owner",
    "super_admin",
    "financial_manager",
    "center_director",
    "admin",
    "academic_coordinator",
  ];
  for (const role of ROLES)
    for (const viewport of [DESKTOP, PHONE]) {
      it(`${role} sees the reports of their role (${viewport.width} wide)`, async () => {
        await withPage(browser, viewport, async (page) => {
          await openSignedIn(page, demoUser(role).email, "/reports");
          await visible(page.getByRole("heading", { name: "Reports & Analytics" }));
          const names = reportsFor(role);
          expect(await page.getByRole("tab").allTextContents()).toEqual(names.map((name) => REPORT_TITLES[name]));
          await visible(page.getByRole("heading", { name: REPORT_TITLES[names[0]!], level: 2 }));
          await page.getByRole("progressbar", { name: "Loading report" }).waitFor({ state: "detached" });
          await screenshot(page, `reports-${role}`);
          // Every chart names what it draws: months, days, buckets, stages or centres.
          for (const name of names) {
            // By keyboard, as a keyboard user would: on a phone the scrollable tab row shifts as it
            // scrolls a tab into view, and a tap aimed before the shift lands on the tab beside it.
            await page.getByRole("tab", { name: REPORT_TITLES[name] }).focus();
            await page.keyboard.press("Enter");
            await visible(page.getByRole("heading", { name: REPORT_TITLES[name], level: 2 }));
            await page.getByRole("progressbar", { name: "Loading report" }).waitFor({ state: "detached" });
            const [axis, atLeast] = CATEGORY_AXIS[name];
            await axisLabels(page.locator("main"), axis, atLeast);
            if (name === "enquiries") await axisLabels(page.locator("main"), "x", 2);
          }
        });
      });
    }
});

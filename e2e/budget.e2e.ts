import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axisLabels } from "./charts";
import {
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  openSignedIn,
  PHONE,
  screenshot,
  signIn,
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

describe("budget and finance", () => {
  it("a director asks above their limit, the finance manager approves two in bulk, the director sees it; an expense with a receipt is logged and exported", async () => {
    const director = await openPage(browser, DESKTOP);
    const finance = await openPage(browser, DESKTOP);
    // Unique to this run: the journey decides and spends only on requests it raised itself.
    const stamp = Date.now();
    const projector = `Classroom projector ${stamp}`;
    const speakers = `Speakers for music time ${stamp}`;
    try {
      await signIn(director.page, demoUser("center_director").email);
      await director.page.getByRole("navigation", { name: "Main navigation" }).getByText("Budget & Finance").click();
      await visible(director.page.getByRole("heading", { name: "Raise a Budget Request" }));
      const form = director.page.getByRole("form", { name: "Raise a budget request" });
      await form.getByRole("button", { name: "Submit Request" }).click();
      await visible(form.getByText("Description is required"));
      for (const [description, amount] of [
        [projector, "60000"],
        [speakers, "45000"],
      ] as const) {
        await form.getByLabel("Description").fill(description);
        await form.getByLabel("Amount (₹)").fill(amount);
        await form.getByRole("combobox", { name: "Category" }).click();
        await director.page.getByRole("option", { name: "Equipment" }).click();
        await form.getByLabel("Justification").fill("For the new learning corner");
        if (description === projector) {
          // The optional quote: a file over 5 MB is refused before upload, a PDF is attached.
          const quote = form.locator('input[name="quote"]');
          const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(5_300_000)]);
          await quote.setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: big });
          await visible(form.getByText("File size must be less than 5MB"));
          const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
          await quote.setInputFiles({ name: "projector-quote.pdf", mimeType: "application/pdf", buffer: pdf });
          await visible(form.getByText("projector-quote.pdf"));
        }
        await form.getByRole("button", { name: "Submit Request" }).click();
        // Above the director's ₹25,000 limit: it waits for a decision.
        await visible(form.getByText("Submitted for approval"));
        await visible(director.page.getByLabel(`Request: ${description}`));
      }
      const card = director.page.getByLabel(`Request: ${projector}`);
      await visible(card.getByText("Pending"));
      await visible(card.getByRole("button", { name: "View quote projector-quote.pdf" }));
      await screenshot(director.page, "budget-director-requests");

      await signIn(finance.page, demoUser("financial_manager").email);
      await visible(finance.page.getByText("Total Budget Authority"));
      await finance.page.getByRole("tab", { name: "Pending Approvals" }).click();
      await visible(finance.page.getByLabel(`Request: ${projector}`));
      // The approver opens the quote from the approval card: the file is served to them.
      const [quoteTab, served] = await Promise.all([
        finance.context.waitForEvent("page"),
        finance.page.waitForResponse((response) => response.url().includes("/api/budget/quotes/")),
        finance.page
          .getByLabel(`Request: ${projector}`)
          .getByRole("button", { name: "View quote projector-quote.pdf" })
          .click(),
      ]);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("application/pdf");
      await quoteTab.close();
      await finance.page.getByRole("button", { name: /^Bulk Approve/ }).click();
      await visible(finance.page.getByText("Please select approvals first"));
      await finance.page.getByLabel(`Select ${projector}`).check();
      await finance.page.getByLabel(`Select ${speakers}`).check();
      await screenshot(finance.page, "budget-finance-approvals");
      // Money moves only after a confirmation that names the count and the total (issue 30, point 7).
      const decisions: string[] = [];
      finance.page.on("request", (request) => {
        if (request.url().includes("/api/financial-manager/approvals/")) decisions.push(request.method());
      });
      await finance.page.getByRole("button", { name: "Bulk Approve (2)" }).click();
      const confirm = finance.page.getByRole("dialog", { name: "Approve 2 budget requests?" });
      await visible(confirm);
      expect(await confirm.getByTestId("bulk-count").textContent()).toBe("2 budget requests");
      expect(await confirm.getByTestId("bulk-total").textContent()).toBe("Total ₹1,05,000.00");
      await visible(confirm.getByText(projector));
      await visible(confirm.getByText("₹60,000.00"));
      await screenshot(finance.page, "budget-finance-bulk-confirm");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });
      // Cancelled: nothing was sent, both still wait and are still selected.
      await visible(finance.page.getByLabel(`Request: ${projector}`));
      expect(await finance.page.getByLabel(`Select ${speakers}`).isChecked()).toBe(true);
      expect(decisions).toEqual([]);
      await finance.page.getByRole("button", { name: "Bulk Approve (2)" }).click();
      await visible(confirm);
      await confirm.getByRole("button", { name: "Approve 2" }).click();
      await visible(finance.page.getByText("2 approvals approved"));
      expect(decisions).toEqual(["PUT", "PUT"]);
      await finance.page.getByLabel(`Request: ${projector}`).waitFor({ state: "detached" });

      await director.page.reload();
      const decided = director.page.getByLabel(`Request: ${projector}`);
      await visible(decided.getByText("Approved", { exact: true }));
      await visible(decided.getByText(/Approved by Rohit Agarwal .*: Bulk approve/));
      await screenshot(director.page, "budget-director-approved");

      await finance.page.getByRole("tab", { name: "Log Expenses" }).click();
      const expense = finance.page.getByRole("form", { name: "Log an expense" });
      await expense.getByRole("button", { name: "Log Expense" }).click();
      await visible(finance.page.getByText("Please fill in all required fields"));
      // Finance keeps the books of several centres: the form asks which one with the other fields.
      await visible(expense.getByText("Please choose the centre"));
      await visible(expense.getByText("Description is required"));
      await expense.getByRole("combobox", { name: "Center" }).click();
      await finance.page.getByRole("option", { name: "Sprout Koramangala" }).click();
      await expense.getByLabel("Amount (₹)").fill("58500");
      await expense.getByRole("combobox", { name: "Category" }).click();
      await finance.page.getByRole("option", { name: "Equipment" }).click();
      await expense.getByLabel("Description").fill(projector);
      await expense.getByLabel("Vendor").fill("Vision Electronics");
      await expense.getByLabel("GST Number").fill("29ABCDE1234F1Z");
      await expense.getByLabel("GST Number").blur();
      await visible(expense.getByText("GST number must be a valid 15-character GSTIN (e.g. 29ABCDE1234F1Z5)"));
      await expense.getByLabel("GST Number").fill("29ABCDE1234F1Z5");
      await expense.getByRole("combobox", { name: "Approved request (optional)" }).click();
      await finance.page.getByRole("option", { name: new RegExp(projector) }).click();
      const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#eee" } })
        .png()
        .toBuffer();
      await expense
        .locator('input[name="receipt"]')
        .setInputFiles({ name: "bill.png", mimeType: "image/png", buffer: png });
      await visible(expense.getByText("bill.png"));
      await expense.getByRole("button", { name: "Log Expense" }).click();
      await visible(finance.page.getByText("Expense logged successfully"));
      const row = finance.page.getByRole("row").filter({ hasText: projector });
      await visible(row.getByRole("button", { name: "View receipt" }));
      await screenshot(finance.page, "budget-finance-expenses");

      const [download] = await Promise.all([
        finance.page.waitForEvent("download"),
        finance.page.getByRole("button", { name: "Export Expenses" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^expenses_export_\d{8}_\d{6}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet("Expenses")!;
      const exported = sheet.getRows(2, sheet.rowCount - 1)!.find((line) => line.getCell(5).value === projector);
      expect(exported?.getCell(6).value).toBe(58500);
      expect(exported?.getCell(1).value).toBeInstanceOf(Date);
      expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe("Total");

      await director.page.reload();
      await visible(director.page.getByLabel(`Request: ${projector}`).getByText(/₹58,500(\.00)? spent/));

      for (const tab of ["Budget Limits", "Financial Oversight", "Analytics"]) {
        await finance.page.getByRole("tab", { name: tab }).click();
        if (tab === "Budget Limits") await visible(finance.page.getByRole("table", { name: "Budget limits" }));
        if (tab === "Analytics") {
          await visible(finance.page.getByText("Approvals by month"));
          const months = await axisLabels(finance.page.getByRole("region", { name: "Approvals by month" }), "x", 6);
          expect(months.at(-1)).toMatch(/^[A-Z][a-z]{2,3} \d{4}$/);
        }
        await screenshot(finance.page, `budget-finance-${tab.toLowerCase().replaceAll(" ", "-")}`);
      }
    } finally {
      await director.context.close();
      await finance.context.close();
    }
  });

  it("an owner raises a request for a centre they choose; it waits for the finance manager, not in their own approvals", async () => {
    const stamp = Date.now();
    const sandpit = `Sandpit refill ${stamp}`;
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await openPage(browser, viewport);
      try {
        await openSignedIn(page, demoUser("owner").email, "/budget?tab=requests");
        await visible(page.getByRole("tab", { name: "Budget Requests", selected: true }));
        await visible(page.getByRole("heading", { name: "Raise a Budget Request" }));
        const form = page.getByRole("form", { name: "Raise a budget request" });
        if (viewport === DESKTOP) {
          await form.getByLabel("Description").fill(sandpit);
          await form.getByLabel("Amount (₹)").fill("12000");
          await form.getByRole("combobox", { name: "Category" }).click();
          await page.getByRole("option", { name: "Supplies" }).click();
          await form.getByLabel("Justification").fill("The sandpit is half empty");
          // An owner of several centres says which one the money is for.
          await form.getByRole("button", { name: "Submit Request" }).click();
          await visible(form.getByText("Please choose the centre"));
          await form.getByRole("combobox", { name: "Center" }).click();
          await page.getByRole("option", { name: "Sprout Koramangala" }).click();
          await form.getByRole("button", { name: "Submit Request" }).click();
          await visible(form.getByText("Submitted for approval"));
        }
        const card = page.getByLabel(`Request: ${sandpit}`);
        await visible(card.getByText("Pending"));
        await visible(card.getByText(/Supplies · .* · /));
        await screenshot(page, "budget-owner-requests");
        if (viewport === PHONE)
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

        // An owner does not decide their own request: it is not among their Pending Approvals.
        await page.getByRole("tab", { name: "Pending Approvals" }).click();
        await visible(page.getByRole("button", { name: /^Select all on this page \(\d+\)$/ }));
        await visible(page.getByText(/^Showing 1–\d+ of \d+ waiting, longest waiting first$/));
        expect(await page.getByLabel(`Request: ${sandpit}`).count()).toBe(0);
      } finally {
        await context.close();
      }
    }
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, demoUser("financial_manager").email);
      await page.getByRole("tab", { name: "Pending Approvals" }).click();
      await visible(page.getByLabel(`Request: ${sandpit}`));
    });
  });

  it("a director logs an expense on their /budget page and exports the filtered expenses", async () => {
    const crayons = `Wax crayons ${Date.now()}`;
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await openPage(browser, viewport);
      try {
        await openSignedIn(page, demoUser("center_director").email, "/budget");
        await page.getByRole("tab", { name: "Log Expenses" }).click();
        const form = page.getByRole("form", { name: "Log an expense" });
        await visible(form);
        if (viewport === DESKTOP) {
          // One centre: no centre to choose, and the date is today there.
          expect(await form.getByRole("combobox", { name: "Center" }).count()).toBe(0);
          await form.getByLabel("Amount (₹)").fill("840");
          await form.getByRole("combobox", { name: "Category" }).click();
          await page.getByRole("option", { name: "Supplies" }).click();
          await form.getByLabel("Description").fill(crayons);
          await form.getByRole("combobox", { name: "Payment Mode" }).click();
          await page.getByRole("option", { name: "UPI" }).click();
          await form.getByRole("button", { name: "Log Expense" }).click();
          await visible(page.getByText("Expense logged successfully"));
          await visible(page.getByRole("row").filter({ hasText: crayons }));
        } else {
          await visible(page.getByLabel("Recent expenses").getByText(crayons));
        }
        await screenshot(page, "budget-director-expenses");
        if (viewport === PHONE)
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      } finally {
        await context.close();
      }
      if (viewport !== DESKTOP) continue;
      await withPage(browser, DESKTOP, async (page) => {
        await openSignedIn(page, demoUser("center_director").email, "/budget");
        await page.getByRole("tab", { name: "Log Expenses" }).click();
        const filters = page.getByRole("search", { name: "Expense filters" });
        await filters.getByRole("combobox", { name: "Category" }).click();
        await page.getByRole("option", { name: "Supplies" }).click();
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          filters.getByRole("button", { name: "Export Expenses" }).click(),
        ]);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
        const sheet = workbook.getWorksheet("Expenses")!;
        const body = sheet.getRows(2, sheet.rowCount - 2)!;
        expect(body.map((line) => line.getCell(5).value)).toContain(crayons);
        expect(new Set(body.map((line) => line.getCell(3).value))).toEqual(new Set(["Supplies"]));
        expect(new Set(body.map((line) => line.getCell(2).value))).toEqual(new Set(["Sprout Koramangala"]));
      });
    }
  });

  it("on a phone: the finance dashboard and a director's requests fit 390 px", async () => {
    const finance = await openPage(browser, PHONE);
    const director = await openPage(browser, PHONE);
    try {
      await submitSignIn(finance.page, demoUser("financial_manager").email);
      await visible(finance.page.getByText("Total Budget Authority"));
      // The figures have arrived (the labels show before them).
      await visible(finance.page.getByText(/^Fiscal year \d{4}-\d{2}$/));
      await visible(finance.page.getByText("Sprout Koramangala").first());
      await screenshot(finance.page, "budget-finance-dashboard");
      await finance.page.getByRole("tab", { name: "Pending Approvals" }).click();
      await screenshot(finance.page, "budget-finance-approvals");
      const width = await finance.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      // The bulk confirmation on a phone; cancelled, it decides nothing.
      await finance.page.getByRole("button", { name: /^Select all on this page/ }).click();
      await finance.page.getByRole("button", { name: "Bulk Reject" }).click();
      const confirm = finance.page.getByRole("dialog", { name: /^Reject \d+ budget requests?\?$/ });
      await visible(confirm.getByTestId("bulk-total"));
      await screenshot(finance.page, "budget-finance-bulk-confirm");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });

      await openSignedIn(director.page, demoUser("center_director").email, "/budget");
      await visible(director.page.getByRole("heading", { name: "Raise a Budget Request" }));
      await visible(director.page.getByLabel("Request: Outdoor play mats"));
      await screenshot(director.page, "budget-director-requests");
      expect(await director.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await finance.context.close();
      await director.context.close();
    }
  });
});

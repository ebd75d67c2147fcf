import { readFile } from "node:fs/promises";
import { generate } from "otplib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enIn, fillDate } from "./date-field";
import {
  baseURL,
  DEMO_PASSWORD,
  DESKTOP,
  demoUser,
  launchBrowser,
  listRows,
  openSignedIn,
  PHONE,
  screenshot,
  signIn,
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

/** Calls the API with the page's own session (the tokens the app keeps in localStorage). */
function callApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${localStorage.getItem("token")}`,
        "X-Session-Token": localStorage.getItem("sessionToken") ?? "",
        "X-CSRF-Token": localStorage.getItem("csrfToken") ?? "",
      };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const response = await fetch(`/api${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

const snackbar = (page: Page, text: string | RegExp) =>
  visible(page.getByRole("alert").filter({ hasText: text }).first());

describe("billing", () => {
  it("request -> approve -> invoice listed -> payment recorded -> Paid", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, demoUser("financial_manager").email);
      await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Billing" }).click();
      await visible(page.getByRole("heading", { name: "Billing and Invoice Management" }));
      await visible(page.getByRole("heading", { name: "Pending Invoice Requests" }));
      await visible(listRows(page, "Invoices").first());
      await screenshot(page, "billing");

      // The dialog's rules come from the shared schema.
      await page.getByRole("button", { name: "Request Invoice" }).click();
      const dialog = page.getByRole("dialog", { name: "Request Invoice for Student" });
      await dialog.getByRole("button", { name: "Submit Request" }).click();
      await visible(dialog.getByText("Please select a student"));
      await visible(dialog.getByText("Amount is required"));
      await visible(dialog.getByText("Due date is required"));
      await dialog.getByLabel("Student").fill("Aanya Malhotra");
      await page
        .getByRole("option", { name: /Aanya Malhotra/ })
        .first()
        .click();
      await dialog.getByLabel("Amount").fill("1234.50");
      await fillDate(dialog, "Due Date", enIn(10));
      await dialog.getByLabel("Description").fill("Field trip to Lalbagh");
      await screenshot(page, "billing-request-dialog");
      await dialog.getByRole("button", { name: "Submit Request" }).click();
      await snackbar(page, "Invoice request for Aanya Malhotra submitted for approval.");

      const row = page
        .getByRole("table", { name: "Invoice requests" })
        .getByRole("row")
        .filter({ hasText: "Field trip to Lalbagh" });
      await visible(row.getByText("Pending"));
      // Segregation of duties (issue 9): who raised the request cannot approve it.
      await row.getByRole("button", { name: "Approve request for Aanya Malhotra" }).click();
      await snackbar(page, "You raised this request, so someone else must approve it");
      await visible(row.getByText("Pending"));
      let invoiceNumber = "";
      await withPage(browser, DESKTOP, async (ownerPage) => {
        await openSignedIn(ownerPage, demoUser("owner").email, "/billing");
        const ownerRow = ownerPage
          .getByRole("table", { name: "Invoice requests" })
          .getByRole("row")
          .filter({ hasText: "Field trip to Lalbagh" });
        await ownerRow.getByRole("button", { name: "Approve request for Aanya Malhotra" }).click();
        const approved = await snackbar(
          ownerPage,
          /Request approved\. Invoice [A-Z0-9]{1,3}\/\d{2}-\d{2}\/\d{6} created for Aanya Malhotra\./,
        );
        invoiceNumber = /[A-Z0-9]{1,3}\/\d{2}-\d{2}\/\d{6}/.exec((await approved.textContent()) ?? "")![0];
      });
      await page.reload();
      await visible(row.getByText("Approved"));
      expect(await row.getByRole("button", { name: /Approve/ }).count()).toBe(0);

      await page.getByLabel("Search child name").fill("Aanya");
      const invoiceRow = listRows(page, "Invoices").filter({ hasText: invoiceNumber });
      await visible(invoiceRow);
      await visible(invoiceRow.getByText("₹1,234.50"));
      await visible(invoiceRow.getByText("Pending"));

      await invoiceRow.getByRole("button", { name: `Record payment for ${invoiceNumber}` }).click();
      const payment = page.getByRole("dialog", { name: "Record Payment" });
      await payment.getByLabel("Amount").fill("1000");
      await payment.getByLabel("Reference").fill("UPI-E2E-1");
      await payment.getByRole("button", { name: "Record Payment" }).click();
      await snackbar(page, `Payment recorded for ${invoiceNumber}.`);
      await visible(invoiceRow.getByText("₹234.50 due"));
      await invoiceRow.getByRole("button", { name: `Record payment for ${invoiceNumber}` }).click();
      expect(await payment.getByLabel("Amount").inputValue()).toBe("234.5");
      // The server's "exceeds the balance" goes as soon as the amount changes (issue 9).
      await payment.getByLabel("Amount").fill("500");
      await payment.getByRole("button", { name: "Record Payment" }).click();
      const exceeds = payment.getByText("Amount exceeds the balance due of ₹234.50");
      await visible(exceeds);
      await payment.getByLabel("Amount").fill("234.555");
      await exceeds.waitFor({ state: "detached" });
      await payment.getByRole("button", { name: "Record Payment" }).click();
      await visible(payment.getByText("Amount can have at most two decimals"));
      expect(await exceeds.count()).toBe(0);
      await payment.getByLabel("Amount").fill("234.5");
      await payment.getByRole("button", { name: "Record Payment" }).click();
      await snackbar(page, `Payment recorded. ${invoiceNumber} is now Paid.`);
      await visible(invoiceRow.getByText("Paid"));
      expect(await invoiceRow.getByRole("button", { name: `Record payment for ${invoiceNumber}` }).count()).toBe(0);

      // Reject needs a reason.
      const pending = page
        .getByRole("table", { name: "Invoice requests" })
        .getByRole("row")
        .filter({ hasText: "Admission kit" });
      await pending.getByRole("button", { name: /Reject request/ }).click();
      const reject = page.getByRole("dialog", { name: "Reject invoice request" });
      await reject.getByRole("button", { name: "Reject" }).click();
      await visible(reject.getByText("Please provide a reason for rejection"));
      await reject.getByLabel("Reason").fill("Kit already issued at admission");
      await reject.getByRole("button", { name: "Reject" }).click();
      await snackbar(page, /rejected\./);
      await visible(pending.getByText("Rejected: Kit already issued at admission"));
    });
  });

  it("generates this month's invoices after a confirmation that names their count and total", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("admin").email, "/billing");
      const runs: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/invoices/generate-monthly")) runs.push(request.method());
      });
      const open = async () => {
        await page.getByRole("button", { name: "Generate Monthly Invoices" }).click();
        const dialog = page.getByRole("dialog", { name: "Generate monthly invoices?" });
        await visible(dialog.getByTestId("generate-summary"));
        return dialog;
      };
      // Money moves only after the server's own count and total are shown (issue 30, point 7).
      let confirm = await open();
      const summary = (await confirm.getByTestId("generate-summary").textContent()) ?? "";
      const named = /^Create (\d+) invoices? totalling (₹[\d,]+\.\d{2}) for ([A-Z][a-z]+ \d{4})$/.exec(summary);
      expect(named, summary).not.toBeNull();
      const [, count, total] = named!;
      expect(Number(count)).toBeGreaterThan(0);
      // Indian grouping: lakhs after the thousands.
      expect(total).toMatch(/^₹\d{1,2}(,\d{2})*,\d{3}\.\d{2}$|^₹\d{1,3}\.\d{2}$/);
      await visible(confirm.getByText(/due in 30 days/));
      await screenshot(page, "billing-generate-confirm");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });
      expect(runs).toEqual([]);

      confirm = await open();
      expect(await confirm.getByTestId("generate-summary").textContent()).toBe(summary);
      await confirm.getByRole("button", { name: `Create ${count} invoice${count === "1" ? "" : "s"}` }).click();
      await snackbar(page, new RegExp(`^Generated ${count} invoices?; \\d+ students? skipped\\.$`));
      expect(runs).toEqual(["POST"]);

      // Nothing left to create: the confirmation says so and offers nothing to confirm.
      confirm = await open();
      await visible(confirm.getByText(/^No new invoices to create for [A-Z][a-z]+ \d{4}$/));
      await visible(
        confirm.getByText(new RegExp(`^Not included: ${count} child(ren)? already invoiced for the month`)),
      );
      expect(await confirm.getByRole("button", { name: "Generate" }).isDisabled()).toBe(true);
      await confirm.getByRole("button", { name: "Cancel" }).click();
      expect(runs).toEqual(["POST"]);
      await page.getByLabel("Status", { exact: true }).click();
      await page.getByRole("option", { name: "Overdue" }).click();
      await visible(listRows(page, "Invoices").first().getByText("Overdue"));
    });
  });

  it("a parent without an authenticator app opens an invoice on a phone with a code sent by e-mail (390)", async () => {
    await withPage(browser, PHONE, async (page) => {
      const parent = demoUser("parent");
      await openSignedIn(page, parent.email, "/billing");
      await visible(page.getByRole("heading", { name: "Your invoices" }));
      const button = listRows(page, "Invoices")
        .first()
        .getByRole("button", { name: /^Download / });
      const label = (await (await visible(button)).getAttribute("aria-label"))!;
      const invoiceNumber = label.replace(/^Download /, "");
      await button.click();
      const dialog = page.getByRole("dialog", { name: label });
      // No app is asked for: the way in is a code by e-mail.
      await visible(dialog.getByText(/each download needs a one-time code/));
      expect(await dialog.getByText(/install|authenticator app first/i).count()).toBe(0);
      expect(await dialog.getByLabel("Code from the e-mail").count()).toBe(0);
      await screenshot(page, "billing-download-email");
      await dialog.getByRole("button", { name: "Send me a code by e-mail" }).click();

      // Where it went, when a new one may be asked for, and the field for the code.
      await visible(dialog.getByText("We have e-mailed a 6-digit code to pa****@sprout.test."));
      const resend = await visible(dialog.getByRole("button", { name: /^Send a new code in \d+ s$/ }));
      expect(await resend.isDisabled()).toBe(true);
      const mail = await (
        await fetch(`${baseURL}/api/auth/test-email?email=${encodeURIComponent(parent.email)}`)
      ).json();
      expect(mail.subject).toBe("Your Sprout code to download an invoice");
      expect(mail.text).toContain(invoiceNumber);
      const code = mail.code as string;
      expect(code).toMatch(/^\d{6}$/);

      const input = dialog.getByLabel("Code from the e-mail");
      await input.fill("12ab3");
      expect(await input.inputValue()).toBe("123");
      await dialog.getByRole("button", { name: "Download PDF" }).click();
      await visible(dialog.getByText("Please enter a valid 2FA code."));
      // The server's refusal, in its words, goes once the code changes.
      await input.fill(code === "000000" ? "111111" : "000000");
      await dialog.getByRole("button", { name: "Download PDF" }).click();
      const refused = dialog.getByText("Invalid verification code. 4 attempts remaining.");
      await visible(refused);
      await screenshot(page, "billing-download-email-sent");
      await input.fill(code);
      await refused.waitFor({ state: "detached" });
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        dialog.getByRole("button", { name: "Download PDF" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${invoiceNumber.replaceAll("/", "-")}.pdf`);
      const file = await readFile((await download.path())!);
      expect(file.subarray(0, 5).toString()).toBe("%PDF-");
      await dialog.waitFor({ state: "detached" });

      // The code opened one download: the same code again is refused.
      const listed = await callApi(page, "GET", "/invoices?limit=50");
      const id = (listed.body.invoices as { id: string; invoice_number: string }[]).find(
        (row) => row.invoice_number === invoiceNumber,
      )!.id;
      const again = await page.evaluate(
        async ({ id, code }) => {
          const response = await fetch(`/api/invoices/generate-pdf/${id}`, {
            headers: {
              authorization: `Bearer ${localStorage.getItem("token")}`,
              "x-session-token": localStorage.getItem("sessionToken") ?? "",
              "x-2fa-totp": code,
            },
          });
          return { status: response.status, body: await response.json() };
        },
        { id, code },
      );
      expect(again).toMatchObject({ status: 400, body: { code: "CODE_USED" } });
    });
  });

  it("billing staff without an app use the e-mailed code too (1366)", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      const finance = demoUser("financial_manager");
      await openSignedIn(page, finance.email, "/billing");
      const first = await visible(listRows(page, "Invoices").first());
      const invoiceNumber = (await first.locator("td").first().textContent())!.trim();
      await first.getByRole("button", { name: `Download ${invoiceNumber}` }).click();
      const dialog = page.getByRole("dialog", { name: `Download ${invoiceNumber}` });
      await dialog.getByRole("button", { name: "Send me a code by e-mail" }).click();
      await visible(dialog.getByText("We have e-mailed a 6-digit code to fi*****@sprout.test."));
      await screenshot(page, "billing-download-email-sent");
      const mail = await (
        await fetch(`${baseURL}/api/auth/test-email?email=${encodeURIComponent(finance.email)}`)
      ).json();
      await dialog.getByLabel("Code from the e-mail").fill(mail.code);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        dialog.getByRole("button", { name: "Download PDF" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${invoiceNumber.replaceAll("/", "-")}.pdf`);
    });
  });

  it("with an authenticator app: the code that finished the set-up opens the next download, once", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      const parent = demoUser("parent");
      await openSignedIn(page, parent.email, "/billing");
      const first = await visible(listRows(page, "Invoices").first());
      const invoiceNumber = (await first.locator("td").first().textContent())!.trim();
      const dialog = page.getByRole("dialog", { name: `Download ${invoiceNumber}` });

      // Enrol the parent in two-factor with this session, the way the setup screen does.
      const setup = await callApi(page, "GET", "/auth/2fa/setup");
      const secret = setup.body.secret as string;
      const setupCode = await generate({ secret });
      expect(
        (await callApi(page, "POST", "/auth/2fa/verify-setup", { token: setupCode, password: DEMO_PASSWORD })).status,
      ).toBe(200);
      try {
        await page.reload();
        await first.getByRole("button", { name: `Download ${invoiceNumber}` }).click();
        await visible(dialog.getByText("Enter the 6-digit code from your authenticator app."));
        await visible(dialog.getByRole("button", { name: "Send me a code by e-mail instead" }));
        const input = dialog.getByLabel("2FA code");
        await input.fill(setupCode === "000000" ? "111111" : "000000");
        await dialog.getByRole("button", { name: "Download PDF" }).click();
        await visible(dialog.getByText("Invalid verification code. Please try again."));
        await screenshot(page, "billing-download-2fa");
        // The very code that finished the set-up, inside its 30-second window: not a replay.
        await input.fill(setupCode);
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          dialog.getByRole("button", { name: "Download PDF" }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`${invoiceNumber.replaceAll("/", "-")}.pdf`);
        // Spent on that download, it opens no second one.
        await first.getByRole("button", { name: `Download ${invoiceNumber}` }).click();
        await dialog.getByLabel("2FA code").fill(setupCode);
        await dialog.getByRole("button", { name: "Download PDF" }).click();
        await visible(dialog.getByText("Invalid verification code. Please try again."));
      } finally {
        // Leave the demo parent as other journeys expect it: without two-factor.
        expect((await callApi(page, "POST", "/auth/2fa/disable", { password: DEMO_PASSWORD })).status).toBe(200);
      }
    });
  });

  it("fee management: structures with components, exit records with filters; phone layouts", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("owner").email, "/billing");
      await page.getByRole("link", { name: "Fee Management" }).click();
      await visible(page.getByRole("heading", { name: "Fee Management" }));
      const creche = page
        .getByRole("table", { name: "Fee structures" })
        .getByRole("row")
        .filter({ hasText: "Daycare - CRECHE" });
      await visible(creche.getByText("₹14,000.00"));
      await screenshot(page, "fees");
      await page.getByRole("button", { name: "New Fee Structure" }).click();
      const dialog = page.getByRole("dialog", { name: "New Fee Structure" });
      expect(await dialog.getByLabel("Registration fee").inputValue()).toBe("10000");
      expect(await dialog.getByLabel("Security deposit").inputValue()).toBe("10000");
      await dialog.getByLabel("Program name").fill("After-school Care - Koala Seniors");
      await dialog.getByLabel("Monthly fee").fill("7500");
      await dialog.getByRole("button", { name: "Add component" }).click();
      await dialog.getByLabel(/^Name/).fill("Snacks");
      await dialog.getByLabel(/^Amount/).fill("600");
      await screenshot(page, "fees-dialog");
      await dialog.getByRole("button", { name: "Save" }).click();
      const added = page
        .getByRole("table", { name: "Fee structures" })
        .getByRole("row")
        .filter({ hasText: "After-school Care - Koala Seniors" });
      await visible(added.getByText("Snacks ₹600.00"));
      // "Already exists" goes when the name changes (issue 9).
      await page.getByRole("button", { name: "New Fee Structure" }).click();
      await dialog.getByLabel("Program name").fill("After-school Care - Koala Seniors");
      await dialog.getByLabel("Monthly fee").fill("7000");
      await dialog.getByRole("button", { name: "Save" }).click();
      const duplicate = dialog.getByText("A fee structure for this program and academic year already exists");
      await visible(duplicate);
      await dialog.getByLabel("Program name").fill("After-school Care - Koala Juniors");
      await duplicate.waitFor({ state: "detached" });
      await dialog.getByRole("button", { name: "Cancel" }).click();

      await page.getByRole("tab", { name: "Exit Records" }).click();
      await visible(listRows(page, "Exit records").filter({ hasText: "Meera Joshi" }));
      await page.getByLabel("Type").click();
      await page.getByRole("option", { name: "Student" }).click();
      await visible(listRows(page, "Exit records").first().getByText("Student"));
      // The previous page stays on screen while the filtered one loads: wait for Meera's row to go.
      await listRows(page, "Exit records").filter({ hasText: "Meera Joshi" }).waitFor({ state: "detached" });
      await fillDate(page, "From", "01/01/2099");
      await visible(page.getByText("No exit records found."));
      await screenshot(page, "fees-exits");
    });
    for (const [role, path, name] of [
      ["financial_manager", "/billing", "billing"],
      ["owner", "/fees", "fees"],
      ["parent", "/billing", "billing-parent"],
    ] as const) {
      await withPage(browser, PHONE, async (page) => {
        await openSignedIn(page, demoUser(role).email, path);
        await visible(page.getByRole("heading", { level: 1 }));
        await page.waitForLoadState("networkidle");
        await screenshot(page, name);
      });
    }
  });
});

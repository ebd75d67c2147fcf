import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/** The invoice as the API answers it to the page's own session. */
function invoiceOf(page: Page, id: string) {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/invoices/${id}`, {
      headers: {
        Authorization: `Bearer ${localStorage.getItem("token")}`,
        "X-Session-Token": localStorage.getItem("sessionToken") ?? "",
      },
    });
    return (await response.json()) as { balance: number; status: string };
  }, id);
}

const snackbar = (page: Page, text: string | RegExp) =>
  visible(page.getByRole("alert").filter({ hasText: text }).first());

// A UTR of this run: 12 digits that no other journey or demo claim uses.
const UTR = `9${String(Date.now()).slice(-11)}`;

describe("fee collection: paying an invoice by UPI", () => {
  it("a parent on a phone pays by UPI and says so; the finance manager confirms; the invoice shows Paid with its receipt", async () => {
    let invoicePath = "";
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("parent").email, "/billing");
      const unpaid = listRows(page, "Your invoices")
        .filter({ hasText: /Overdue|Pending/ })
        .first();
      await (await visible(unpaid)).getByRole("link", { name: /^Open invoice/ }).click();
      await page.waitForURL("**/billing/invoices/*");
      invoicePath = new URL(page.url()).pathname;
      const id = invoicePath.split("/").at(-1)!;

      await visible(page.getByRole("heading", { name: "Pay by UPI" }));
      await visible(page.getByRole("img", { name: /UPI QR code to pay/ }));
      const pay = await visible(page.getByRole("link", { name: "Pay with UPI app" }));
      const href = (await pay.getAttribute("href"))!;
      expect(href.startsWith("upi://pay?")).toBe(true);
      const { balance } = await invoiceOf(page, id);
      expect(new URL(href).searchParams.get("am")).toBe(balance.toFixed(2));
      expect(new URL(href).searchParams.get("cu")).toBe("INR");
      await screenshot(page, "fee-collection-pay-by-upi");

      await page.getByRole("button", { name: "I have paid" }).click();
      const form = page.getByRole("region", { name: "I have paid by UPI" });
      await visible(form);
      expect(await form.getByLabel("Amount").inputValue()).toBe(String(balance));
      await form.getByRole("button", { name: "Send to the office" }).click();
      await visible(form.getByText("Enter the UTR (transaction reference) your UPI app shows"));
      await form.getByLabel("UTR (UPI reference)").fill(UTR);
      await form.getByRole("button", { name: "Send to the office" }).click();
      await snackbar(page, "The office will confirm your payment");
      const claims = listRows(page, "Payments you told us about").filter({ hasText: UTR });
      await visible(claims.getByText("Waiting"));
      // All of it is claimed: no second payment is offered while the office checks.
      await visible(page.getByText("You have told the office about your payment"));
      await page.getByRole("heading", { name: "Pay by UPI" }).waitFor({ state: "detached" });
      await screenshot(page, "fee-collection-claim-filed");
    });

    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("financial_manager").email, "/billing/claims");
      await visible(page.getByRole("heading", { name: "Payment claims" }));
      const row = listRows(page, "Payment claims").filter({ hasText: UTR });
      await visible(row);
      await screenshot(page, "fee-collection-claims");
      await row.getByRole("button", { name: `Confirm the payment with UTR ${UTR}` }).click();
      await snackbar(page, "Payment confirmed and recorded");
      await row.waitFor({ state: "detached" });
    });

    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("parent").email, invoicePath);
      await visible(page.getByRole("heading", { name: "Payments received" }));
      await visible(page.getByText("Paid", { exact: true }).first());
      expect(await page.getByRole("heading", { name: "Pay by UPI" }).count()).toBe(0);
      const claim = listRows(page, "Payments you told us about").filter({ hasText: UTR });
      const confirmed = await visible(claim.getByText(/Confirmed: receipt [A-Z0-9]{1,3}\/R\d{2}-\d{2}\/\d{5}/));
      const receiptNumber = (await confirmed.textContent())!.replace("Confirmed: receipt ", "").trim();
      await screenshot(page, "fee-collection-paid");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: `Download receipt ${receiptNumber}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`receipt_${receiptNumber.replaceAll("/", "-")}.pdf`);
      const file = await readFile((await download.path())!);
      expect(file.subarray(0, 5).toString()).toBe("%PDF-");
    });
  });
});

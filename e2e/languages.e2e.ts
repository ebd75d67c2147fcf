import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { CATALOGUES } from "@sprout/shared/i18n/catalogues";
import { sayerFor } from "@sprout/shared/i18n/english";
import type { Browser, Page } from "playwright-core";
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

/** What a Hindi screen says for a catalogue message: the journeys read the screen as its reader does. */
const hi = sayerFor("hi-IN", CATALOGUES.hi);
const [downloadBefore, downloadAfter] = CATALOGUES.hi["invoiceList.downloadNumber"].split("{number}");
const escaped = (text = "") => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A person's own language choice, made as the account page makes it. The evening digest is
 * turned off too: the test inbox hands out an address's last mail, and a digest sent at the
 * wrong moment would hide the code a journey waits for.
 */
async function chooseLanguage(email: string, language: "en" | "hi") {
  const signedIn = await (
    await fetch(`${baseURL}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    })
  ).json();
  const put = (path: string, body: unknown) =>
    fetch(`${baseURL}/api${path}`, {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${signedIn.token}`,
        "x-session-token": signedIn.sessionToken,
        "x-csrf-token": signedIn.csrfToken,
      },
      body: JSON.stringify(body),
    });
  const saved = await put("/account/preferences", { language });
  expect(saved.status).toBe(200);
  if (email !== demoUser("parent").email) return;
  const quiet = await put("/parents/digest", { daily_digest: false });
  expect(quiet.status).toBe(200);
}

/** Nothing on the page is wider than the phone: a long Hindi label wraps rather than spills. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
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

  it("a teacher whose phone speaks Hindi records lunch, and the parent reads it in Hindi (390)", async () => {
    await chooseLanguage(demoUser("teacher").email, "hi");
    await chooseLanguage(demoUser("parent").email, "hi");
    const teacher = await hindiPhone();
    const parent = await hindiPhone();
    try {
      await openSignedIn(teacher.page, demoUser("teacher").email, "/daily-activities");
      await teacher.page.getByRole("combobox", { name: hi("childDay.classroom") }).click();
      await teacher.page.getByRole("option", { name: "Toddlers" }).click();
      await teacher.page.getByRole("button", { name: hi("childDay.recordFor", { name: "Aanya Malhotra" }) }).click();
      const sheet = teacher.page.getByRole("dialog", { name: "Aanya Malhotra" });
      await sheet.getByRole("button", { name: hi("childDay.meal", { meal: "lunch" }), exact: true }).click();
      await sheet.getByRole("button", { name: "75%" }).click();
      await sheet.getByRole("button", { name: hi("childDay.saveMeal") }).click();
      await visible(sheet.getByText(hi("childDay.foodLine", { meal: "lunch", percent: 75 })));
      await fitsTheScreen(teacher.page);
      await screenshot(teacher.page, "languages-teacher-lunch-hi");

      await openSignedIn(parent.page, demoUser("parent").email, "/dashboard");
      await parent.page.getByRole("combobox").first().click();
      await parent.page.getByRole("option", { name: "Aanya Malhotra" }).click();
      await visible(parent.page.getByText(hi("tiles.meal", { meal: "lunch", amount: "most" })).first());
      await fitsTheScreen(parent.page);
      await screenshot(parent.page, "languages-parent-lunch-hi");
    } finally {
      await Promise.all([teacher.context.close(), parent.context.close()]);
    }
  });

  it("a parent whose phone speaks Hindi opens an invoice in Hindi with a code e-mailed in Hindi (390)", async () => {
    const parent = demoUser("parent");
    await chooseLanguage(parent.email, "hi");
    const { context, page } = await hindiPhone();
    try {
      await openSignedIn(page, parent.email, "/billing");
      await visible(page.getByRole("heading", { name: hi("billing.yourInvoices") }));
      const download = page
        .getByRole("button", { name: new RegExp(`^${escaped(downloadBefore)}.+${escaped(downloadAfter)}$`) })
        .first();
      const label = (await (await visible(download)).getAttribute("aria-label"))!;
      await download.click();
      const dialog = page.getByRole("dialog", { name: label });
      await dialog.getByRole("button", { name: hi("invoiceList.sendCode") }).click();
      await visible(dialog.getByLabel(hi("invoiceList.emailCode")));
      const mail = await (
        await fetch(`${baseURL}/api/auth/test-email?email=${encodeURIComponent(parent.email)}`)
      ).json();
      expect(mail.subject).toBe("इनवॉइस डाउनलोड करने के लिए आपका Sprout कोड");
      await dialog.getByLabel(hi("invoiceList.emailCode")).fill(mail.code);
      await fitsTheScreen(page);
      await screenshot(page, "languages-invoice-code-hi");
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        dialog.getByRole("button", { name: hi("invoiceList.downloadPdf") }).click(),
      ]);
      const { stdout } = await promisify(execFile)("pdftotext", [(await file.path())!, "-"]);
      expect(stdout).toContain(hi("invoice.title"));
      // (Words with a vowel sign written before its consonant, like राशि, extract out of order.)
      expect(stdout).toContain(hi("invoice.total"));
    } finally {
      await context.close();
    }
  });
});

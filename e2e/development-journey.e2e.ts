import { readFile } from "node:fs/promises";
import { PDFParse } from "pdf-parse";
import type { Browser, Download, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enIn, fillDate } from "./date-field";
import { apiGet, type BandedChild, childWithAgeBand } from "./development-children";
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

// What this run writes: names and words no other journey or the demo data uses.
const RUN = String(Date.now()).slice(-6);
const TERM = `Journey term ${RUN}`;
const NOTE = `Walked the whole balance beam alone, then on tiptoe (${RUN})`;
const PLAY = `On the climbing frame with my friends (${RUN})`;
const PARENT_ANSWER = `Helps to set the table and counts the plates (${RUN})`;

/** The text of a PDF the browser downloaded, its lines joined by single spaces. */
async function pdfText(download: Download) {
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text.replace(/\s+/g, " ");
}

/** Clicks a download button and waits for the file the browser saves. */
async function downloadFrom(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 60_000 }),
    page.getByRole("button", { name: button }).click(),
  ]);
  return download;
}

/** The assessment page's row of one competency: the innermost block holding its heading and its levels. */
const competencyRow = (page: Page, code: string) =>
  page
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: code, exact: true }) })
    .filter({ has: page.getByRole("group", { name: `Level for ${code}` }) })
    .last();

describe("development: from an everyday observation to an acknowledged progress card", () => {
  it("a teacher tags an observation; a coordinator assesses and publishes; the parent reads, downloads and acknowledges the card; the coordinator sees it", async () => {
    // The journey's child: one of the demo parent's children in the demo teacher's rooms, 3 to 6 years old.
    let family: { id: string; first_name: string; last_name: string; classroom_name: string }[] = [];
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("parent").email, "/dashboard");
      await visible(page.getByRole("combobox", { name: "Child" }));
      family = await apiGet(page, "/api/parents/my-children");
    });
    let child: BandedChild = { id: "", first_name: "", last_name: "", band: "" };
    let name = "";
    let classroom = "";
    let narrative = "";

    // 1. The teacher writes an observation and tags it with a competency the picker suggests for the child's age.
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("teacher").email, "/observation-logs");
      await visible(page.getByRole("heading", { name: "Observation Logs" }));
      child = await childWithAgeBand(page, family);
      name = `${child.first_name} ${child.last_name}`;
      classroom = family.find((each) => each.id === child.id)!.classroom_name;
      narrative = `${child.first_name} walks the balance beam alone and climbs with care (${RUN}).`;
      await page.getByRole("button", { name: "New observation" }).click();
      const dialog = await visible(page.getByRole("dialog", { name: "New observation log" }));
      await dialog.getByRole("combobox", { name: "Child" }).fill(child.first_name);
      await (await visible(page.getByRole("option", { name }).first())).click();
      await dialog.getByLabel("Notes").fill(NOTE);
      await dialog.getByRole("combobox", { name: "Competencies" }).click();
      const listbox = page.getByRole("listbox");
      await visible(listbox.getByText(`Suggested for ${child.band}`));
      await dialog.getByRole("combobox", { name: "Competencies" }).fill("balance");
      await (await visible(listbox.getByRole("option").filter({ hasText: "C-3.2" }).first())).click();
      await visible(dialog.getByRole("button", { name: "C-3.2" }));
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "hidden" });
      const saved = page.getByRole("article", { name: `Observation of ${name}` }).filter({ hasText: NOTE });
      await visible(saved.getByText(/C-3\.2 · Shows balance/));
    });

    // 2. The coordinator opens a term covering today for the child's classroom, assesses the child and publishes.
    let termPath = "";
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("academic_coordinator").email, "/development/terms");
      await visible(page.getByRole("heading", { name: "Assessments" }));
      await page.getByRole("button", { name: "Open a term" }).click();
      const dialog = await visible(page.getByRole("dialog"));
      await dialog.getByLabel("Term").fill(TERM);
      await fillDate(dialog, "Starts on", enIn(-14));
      await fillDate(dialog, "Ends on", enIn(60));
      await dialog.getByRole("combobox", { name: "Classrooms" }).click();
      await page.getByRole("option", { name: classroom, exact: true }).click();
      await page.keyboard.press("Escape");
      await dialog.getByRole("button", { name: "Open term" }).click();
      await page.waitForURL("**/development/terms/*");
      termPath = new URL(page.url()).pathname;
      await visible(page.getByRole("heading", { name: TERM }));

      const row = listRows(page, "Class view").filter({ hasText: name }).first();
      await visible(row.getByText("Not started"));
      await row.getByRole("link", { name }).click();
      await visible(page.getByRole("heading", { name, level: 1 }));

      // The teacher's observation is there, under the competency she tagged.
      const balance = competencyRow(page, "C-3.2");
      await (await visible(balance.getByRole("button", { name: /^\d+ observations?$/ }))).click();
      await visible(balance.getByText(NOTE));
      await balance.getByRole("button", { name: "Sky (Advanced)" }).click();
      await competencyRow(page, "C-1.1").getByRole("button", { name: "Mountain (Proficient)" }).click();
      await page.getByLabel("Narrative: Physical Development").fill(narrative);
      await page.getByLabel("I like to play", { exact: true }).fill(PLAY);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await visible(page.getByText("Saved.", { exact: true }));
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await (await visible(page.getByRole("dialog"))).getByRole("button", { name: "Publish" }).click();
      await visible(page.getByText(/Published .* \(version 1\)/));
      await screenshot(page, "development-journey-published-coordinator");
    });

    // 3. The parent, on a phone, opens the card from the home, reads it, downloads it, writes their page and acknowledges.
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("parent").email, "/dashboard");
      await page.getByRole("combobox", { name: "Child" }).click();
      await page.getByRole("option", { name }).click();
      await visible(page.getByRole("heading", { name: `${child.first_name}'s day` }));
      const tile = page.getByRole("link", { name: "Progress card" });
      await visible(tile.getByText(`${TERM}: new, please read`));
      await tile.click();
      await visible(page.getByRole("heading", { name, level: 1 }));
      await visible(page.getByText(TERM, { exact: false }).first());
      const physical = page.getByRole("region", { name: "Physical Development (PD)" });
      await visible(physical.getByText(narrative));
      await visible(physical.getByRole("img", { name: /^Sky \(Advanced\)/ }));
      await visible(page.getByRole("region", { name: "All about me" }).getByText(PLAY));
      await screenshot(page, "development-journey-card-parent");

      const colour = await pdfText(await downloadFrom(page, "Download PDF (colour)"));
      expect(colour).toContain(name);
      expect(colour).toContain(narrative);
      expect(colour).toContain("Sky (Advanced)");
      expect(colour).toContain(PLAY);
      // The card for printing in grey is a PDF of the same card.
      const grey = await pdfText(await downloadFrom(page, "Download PDF (grey)"));
      expect(grey).toContain(name);
      expect(grey).toContain(narrative);

      const parentPage = page.getByRole("form", { name: "The parent's page" });
      await parentPage.getByLabel("At home my child").fill(PARENT_ANSWER);
      await parentPage.getByLabel("My child enjoys").fill("Stories at bedtime and the park on Sundays");
      await parentPage.getByRole("button", { name: "Save my page" }).click();
      await visible(page.getByText("Your page is saved."));
      await page.getByRole("button", { name: "I have read this card" }).click();
      await visible(page.getByText(/^You acknowledged this card on /));
      await screenshot(page, "development-journey-card-parent");
    });

    // 4. The coordinator reaches the term's progress from the class view and sees the family's acknowledgement.
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("academic_coordinator").email, termPath);
      await visible(page.getByRole("heading", { name: TERM }));
      await visible(listRows(page, "Class view").filter({ hasText: name }).getByText("Published"));
      await screenshot(page, "development-journey-class-view-coordinator");
      await page.getByRole("link", { name: "Progress and acknowledgements" }).click();
      await visible(page.getByRole("heading", { name: `Progress of the class: ${TERM}` }));
      const acknowledged = listRows(page, "Acknowledgements").filter({ hasText: name });
      await visible(acknowledged.getByText(new RegExp(`by ${demoUser("parent").fullName}`)));
      await visible(page.getByText("0 families have not acknowledged"));
      await screenshot(page, "development-journey-progress-coordinator");

      // The staff's card shows the parent's page as the family wrote it.
      await acknowledged.getByRole("link", { name }).click();
      await visible(page.getByText(PARENT_ANSWER));
      await visible(page.getByText(/^The family acknowledged this card on /));
    });

    // The class view's link on a phone.
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("academic_coordinator").email, termPath);
      await visible(page.getByRole("heading", { name: TERM }));
      await visible(page.getByRole("link", { name: "Progress and acknowledgements" }));
      await screenshot(page, "development-journey-class-view-coordinator");
    });
  });
});

import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  openSignedIn,
  PHONE,
  screenshot,
  submitSignIn,
  visible,
} from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The parent's home with Aanya chosen (the demo family has two children). */
async function parentHome(page: Page) {
  await submitSignIn(page, demoUser("parent").email);
  await page.getByRole("combobox", { name: "Child" }).click();
  await page.getByRole("option", { name: "Aanya Malhotra" }).click();
  await visible(page.getByRole("heading", { name: "Aanya's day" }));
}

async function teacherSheet(page: Page) {
  await openSignedIn(page, demoUser("teacher").email, "/daily-activities");
  await page.getByRole("combobox", { name: "Classroom" }).click();
  await page.getByRole("option", { name: "Toddlers" }).click();
  await page.getByRole("button", { name: "Record for Aanya Malhotra" }).click();
  const sheet = page.getByRole("dialog", { name: "Aanya Malhotra" });
  await sheet.getByRole("tab", { name: "Health" }).click();
  return sheet;
}

/** A real photo (a coloured square) for the upload: the server re-encodes it. */
const photo = async () => ({
  name: "block-tower.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: "#4caf50" } })
    .png()
    .toBuffer(),
});

/** The coordinator's "Centre milestones" dialog on the observation logs page. */
async function milestonesDialog(page: Page) {
  await openSignedIn(page, demoUser("academic_coordinator").email, "/observation-logs");
  await page.getByRole("button", { name: "Milestones" }).click();
  const dialog = page.getByRole("dialog", { name: "Centre milestones" });
  await visible(dialog.getByText("Physical development", { exact: true }));
  return dialog;
}

describe("observation logs", () => {
  it("a coordinator adds a milestone; a teacher logs it with a photo, edits it and removes the photo; the parent reads it on a phone", async () => {
    const coordinator = await openPage(browser, PHONE);
    const teacher = await openPage(browser, PHONE);
    const parent = await openPage(browser, PHONE);
    const note = "Built a tower of six blocks";
    const milestone = "Stacks six blocks";
    try {
      // The centre adds its own milestone to the framework's list, naming where it comes from.
      const milestones = await milestonesDialog(coordinator.page);
      await milestones.getByLabel("Milestone", { exact: true }).fill(milestone);
      await milestones.getByLabel("Area", { exact: true }).click();
      await coordinator.page.getByRole("option", { name: "Physical development" }).click();
      await expect(milestones.getByLabel("Source", { exact: true }).inputValue()).resolves.toBe("Centre's own");
      await milestones.getByRole("button", { name: "Add milestone" }).click();
      const added = milestones.getByRole("listitem").filter({ hasText: milestone });
      await visible(added.getByText("Physical development · Centre's own"));
      await screenshot(coordinator.page, "observation-milestones");

      await openSignedIn(teacher.page, demoUser("teacher").email, "/observation-logs");
      await teacher.page.getByRole("button", { name: "New observation" }).click();
      const form = teacher.page.getByRole("dialog", { name: "New observation log" });
      await form.getByLabel("Child").fill("Aanya");
      await teacher.page.getByRole("option", { name: "Aanya Malhotra" }).click();
      await form.getByLabel("Milestone").fill("Stacks");
      await teacher.page.getByRole("option", { name: milestone }).click();
      await visible(form.getByText("Source: Centre's own"));
      await form.getByLabel("Notes").fill(note);
      await form.locator("input[type=file]").setInputFiles(await photo());
      await visible(form.getByText("1 file(s) chosen"));
      await screenshot(teacher.page, "observation-form");
      await form.getByRole("button", { name: "Save" }).click();
      await form.waitFor({ state: "hidden" });

      const log = teacher.page
        .getByRole("article", { name: "Observation of Aanya Malhotra" })
        .filter({ hasText: note });
      await visible(log.getByRole("button", { name: "Open block-tower.png" }));
      await log.getByRole("button", { name: "Edit" }).click();
      const edit = teacher.page.getByRole("dialog", { name: "Edit observation log" });
      await edit.getByLabel("Notes").fill(`${note}, then counted them`);
      await edit.getByRole("button", { name: "Save" }).click();
      await edit.waitFor({ state: "hidden" });
      const edited = teacher.page.getByRole("article").filter({ hasText: `${note}, then counted them` });
      await visible(edited);
      await screenshot(teacher.page, "observation-log-photo-teacher");

      // The parent reads it on the phone and opens the photo.
      await parentHome(parent.page);
      await parent.page.getByRole("button", { name: "Observations", exact: true }).click();
      const theirs = parent.page.getByRole("article").filter({ hasText: `${note}, then counted them` });
      await visible(theirs.getByText(milestone));
      await visible(theirs.getByText("Source: Centre's own"));
      await expect(theirs.getByRole("button", { name: "Edit" }).count()).resolves.toBe(0);
      await theirs.getByRole("button", { name: "Open block-tower.png" }).click();
      const viewer = parent.page.getByRole("dialog", { name: "block-tower.png" });
      await visible(viewer.getByRole("img", { name: "block-tower.png" }));
      await screenshot(parent.page, "observation-photo-parent");
      await viewer.getByRole("button", { name: "Close" }).click();
      await screenshot(parent.page, "observation-log-photo-parent");

      // The teacher takes the photo off again in the same edit form; the parent's list follows.
      await edited.getByRole("button", { name: "Edit" }).click();
      await edit.getByRole("button", { name: "Remove block-tower.png" }).click();
      await visible(edit.getByText("block-tower.png (removed)"));
      await screenshot(teacher.page, "observation-form-remove-attachment");
      await edit.getByRole("button", { name: "Save" }).click();
      await edit.waitFor({ state: "hidden" });
      await edited.getByRole("button", { name: "Open block-tower.png" }).waitFor({ state: "detached" });
      await theirs.getByRole("button", { name: "Open block-tower.png" }).waitFor({ state: "detached" });
      await visible(edited.getByText("Source: Centre's own"));

      // Delete asks first; saying no keeps it, saying yes removes it (the demo data as it was).
      const asked: string[] = [];
      teacher.page.once("dialog", (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await edited.getByRole("button", { name: "Delete" }).click();
      await expect.poll(() => asked).toEqual(["Delete this observation log?"]);
      await visible(edited);
      teacher.page.once("dialog", (dialog) => void dialog.accept());
      await edited.getByRole("button", { name: "Delete" }).click();
      await edited.waitFor({ state: "detached" });
      await theirs.waitFor({ state: "detached" });

      // The centre's list as it was: the milestone comes off after a confirmation.
      coordinator.page.once("dialog", (dialog) => void dialog.accept());
      await milestones.getByRole("button", { name: `Remove ${milestone}` }).click();
      await added.waitFor({ state: "detached" });
    } finally {
      await Promise.all([coordinator.context.close(), teacher.context.close(), parent.context.close()]);
    }
  });

  it("the form and a log with a photo at desktop width", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    try {
      await openSignedIn(page, demoUser("teacher").email, "/observation-logs");
      await page.getByRole("button", { name: "New observation" }).click();
      const form = page.getByRole("dialog", { name: "New observation log" });
      await form.getByLabel("Child").fill("Aanya");
      await page.getByRole("option", { name: "Aanya Malhotra" }).click();
      await form.getByLabel("Notes").fill("Sang the whole rhyme");
      await form.locator("input[type=file]").setInputFiles(await photo());
      await screenshot(page, "observation-form");
      await form.getByRole("button", { name: "Save" }).click();
      const log = page.getByRole("article").filter({ hasText: "Sang the whole rhyme" });
      await visible(log.getByRole("button", { name: "Open block-tower.png" }));
      await screenshot(page, "observation-log-photo-teacher");
      page.once("dialog", (dialog) => void dialog.accept());
      await log.getByRole("button", { name: "Delete" }).click();
      await log.waitFor({ state: "detached" });
    } finally {
      await context.close();
    }
  });

  it("the centre's milestone list at desktop width", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    try {
      await milestonesDialog(page);
      await screenshot(page, "observation-milestones");
    } finally {
      await context.close();
    }
  });
});

describe("health", () => {
  it("the parent adds an allergy and a medication with consent; the teacher gives a dose; the parent sees it", async () => {
    const parent = await openPage(browser, PHONE);
    const teacher = await openPage(browser, PHONE);
    const medicine = "Paracetamol syrup";
    try {
      await parentHome(parent.page);
      await parent.page.getByRole("button", { name: "Health", exact: true }).click();
      const allergies = parent.page.getByRole("region", { name: "Allergies and dietary restrictions" });
      const adding = parent.page.getByRole("form", { name: "Add an allergy or condition" });
      await adding.getByRole("button", { name: "Add" }).click();
      await visible(adding.getByText("Please enter the details"));
      await adding.getByLabel("Details").fill("Peanuts (e2e)");
      await adding.getByRole("button", { name: "Add" }).click();
      await visible(allergies.getByText("Peanuts (e2e)"));

      await parent.page.getByRole("button", { name: "Add medication" }).click();
      const dialog = parent.page.getByRole("dialog", { name: "Add a medication" });
      await dialog.getByLabel("Medication", { exact: true }).fill(medicine);
      await dialog.getByLabel("Dose", { exact: true }).fill("5 ml");
      await dialog.getByLabel("When to give it").fill("12:30, after lunch");
      await dialog.getByRole("button", { name: "Save and give consent" }).click();
      await visible(dialog.getByText("Please give your consent for the centre to give this medication"));
      await dialog.getByRole("checkbox").check();
      await screenshot(parent.page, "health-medication-form-parent");
      await dialog.getByRole("button", { name: "Save and give consent" }).click();
      await dialog.waitFor({ state: "hidden" });
      const medication = parent.page.getByRole("listitem").filter({ hasText: medicine });
      await visible(medication.getByText("Active today"));
      await visible(medication.getByText(/Consent given by Vikram Malhotra/));

      // The teacher sees the allergy and gives a dose under the consent.
      const sheet = await teacherSheet(teacher.page);
      await visible(sheet.getByRole("alert").getByText(/Peanuts \(e2e\)/));
      const give = sheet.getByRole("form", { name: `Give ${medicine}` });
      await give.getByLabel("Given at").fill("12:30");
      await screenshot(teacher.page, "health-teacher-sheet");
      await give.getByRole("button", { name: "Give dose" }).click();
      await visible(sheet.getByText(`Medication given: ${medicine}, 5 ml at 12:30`));

      // The parent's Health view shows it without a reload, and the tile says so.
      await visible(parent.page.getByText(`Medication given: ${medicine}, 5 ml at 12:30`));
      await screenshot(parent.page, "health-parent");
      await parent.page.getByRole("button", { name: "Back" }).click();
      await visible(parent.page.getByTestId("tile-line-Health").getByText("Medication given at 12:30"));

      // Consent withdrawn: the teacher can no longer give it. The allergy goes again.
      await parent.page.getByRole("button", { name: "Health", exact: true }).click();
      await medication.getByRole("button", { name: "Withdraw consent" }).click();
      await parent.page
        .getByRole("dialog", { name: `Withdraw consent for ${medicine}?` })
        .getByRole("button", { name: "Withdraw consent" })
        .click();
      await visible(medication.getByText("Not active"));
      await allergies.getByRole("button", { name: "Remove Peanuts (e2e)" }).click();
      await allergies.getByText("Peanuts (e2e)").waitFor({ state: "detached" });
      await sheet.getByRole("form", { name: `Give ${medicine}` }).waitFor({ state: "detached" });
    } finally {
      await Promise.all([parent.context.close(), teacher.context.close()]);
    }
  });

  it("health screens at desktop width for the parent and the teacher", async () => {
    for (const role of ["parent", "teacher"] as const) {
      const { page, context } = await openPage(browser, DESKTOP);
      try {
        if (role === "parent") {
          await parentHome(page);
          await page.getByRole("button", { name: "Health", exact: true }).click();
          await visible(page.getByRole("region", { name: "Immunisations" }));
          await screenshot(page, "health-parent");
        } else {
          const sheet = await teacherSheet(page);
          await visible(sheet.getByRole("region", { name: "Medications" }));
          await screenshot(page, "health-teacher-sheet");
        }
      } finally {
        await context.close();
      }
    }
  });
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, demoUser, launchBrowser, openSignedIn, PHONE, screenshot, visible, withPage } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const snackbar = (page: Page, text: string | RegExp) =>
  visible(page.getByRole("alert").filter({ hasText: text }).first());

describe("teachers belong to classrooms (issue 9)", () => {
  it("a director makes the demo teacher lead of Kindy; the teacher's Classrooms page shows it with its children", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("center_director").email, "/classrooms");
      const kindy = page.getByRole("listitem").filter({ hasText: "Kindy" }).filter({ hasNotText: "Pre-Kindy" });
      // Every demo room has its lead: the director hands Kindy to the demo teacher.
      await visible(kindy.getByText("Lead: Sneha Kulkarni"));
      await page.getByRole("button", { name: "Assign staff to Kindy" }).click();
      const dialog = page.getByRole("dialog", { name: "Staff of Kindy" });
      await dialog.getByLabel("Lead teacher").click();
      await page.getByRole("option", { name: /Priya Sharma/ }).click();
      await screenshot(page, "classroom-assign-staff");
      await dialog.getByRole("button", { name: "Save" }).click();
      await snackbar(page, "Staff of Kindy saved");
      await visible(kindy.getByText("Lead: Priya Sharma"));
      await screenshot(page, "classrooms-director");
    });

    for (const viewport of [DESKTOP, PHONE]) {
      await withPage(browser, viewport, async (page) => {
        await openSignedIn(page, demoUser("teacher").email, "/classrooms");
        await visible(page.getByRole("heading", { name: "My Classrooms" }));
        const room = page.getByRole("region", { name: "Kindy" });
        await visible(room.getByText("Lead teacher", { exact: true }));
        const children = room.getByRole("list", { name: "Children of Kindy" });
        await visible(children.getByRole("listitem").first());
        expect(await children.getByRole("listitem").count()).toBeGreaterThan(0);
        await visible(page.getByRole("region", { name: "Toddlers" }));
        await screenshot(page, "classrooms-teacher");
      });
    }
  });

  it("a director gives a teacher a room from the staff record on a phone", async () => {
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("center_director").email, "/staff");
      await page.getByRole("button", { name: "Classrooms of Priya Sharma" }).click();
      const dialog = page.getByRole("dialog", { name: "Classrooms of Priya Sharma" });
      await dialog.getByLabel("Creche").click();
      await page.getByRole("option", { name: "Assistant" }).click();
      await screenshot(page, "staff-classrooms-dialog");
      await dialog.getByRole("button", { name: "Save" }).click();
      await snackbar(page, "Classrooms of Priya Sharma saved");
      await page.goto("/classrooms");
      const creche = page.getByRole("listitem").filter({ hasText: "Creche" });
      await visible(creche.getByText("Assistants: Priya Sharma"));
    });
  });
});

describe("records can be corrected (issue 9)", () => {
  it("a director corrects a child's name and a guardian's phone; the child's page lists the correction", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("center_director").email, "/children");
      const firstChild = page.getByRole("table", { name: "Children" }).getByRole("link").first();
      await firstChild.click();
      await visible(page.getByRole("button", { name: "Edit details" }));
      const heading = await visible(page.getByRole("heading", { level: 1 }));
      const oldName = (await heading.textContent()) ?? "";
      await page.getByRole("button", { name: "Edit details" }).click();
      const dialog = page.getByRole("dialog", { name: /^Edit / });
      const firstName = dialog.getByLabel("First name").first();
      await firstName.fill("");
      await firstName.blur();
      // The error shows as soon as the field is left, and goes when it is fixed.
      await visible(dialog.getByText("First name is required"));
      await firstName.fill("Anvi");
      await expect.poll(() => dialog.getByText("First name is required").count()).toBe(0);
      const phone = dialog.getByRole("group", { name: "Guardian 1" }).getByLabel("Phone");
      await phone.fill("98450 22334");
      await screenshot(page, "child-edit-dialog");
      await dialog.getByRole("button", { name: "Save" }).click();
      await snackbar(page, "Child details saved");
      await visible(page.getByRole("heading", { level: 1, name: /^Anvi/ }));
      const corrections = page.getByRole("list", { name: "Corrections" });
      await visible(corrections.getByText(`First name: ${oldName.split(" ")[0]} → Anvi`));
      await visible(corrections.getByText(/: phone: .* → 98450 22334/));
      await screenshot(page, "child-page");
    });
  });

  it("the child's page fits a phone", async () => {
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("center_director").email, "/children");
      await page.getByRole("list", { name: "Children" }).getByRole("link").first().click();
      await visible(page.getByRole("button", { name: "Edit details" }));
      await visible(page.getByRole("region", { name: "History" }));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, "child-page");
    });
  });
});

describe("small things people notice (issue 9)", () => {
  it("the 404 page keeps the navigation for a signed-in user", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await withPage(browser, viewport, async (page) => {
        await openSignedIn(page, demoUser("center_director").email, "/no-such-page");
        await visible(page.getByRole("heading", { name: "Page not found" }));
        if (viewport === DESKTOP) await visible(page.getByRole("navigation", { name: "Main navigation" }));
        else await visible(page.getByRole("button", { name: /menu/i }));
        await screenshot(page, "not-found-signed-in");
      });
    }
  });
});

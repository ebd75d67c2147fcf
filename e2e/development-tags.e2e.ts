import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childWithAgeBand } from "./development-children";
import { DESKTOP, demoUser, launchBrowser, openSignedIn, PHONE, screenshot, visible, withPage } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("development: observations tagged with the framework's competencies", () => {
  it("a teacher writes an observation, picks a suggested competency, sees the chip and filters the child's logs by its domain", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("teacher").email, "/observation-logs");
      await visible(page.getByRole("heading", { name: "Observation Logs" }));
      const child = await childWithAgeBand(page);
      const name = `${child.first_name} ${child.last_name}`.trim();
      const note = `Balanced on the low beam and counted steps ${Date.now()}`;

      await page.getByRole("button", { name: "New observation" }).click();
      const dialog = page.getByRole("dialog", { name: "New observation log" });
      await visible(dialog);
      await dialog.getByRole("combobox", { name: "Child" }).fill(child.first_name);
      await (await visible(page.getByRole("option", { name }).first())).click();
      await dialog.getByLabel("Notes").fill(note);

      await dialog.getByRole("combobox", { name: "Competencies" }).click();
      const listbox = page.getByRole("listbox");
      await visible(listbox.getByText(`Suggested for ${child.band}`));
      await dialog.getByRole("combobox", { name: "Competencies" }).fill("balance");
      const option = await visible(listbox.getByRole("option").filter({ hasText: "C-3.2" }).first());
      await option.click();
      await visible(dialog.getByRole("button", { name: "C-3.2" }));
      await screenshot(page, "development-observation-picker-teacher");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "hidden" });

      const saved = page.getByRole("article", { name: `Observation of ${name}` }).filter({ hasText: note });
      await visible(saved.getByText(/C-3\.2 · Shows balance/));

      // Filter the child's logs by the competency's domain: the new log is there; another domain hides it.
      await page.getByRole("combobox", { name: "Child" }).fill(child.first_name);
      await (await visible(page.getByRole("option", { name }).first())).click();
      await page.getByRole("combobox", { name: "Domain" }).click();
      await page.getByRole("option", { name: "PD · Physical Development" }).click();
      await visible(saved);
      const articles = page.getByRole("article");
      for (const each of await articles.all()) expect(await each.textContent()).toContain(name);
      await page.getByRole("combobox", { name: "Domain" }).click();
      await page.getByRole("option", { name: "ACD · Aesthetic and Cultural Development" }).click();
      await saved.waitFor({ state: "detached" });
    });
  });

  it("the picker and the framework page on a phone and for a coordinator", async () => {
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("teacher").email, "/observation-logs");
      const child = await childWithAgeBand(page);
      await page.getByRole("button", { name: "New observation" }).click();
      const dialog = page.getByRole("dialog", { name: "New observation log" });
      await dialog.getByRole("combobox", { name: "Child" }).fill(child.first_name);
      const name = `${child.first_name} ${child.last_name}`.trim();
      await (await visible(page.getByRole("option", { name }).first())).click();
      await dialog.getByRole("combobox", { name: "Competencies" }).click();
      await visible(page.getByRole("listbox").getByText(`Suggested for ${child.band}`));
      await screenshot(page, "development-observation-picker-teacher");
      await page.keyboard.press("Escape");

      await page.goto("/development/framework");
      await visible(page.getByRole("heading", { name: "National Curriculum Framework for Foundational Stage 2022" }));
      await screenshot(page, "development-framework-teacher");
    });
    for (const [role, viewport] of [
      ["academic_coordinator", DESKTOP],
      ["teacher", DESKTOP],
    ] as const) {
      await withPage(browser, viewport, async (page) => {
        await openSignedIn(page, demoUser(role).email, "/development/framework");
        await visible(page.getByRole("heading", { name: "National Curriculum Framework for Foundational Stage 2022" }));
        await page.getByRole("button", { name: /PD · Physical Development/ }).click();
        await visible(page.getByText("Shows balance, coordination, and flexibility", { exact: false }));
        if (role === "academic_coordinator")
          await visible(page.getByRole("heading", { name: "This centre's framework" }));
        else expect(await page.getByRole("heading", { name: "This centre's framework" }).count()).toBe(0);
        await screenshot(page, `development-framework-${role}`);
      });
    }
  });
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  PHONE,
  screenshot,
  signIn,
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

describe("emergency alert", () => {
  it("reaches a teacher's open page within a second, is acknowledged, seen by the director, resolved and gone", async () => {
    const director = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, PHONE);
    try {
      await signIn(director.page, demoUser("center_director").email);
      await submitSignIn(teacher.page, demoUser("teacher").email);
      // The teacher is on a page that has nothing to do with emergencies.
      await teacher.page.goto("/documents");
      await director.page.goto("/incidents");
      await visible(director.page.getByText("Live", { exact: true }));
      await director.page.getByRole("tab", { name: "Emergency alerts" }).click();

      await director.page.getByRole("button", { name: "Emergency" }).click();
      const dialog = director.page.getByRole("dialog");
      const trigger = dialog.getByRole("button", { name: "Trigger Alert" });
      expect(await trigger.isDisabled()).toBe(true);
      await dialog.getByRole("combobox", { name: "Alert type" }).click();
      await director.page.getByRole("option", { name: "Fire" }).click();
      // Choosing fire fills in the instructions and the evacuation flag.
      expect(await dialog.getByLabel("Instructions for staff").inputValue()).toMatch(/^Raise the alarm and call 101/);
      expect(await dialog.getByLabel("Evacuation required").isChecked()).toBe(true);
      expect(await trigger.isDisabled()).toBe(true);
      await dialog.getByLabel("Message").fill("Smoke from the kitchen, leave by the garden exit");
      await screenshot(director.page, "emergency-dialog");
      const posted = director.page.waitForResponse((response) => response.url().endsWith("/emergency/alert"));
      await trigger.click();
      expect((await posted).status()).toBe(201);

      const banner = teacher.page.getByTestId("emergency-banner");
      await banner.waitFor({ state: "visible", timeout: 1000 });
      expect(await banner.textContent()).toContain("Smoke from the kitchen");
      await screenshot(teacher.page, "emergency-banner-teacher");

      await banner.getByRole("button", { name: "Acknowledge" }).click();
      await visible(banner.getByRole("button", { name: "Acknowledged" }));
      await visible(director.page.getByTestId("acknowledgement").filter({ hasText: "Priya Sharma" }));
      await screenshot(director.page, "emergency-director");

      await director.page.getByTestId("alert-card").getByRole("button", { name: "Resolve" }).click();
      const resolveDialog = director.page.getByRole("dialog");
      await resolveDialog.getByLabel("Resolution notes").fill("Toaster fire put out; everyone back inside");
      await resolveDialog.getByRole("button", { name: "Resolve" }).click();
      await banner.waitFor({ state: "detached" });
      await director.page.getByTestId("emergency-banner").waitFor({ state: "detached" });
    } finally {
      await director.context.close();
      await teacher.context.close();
    }
  });
});

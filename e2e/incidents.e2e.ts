import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, demoUser, launchBrowser, openPage, openSignedIn, PHONE, screenshot, visible } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("incident report", () => {
  it("a teacher reports on a phone, the director sees it live, notifies, the parent reads and acknowledges, the director resolves", async () => {
    const director = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, PHONE);
    const parent = await openPage(browser, PHONE);
    // Unique to this run, so that the checks below find this report and no other.
    const location = `Sandpit by the east gate ${Date.now()}`;
    try {
      await openSignedIn(director.page, demoUser("center_director").email, "/incidents");
      await visible(director.page.getByText("Live", { exact: true }));
      await openSignedIn(parent.page, demoUser("parent").email, "/incidents");
      await visible(parent.page.getByRole("heading", { name: "Incident reports" }));
      await visible(parent.page.getByText("Live", { exact: true }));

      await openSignedIn(teacher.page, demoUser("teacher").email, "/incidents");
      await visible(teacher.page.getByText("Live", { exact: true }));
      // A teacher reports but does not manage: no emergency button.
      expect(await teacher.page.getByRole("button", { name: "Emergency" }).count()).toBe(0);
      await teacher.page.getByRole("button", { name: "Report incident" }).click();
      const form = teacher.page.getByRole("dialog");
      const save = form.getByRole("button", { name: "Save report" });
      await save.click();
      // Nothing chosen yet: the shared schema's messages, and nothing is sent.
      await visible(form.getByText("Please choose the child or children involved"));
      await form.getByLabel("Children involved").fill("Aanya");
      await teacher.page.getByRole("option", { name: /^Aanya Malhotra/ }).click();
      await form.getByRole("combobox", { name: "Severity" }).click();
      await teacher.page.getByRole("option", { name: "Medium" }).click();
      await form.getByLabel("Location").fill(location);
      await form.getByLabel("What happened").fill("Slipped off the low wall and grazed her left knee.");
      await form.getByLabel("First aid given").fill("Cleaned with saline and covered with a plaster.");
      await screenshot(teacher.page, "incident-report-teacher");
      const posted = teacher.page.waitForResponse(
        (response) => response.url().endsWith("/api/incidents") && response.request().method() === "POST",
      );
      await save.click();
      expect((await posted).status()).toBe(201);
      await form.waitFor({ state: "detached" });
      await visible(teacher.page.getByText(location, { exact: false }));

      // The director's open page gets the report without a reload.
      const row = director.page.getByRole("row").filter({ hasText: location });
      await visible(row);
      expect(await row.textContent()).toContain("Aanya Malhotra");
      // A manager reviews it first (the centre's default): the family does not see it yet.
      await visible(row.getByText("Awaiting review", { exact: true }));
      await screenshot(director.page, "incidents-director");

      // The report's type opens it: a button, reached by keyboard as by mouse.
      await row.getByRole("button", { name: "Injury" }).click();
      const details = director.page.getByRole("dialog");
      await visible(details.getByText("Slipped off the low wall", { exact: false }));
      await visible(details.getByText(/^reported by Priya Sharma/));
      await details.getByRole("button", { name: "Mark parents notified" }).click();
      await visible(details.getByText(/^Parents notified/));

      // The parent's open page receives the report, reads it and acknowledges it.
      const report = parent.page.getByTestId("parent-incident").filter({ hasText: location });
      await visible(report);
      expect(await report.textContent()).toContain("Slipped off the low wall");
      expect(await report.textContent()).toContain("First aid: Cleaned with saline");
      await screenshot(parent.page, "incident-parent");
      await report.getByRole("button", { name: "I have read this report" }).click();
      await visible(report.getByText(/^You acknowledged this on \d{2} [A-Z][a-z]{2} \d{4}/));
      await visible(report.getByText("Acknowledged", { exact: true }));
      await screenshot(parent.page, "incident-parent-acknowledged");

      // The director's open report says who acknowledged and when, without a reload.
      const acknowledged = /^Vikram Malhotra, \d{2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}\s?[ap]m$/i;
      await visible(details.getByTestId("incident-parents").getByText("Acknowledged", { exact: true }));
      await visible(details.getByTestId("incident-parents").getByText(acknowledged));
      // So does the teacher's list on her phone.
      const card = teacher.page.getByRole("button").filter({ hasText: location });
      await visible(card.getByText("Acknowledged", { exact: true }));
      await visible(card.getByText(acknowledged));
      await screenshot(teacher.page, "incidents-teacher-acknowledged");

      await details.getByLabel("Resolution notes").fill("Knee checked at pick-up; healing well.");
      await details.getByRole("button", { name: "Resolve" }).click();
      await visible(details.getByText(/resolved by Sunita Iyer/));
      await screenshot(director.page, "incident-details-director");
      await details.getByRole("button", { name: "Close" }).click();
      await visible(row.getByRole("cell", { name: "Resolved" }));
      // The director's list: "Acknowledged" instead of "Notified", with the parent's name and time.
      await visible(row.getByText("Acknowledged", { exact: true }));
      await visible(row.getByText(acknowledged));
      expect(await row.getByText("Notified", { exact: true }).count()).toBe(0);
      await screenshot(director.page, "incidents-director-acknowledged");

      // Filters: an open-only list leaves it out, and so does a start date after it.
      await director.page.getByRole("combobox", { name: "Status" }).click();
      await director.page.getByRole("option", { name: "Open" }).click();
      await row.waitFor({ state: "detached" });
      await director.page.getByRole("combobox", { name: "Status" }).click();
      await director.page.getByRole("option", { name: "All" }).click();
      await visible(row);
      const later = new Date(Date.now() + 2 * 86_400_000);
      const typed = [later.getUTCDate(), later.getUTCMonth() + 1].map((part) => String(part).padStart(2, "0"));
      await director.page.getByRole("group", { name: "From" }).getByRole("spinbutton", { name: "Day" }).click();
      await director.page.keyboard.type(`${typed.join("")}${later.getUTCFullYear()}`);
      await visible(director.page.getByText("No incidents found"));
      expect(await row.count()).toBe(0);

      // The parent sees the report resolved after a reload.
      await parent.page.reload();
      await visible(report.getByText("Resolved", { exact: true }));
    } finally {
      await director.context.close();
      await teacher.context.close();
      await parent.context.close();
    }
  });

  it("a centre that does not review first: the director switches review off, a teacher's report reaches the parent at once", async () => {
    const director = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, DESKTOP);
    const parent = await openPage(browser, PHONE);
    const location = `Reading corner ${Date.now()}`;
    const reviewSwitch = () => director.page.getByLabel("Incident reports are reviewed before parents see them");
    try {
      await openSignedIn(director.page, demoUser("center_director").email, "/settings");
      await visible(director.page.getByRole("heading", { name: "Incident reports" }));
      expect(await reviewSwitch().isChecked()).toBe(true);
      await reviewSwitch().click();
      await visible(director.page.getByText(/^Last changed by Sunita Iyer on /));
      expect(await reviewSwitch().isChecked()).toBe(false);
      await screenshot(director.page, "incident-review-setting-director");

      await openSignedIn(parent.page, demoUser("parent").email, "/incidents");
      await visible(parent.page.getByText("Live", { exact: true }));

      await openSignedIn(teacher.page, demoUser("teacher").email, "/incidents");
      await teacher.page.getByRole("button", { name: "Report incident" }).click();
      const form = teacher.page.getByRole("dialog");
      await form.getByLabel("Children involved").fill("Aanya");
      await teacher.page.getByRole("option", { name: /^Aanya Malhotra/ }).click();
      // The teacher is told before saving that the family sees it at once.
      await visible(form.getByTestId("review-notice").getByText(/see this report as soon as you save it/));
      await form.getByLabel("Location").fill(location);
      await form.getByLabel("What happened").fill("Pinched a finger in the book trolley.");
      await screenshot(teacher.page, "incident-report-teacher-no-review");
      await form.getByRole("button", { name: "Save report" }).click();
      await form.waitFor({ state: "detached" });
      await visible(teacher.page.getByRole("row").filter({ hasText: location }).getByText("Notified", { exact: true }));

      // The parent's open page receives it without anyone marking it.
      await visible(parent.page.getByTestId("parent-incident").filter({ hasText: location }));
    } finally {
      // Back to the default for the journeys after this one.
      if ((await reviewSwitch().isVisible()) && !(await reviewSwitch().isChecked())) {
        const saved = director.page.waitForResponse((response) =>
          response.url().includes("/api/incidents/review-setting"),
        );
        await reviewSwitch().click();
        await saved;
      }
      await director.context.close();
      await teacher.context.close();
      await parent.context.close();
    }
  });
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
} from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("communication", () => {
  it("a teacher posts an announcement and a parent's open page shows it live, unread until opened", async () => {
    const teacher = await openPage(browser, DESKTOP);
    const parent = await openPage(browser, PHONE);
    try {
      await openSignedIn(teacher.page, demoUser("teacher").email, "/classroom-announcements");
      await submitSignIn(parent.page, demoUser("parent").email);
      // The parent portal's Announcements tile carries the room's unread count as its line.
      await parent.page.getByRole("combobox", { name: "Child" }).click();
      await parent.page.getByRole("option", { name: "Aanya Malhotra" }).click();
      const tileLine = parent.page.getByTestId("tile-line-Announcements");
      await visible(tileLine.getByText("No announcements yet"));

      // Aanya's room: the parent's page opens on her (first by name); the teacher chooses it.
      await teacher.page.getByRole("combobox", { name: "Classroom" }).click();
      await teacher.page.getByRole("option", { name: "Toddlers" }).click();
      const form = teacher.page.getByRole("form", { name: "Post an announcement" });
      const post = form.getByRole("button", { name: "Post" });
      expect(await post.isDisabled()).toBe(true);
      await form.getByLabel("Title").fill("   ");
      await form.getByLabel("Message").fill("Bring a hat");
      expect(await post.isDisabled()).toBe(true);
      await form.getByLabel("Title").fill("Sports day");
      await screenshot(teacher.page, "announcements-teacher");
      await post.click();
      await visible(teacher.page.getByRole("article", { name: "Sports day" }));

      // The tile's line changes without a reload, and the tile leads to Aanya's room.
      await visible(tileLine.getByText("1 unread"));
      await screenshot(parent.page, "parent-home-announcements-tile");
      await parent.page.locator("a", { has: tileLine }).click();
      await parent.page.waitForURL(
        (url) => url.pathname === "/classroom-announcements" && url.searchParams.has("classroom"),
      );
      const card = parent.page.getByRole("article", { name: "Sports day" });
      await visible(card);
      await visible(card.getByText("Unread"));
      await screenshot(parent.page, "announcements-parent");
      await card.getByRole("button", { name: "Open" }).click();
      await visible(card.getByText("Bring a hat"));
    } finally {
      await teacher.context.close();
      await parent.context.close();
    }
  });

  it("a parent on a phone writes, the teacher sees it live and answers, the parent sees the answer; the director reads along", async () => {
    const parent = await openPage(browser, PHONE);
    const teacher = await openPage(browser, DESKTOP);
    const director = await openPage(browser, DESKTOP);
    try {
      await submitSignIn(parent.page, demoUser("parent").email);
      await openSignedIn(teacher.page, demoUser("teacher").email, "/messaging");
      await signIn(director.page, demoUser("center_director").email);
      await visible(teacher.page.getByText("Select a conversation to view messages."));

      await parent.page.goto("/messaging");
      await visible(parent.page.getByText("leadership can read these conversations", { exact: false }));
      await parent.page.getByRole("combobox", { name: "Write to a teacher" }).click();
      await parent.page.getByRole("option", { name: /Priya Sharma \(Aanya/ }).click();
      const box = parent.page.getByLabel("Write a message");
      await box.fill("   ");
      expect(await parent.page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
      await box.fill("Aanya has a mild cough <b>today</b>");
      await box.press("Enter");
      await visible(parent.page.getByTestId("message").filter({ hasText: "Aanya has a mild cough <b>today</b>" }));

      // The teacher's open page lists the conversation with its unread count, without a reload.
      const row = teacher.page.getByRole("button", { name: /Vikram Malhotra · Aanya Malhotra/ });
      await visible(row);
      await visible(row.getByText("1"));
      await row.click();
      await visible(teacher.page.getByTestId("message").filter({ hasText: "<b>today</b>" }));
      await screenshot(teacher.page, "messaging-teacher");
      await teacher.page.setViewportSize(PHONE);
      await visible(teacher.page.getByRole("button", { name: "Back to conversations" }));
      await screenshot(teacher.page, "messaging-teacher");
      await teacher.page.getByLabel("Write a message").fill("Thanks, we will keep her warm");
      await teacher.page.getByRole("button", { name: "Send" }).click();

      await visible(parent.page.getByTestId("message").filter({ hasText: "Thanks, we will keep her warm" }));
      await screenshot(parent.page, "messaging-parent");

      await director.page.goto("/parent-communication");
      await director.page.getByRole("tab", { name: "Conversations" }).click();
      await director.page.getByRole("button", { name: /Priya Sharma ↔ Vikram Malhotra/ }).click();
      await visible(director.page.getByText("Read-only: leadership oversight"));
      await visible(director.page.getByTestId("message").filter({ hasText: "keep her warm" }));
      expect(await director.page.getByLabel("Write a message").count()).toBe(0);
      await screenshot(director.page, "parent-communication-conversations");
      await director.page.setViewportSize(PHONE);
      await visible(director.page.getByRole("button", { name: "Back to conversations" }));
      await screenshot(director.page, "parent-communication-conversations");

      // A new message moves the thread in the director's open list, without its content reaching them live.
      await director.page.getByRole("button", { name: "Back to conversations" }).click();
      await parent.page.getByLabel("Write a message").fill("She is better this evening");
      await parent.page.getByLabel("Write a message").press("Enter");
      await visible(
        director.page
          .getByRole("button", { name: /Priya Sharma ↔ Vikram Malhotra/ })
          .getByText("She is better this evening"),
      );
    } finally {
      await parent.context.close();
      await teacher.context.close();
      await director.context.close();
    }
  });

  it("a parent's feedback reaches the director live; the response reaches the parent", async () => {
    const parent = await openPage(browser, PHONE);
    const director = await openPage(browser, DESKTOP);
    try {
      await submitSignIn(parent.page, demoUser("parent").email);
      await openSignedIn(director.page, demoUser("center_director").email, "/parent-communication");
      await director.page.getByRole("tab", { name: "Parent feedback" }).click();
      await visible(director.page.getByText("Live", { exact: true }));

      await parent.page.goto("/messaging");
      await parent.page.getByRole("button", { name: "Feedback" }).click();
      const dialog = parent.page.getByRole("dialog");
      // MUI's Rating keeps its radios visually hidden; people click the star, i.e. its label.
      await dialog.locator("label").filter({ hasText: "4 Stars" }).click();
      await dialog.getByLabel("Your feedback").fill("More photos of the garden please");
      await dialog.getByRole("button", { name: "Send feedback" }).click();
      await visible(dialog.getByText("Awaiting a reply"));

      const card = director.page.getByRole("article", { name: "Feedback from Vikram Malhotra" });
      await visible(card.getByText("More photos of the garden please"));
      await screenshot(director.page, "parent-communication-feedback");
      await director.page.setViewportSize(PHONE);
      await screenshot(director.page, "parent-communication-feedback");
      await card.getByLabel("Response").fill("We will share more every Friday");
      await card.getByRole("button", { name: "Respond" }).click();

      await visible(dialog.getByText("Reply: We will share more every Friday"));
      await screenshot(parent.page, "feedback-parent");

      // The bell's line about the answer opens the Feedback dialog, where the answer is.
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "hidden" });
      await parent.page.goto("/dashboard");
      await parent.page.getByRole("button", { name: /^Notifications/ }).click();
      // Earlier journeys may have answered other feedback of this parent: open this answer's line.
      await parent.page
        .getByRole("button", { name: /The centre answered your feedback.*We will share more every Friday/ })
        .click();
      await parent.page.waitForURL((url) => url.pathname === "/messaging" && url.searchParams.get("feedback") === "1");
      await visible(parent.page.getByRole("dialog").getByText("Reply: We will share more every Friday"));
    } finally {
      await parent.context.close();
      await director.context.close();
    }
  });

  it("the director sets how long a message may stay unread before the one e-mail", async () => {
    const director = await openPage(browser, DESKTOP);
    try {
      await openSignedIn(director.page, demoUser("center_director").email, "/parent-communication");
      await director.page.getByRole("tab", { name: "Reminders" }).click();
      const form = director.page.getByRole("form", { name: "Unread message reminder" });
      const hours = form.getByLabel("Hours before the reminder");
      await director.page.waitForFunction(
        () => (document.querySelector("input[name=unread_reminder_hours]") as HTMLInputElement | null)?.value !== "",
      );
      await hours.fill("0");
      await hours.blur();
      await visible(form.getByText("At least 1 hour"));
      await hours.fill("6");
      await form.getByRole("button", { name: "Save" }).click();
      await visible(form.getByText("Saved: reminders after 6 hours"));
      await screenshot(director.page, "parent-communication-reminders");
      await director.page.setViewportSize(PHONE);
      await screenshot(director.page, "parent-communication-reminders");

      await director.page.reload();
      await director.page.getByRole("tab", { name: "Reminders" }).click();
      await director.page.waitForFunction(
        () => (document.querySelector("input[name=unread_reminder_hours]") as HTMLInputElement | null)?.value === "6",
      );
    } finally {
      await director.context.close();
    }
  });
});

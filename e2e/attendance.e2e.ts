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
  signIn,
  visible,
} from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Signs in through the form; on a phone the navigation waits in the closed drawer. */
async function signInAt(page: Page, email: string, viewport: typeof DESKTOP) {
  if (viewport === DESKTOP) return signIn(page, email);
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill("Sprout@2026");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
}

/** "HH:MM" some minutes earlier, not before midnight. */
function minutesEarlier(time: string, minutes: number) {
  const [hours, mins] = time.split(":").map(Number) as [number, number];
  const total = Math.max(0, hours * 60 + mins - minutes);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

describe("attendance", () => {
  it("a teacher checks in a class on a phone; the director sees the ratio change live; the parent sees the time", async () => {
    const director = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, PHONE);
    const parent = await openPage(browser, PHONE);
    try {
      await signInAt(director.page, demoUser("center_director").email, DESKTOP);
      await director.page.getByRole("link", { name: "Attendance" }).click();
      const toddlersRatio = director.page
        .getByRole("article", { name: "Toddlers ratio" })
        .or(director.page.locator('[aria-label="Toddlers ratio"]'));
      await visible(toddlersRatio.getByText("0 children", { exact: false }));

      await openSignedIn(teacher.page, demoUser("teacher").email, "/attendance");
      await teacher.page.getByRole("tab", { name: "Toddlers" }).click();
      await teacher.page.getByRole("button", { name: "Check in Aanya Malhotra" }).click();
      await visible(teacher.page.locator('[aria-label="Aanya Malhotra"]').getByText(/^In \d/));
      // Two more children, one tap each.
      for (let n = 0; n < 2; n++) {
        const before = await teacher.page.getByRole("button", { name: /^Check in / }).count();
        await teacher.page
          .getByRole("button", { name: /^Check in / })
          .first()
          .click();
        await teacher.page.waitForFunction(
          (count) =>
            document.querySelectorAll('button[aria-label^="Check in "]:not([aria-label$=" again"])').length ===
            count - 1,
          before,
        );
      }
      await screenshot(teacher.page, "attendance-teacher");

      // The director's page was not reloaded: the event brought the new figures.
      await visible(toddlersRatio.getByText("3 children", { exact: false }));
      await screenshot(director.page, "attendance-director");

      await signInAt(parent.page, demoUser("parent").email, PHONE);
      await visible(parent.page.getByText(/Checked in at \d/));
      await screenshot(parent.page, "attendance-parent");
      expect(await parent.page.getByText("No check-in yet today").count()).toBe(1);
    } finally {
      await Promise.all([director.context.close(), teacher.context.close(), parent.context.close()]);
    }
  });

  // Runs after the test above, which checked three Toddlers in.
  it("a director changes the ratio and the room's required staff follows; the teacher has no ratio settings", async () => {
    const director = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, PHONE);
    try {
      await openSignedIn(teacher.page, demoUser("teacher").email, "/attendance");
      await visible(teacher.page.getByRole("tab", { name: "Toddlers" }));
      expect(await teacher.page.getByRole("button", { name: "Ratio settings" }).count()).toBe(0);

      await openSignedIn(director.page, demoUser("center_director").email, "/attendance");
      const figures = director.page.locator('[aria-label="Toddlers ratio"]').getByTestId("ratio-figures");
      await visible(figures);
      const [, children, required] = (await figures.textContent())!.match(/^(\d+) children · \d+ of (\d+) staff/)!;
      expect(Number(children)).toBeGreaterThanOrEqual(3);

      const open = async () => {
        await director.page.getByRole("button", { name: "Ratio settings" }).click();
        const dialog = director.page.getByRole("dialog", { name: "Ratio settings" });
        await visible(dialog.getByLabel("Under 3 years"));
        return dialog;
      };
      let dialog = await open();
      const before = {
        under: await dialog.getByLabel("Under 3 years").inputValue(),
        older: await dialog.getByLabel("3 to 6 years").inputValue(),
      };
      // The shared schema's message, on blur, before anything is sent.
      await dialog.getByLabel("Under 3 years").fill("0");
      await dialog.getByLabel("3 to 6 years").focus();
      await visible(dialog.getByText("Children per adult must be between 1 and 40."));
      await dialog.getByLabel("Under 3 years").fill("1");
      await dialog.getByLabel("3 to 6 years").fill("1");
      await screenshot(director.page, "attendance-ratio-settings");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "detached" });
      // One adult per child: the room now needs as many staff as it has children in.
      await visible(figures.getByText(`of ${children} staff`, { exact: false }));

      dialog = await open();
      await dialog.getByLabel("Under 3 years").fill(before.under);
      await dialog.getByLabel("3 to 6 years").fill(before.older);
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "detached" });
      await visible(figures.getByText(`of ${required} staff`, { exact: false }));
    } finally {
      await Promise.all([director.context.close(), teacher.context.close()]);
    }
  });

  it("a teacher asks for leave today; once the director approves, Staff Present counts her on leave; she withdraws it", async () => {
    const director = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, PHONE);
    try {
      await openSignedIn(teacher.page, demoUser("teacher").email, "/attendance");
      const leave = teacher.page.getByRole("region", { name: "Staff leave" });
      await leave.getByRole("button", { name: "Ask for leave" }).click();
      const ask = teacher.page.getByRole("dialog", { name: "Ask for leave" });
      await ask.getByRole("combobox", { name: "Type of leave" }).click();
      await teacher.page.getByRole("option", { name: "Sick" }).click();
      await ask.getByLabel("Note").fill("Fever since last night");
      await ask.getByRole("button", { name: "Ask for leave" }).click();
      await ask.waitFor({ state: "detached" });
      await visible(leave.getByText("Requested"));
      await screenshot(teacher.page, "attendance-leave-teacher");

      await openSignedIn(director.page, demoUser("center_director").email, "/attendance");
      const present = director.page.getByText(/ on leave · /);
      await visible(present);
      const onLeave = Number((await present.textContent())!.match(/(\d+) on leave/)![1]);
      const desk = director.page.getByRole("region", { name: "Staff leave" });
      await desk.getByRole("button", { name: "Approve Priya Sharma's leave" }).first().click();
      await visible(director.page.getByText(`${onLeave + 1} on leave`, { exact: false }));
      await director.page.getByRole("button", { name: "Show staff" }).click();
      const onDuty = director.page.getByRole("list", { name: "Staff on duty today" });
      await visible(onDuty.getByRole("listitem").filter({ hasText: "Priya Sharma" }).getByText("On leave"));
      await screenshot(director.page, "attendance-leave-director");
      // The teacher's page hears staff-status-update without a reload.
      await visible(teacher.page.getByText(`${onLeave + 1} on leave`, { exact: false }));
      await visible(leave.getByText("Approved"));

      await leave.getByRole("button", { name: "Withdraw Priya Sharma's leave" }).first().click();
      await visible(leave.getByText("Cancelled").first());
      await visible(director.page.getByText(`${onLeave} on leave`, { exact: false }));
    } finally {
      await Promise.all([director.context.close(), teacher.context.close()]);
    }
  });

  // Runs after the test above, which checked Aanya in.
  it("the kiosk checks a child out with the family's PIN, and leaving kiosk mode needs the password", async () => {
    const parent = await openPage(browser, PHONE);
    const tablet = await openPage(browser, DESKTOP);
    try {
      await signInAt(parent.page, demoUser("parent").email, PHONE);
      await parent.page.getByRole("button", { name: "Set kiosk PIN" }).click();
      await parent.page.getByLabel("New 4-digit PIN").fill("12");
      await parent.page.getByRole("button", { name: "Save PIN" }).click();
      await visible(parent.page.getByText("The PIN must be 4 digits."));
      await parent.page.getByLabel("New 4-digit PIN").fill("4826");
      await parent.page.getByRole("button", { name: "Save PIN" }).click();
      await visible(parent.page.getByText("Your kiosk PIN is set."));
      await screenshot(parent.page, "attendance-parent-pin");

      await openSignedIn(tablet.page, demoUser("center_director").email, "/attendance");
      await tablet.page.getByRole("link", { name: "Kiosk" }).click();
      await tablet.page.getByRole("button", { name: "Open kiosk mode" }).click();
      await tablet.page.getByLabel("Type your child's name, or your own").fill("Aanya");
      await tablet.page.getByRole("button", { name: "Check out Aanya Malhotra" }).click();
      for (const digit of "1111") await tablet.page.getByRole("button", { name: digit, exact: true }).click();
      await visible(tablet.page.getByText("That PIN is not right."));
      for (const digit of "4826") await tablet.page.getByRole("button", { name: digit, exact: true }).click();
      await visible(tablet.page.getByRole("status").getByText("Aanya is checked out. Goodbye!"));
      await screenshot(tablet.page, "attendance-kiosk");

      // The family sees the check-out, collected by the parent who typed the PIN.
      await parent.page.reload();
      await visible(parent.page.getByText(/Checked out at \d.* by Vikram Malhotra/));

      await tablet.page.getByRole("button", { name: "Leave kiosk mode" }).click();
      await tablet.page.getByLabel("Password").fill("wrong-password");
      await tablet.page.getByRole("dialog").getByRole("button", { name: "Leave kiosk mode" }).click();
      await visible(tablet.page.getByText("That password is not right."));
      await tablet.page.getByLabel("Password").fill("Sprout@2026");
      await tablet.page.getByRole("dialog").getByRole("button", { name: "Leave kiosk mode" }).click();
      await tablet.page.waitForURL("**/attendance");
    } finally {
      await Promise.all([parent.context.close(), tablet.context.close()]);
    }
  });

  it("during an emergency alert a teacher ticks children accounted for; the director's headcount rises live and names who is missing", async () => {
    const director = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, PHONE);
    try {
      await openSignedIn(teacher.page, demoUser("teacher").email, "/attendance");
      await teacher.page.getByRole("tab", { name: "Toddlers" }).click();
      // One more child in, whatever the tests above left (Aanya, checked out by the kiosk, stays out).
      await visible(teacher.page.locator('[aria-label="Aanya Malhotra"]'));
      const notYetIn = teacher.page.locator('button[aria-label^="Check in "]:not([aria-label$=" again"])');
      const before = await notYetIn.count();
      await notYetIn.first().click();
      await teacher.page.waitForFunction(
        (count) =>
          document.querySelectorAll('button[aria-label^="Check in "]:not([aria-label$=" again"])').length === count - 1,
        before,
      );

      await openSignedIn(director.page, demoUser("center_director").email, "/incidents");
      await director.page.getByRole("tab", { name: "Emergency alerts" }).click();
      await director.page.getByRole("button", { name: "Emergency" }).click();
      const dialog = director.page.getByRole("dialog");
      await dialog.getByRole("combobox", { name: "Alert type" }).click();
      await director.page.getByRole("option", { name: "Fire" }).click();
      await dialog.getByLabel("Message").fill("Fire drill: everyone to the front lawn");
      const posted = director.page.waitForResponse((response) => response.url().endsWith("/emergency/alert"));
      await dialog.getByRole("button", { name: "Trigger Alert" }).click();
      expect((await posted).status()).toBe(201);

      await director.page.goto("/attendance/headcount");
      const accounted = director.page.getByTestId("accounted");
      await visible(accounted.getByText(/^0 of \d+ accounted$/));
      const total = Number((await accounted.textContent())!.match(/of (\d+)/)![1]);
      expect(total).toBeGreaterThanOrEqual(3);
      // Proof that nothing below reloads the director's page.
      await director.page.evaluate(() => Object.assign(window, { stayedOpen: true }));

      await teacher.page.goto("/attendance/headcount");
      const boxes = teacher.page.getByRole("checkbox");
      await visible(boxes.first());
      expect(await boxes.count()).toBe(total);
      const names = (await teacher.page.locator("label:has(input[type=checkbox])").allTextContents()).map(
        (label) => label.split(" · ")[0]!,
      );
      // click, not check: the list re-renders with the server's figures as the tick lands.
      await boxes.first().click();
      await visible(accounted.getByText(`1 of ${total} accounted`));
      const missing = director.page.getByTestId("missing");
      await director.page.waitForFunction(
        (name) => !document.querySelector('[data-testid="missing"]')?.textContent?.includes(name),
        names[0]!,
      );
      const missingText = (await missing.textContent())!;
      for (const name of names.slice(1)) expect(missingText).toContain(`${name} (Toddlers)`);
      await screenshot(director.page, "attendance-headcount-alert");
      await screenshot(teacher.page, "attendance-headcount-teacher");

      for (let n = 1; n < total; n++) {
        await boxes.nth(n).click();
        await visible(accounted.getByText(`${n + 1} of ${total} accounted`));
      }
      await visible(director.page.getByText("Every child checked in is accounted for."));
      expect(await director.page.evaluate(() => "stayedOpen" in window)).toBe(true);

      // The drill is over: later tests run without an alert.
      await director.page.goto("/incidents");
      await director.page.getByRole("tab", { name: "Emergency alerts" }).click();
      await director.page.getByTestId("alert-card").getByRole("button", { name: "Resolve" }).click();
      const resolve = director.page.getByRole("dialog");
      await resolve.getByLabel("Resolution notes").fill("Drill over; everyone back inside");
      await resolve.getByRole("button", { name: "Resolve" }).click();
      await director.page.getByTestId("emergency-banner").waitFor({ state: "detached" });
    } finally {
      await Promise.all([director.context.close(), teacher.context.close()]);
    }
  });

  it("a parent adds a pick-up person; the teacher's check-out dialog offers them; the parent sees who collected", async () => {
    const parent = await openPage(browser, PHONE);
    const teacher = await openPage(browser, PHONE);
    try {
      await signInAt(parent.page, demoUser("parent").email, PHONE);
      const chooser = parent.page.getByRole("combobox", { name: "Child" });
      if (await chooser.isVisible()) {
        await chooser.click();
        await parent.page.getByRole("option", { name: "Aanya Malhotra" }).click();
      }
      const card = parent.page.getByRole("region", { name: "Aanya's pick-up list" });
      await card.getByRole("button", { name: "Add a person" }).click();
      await card.getByLabel("Name").fill("Meera Kapoor");
      await card.getByLabel("Relation to the child").fill("Aunt");
      await card.getByLabel("Phone").fill("98450 12345");
      await card.getByRole("button", { name: "Add to the list" }).click();
      await visible(card.getByText("Aunt · 98450 12345"));
      const face = await sharp({ create: { width: 120, height: 120, channels: 3, background: "#7a9cc6" } })
        .jpeg()
        .toBuffer();
      await card
        .locator('label[aria-label="Add a photo of Meera Kapoor"] input[type=file]')
        .setInputFiles({ name: "meera.jpg", mimeType: "image/jpeg", buffer: face });
      await visible(card.getByRole("img", { name: "Photo of Meera Kapoor" }));
      await screenshot(parent.page, "attendance-pickup-parent");
      const wide = await openPage(browser, DESKTOP);
      try {
        await signInAt(wide.page, demoUser("parent").email, DESKTOP);
        const wideChooser = wide.page.getByRole("combobox", { name: "Child" });
        if (await wideChooser.isVisible()) {
          await wideChooser.click();
          await wide.page.getByRole("option", { name: "Aanya Malhotra" }).click();
        }
        await visible(wide.page.getByRole("img", { name: "Photo of Meera Kapoor" }));
        await screenshot(wide.page, "attendance-pickup-parent");
      } finally {
        await wide.context.close();
      }

      // Aanya went home through the kiosk above; she comes back in and Meera collects her.
      await openSignedIn(teacher.page, demoUser("teacher").email, "/attendance");
      await teacher.page.getByRole("tab", { name: "Toddlers" }).click();
      await teacher.page.getByRole("button", { name: "Check in Aanya Malhotra again" }).click();
      await teacher.page.getByRole("button", { name: "Check out Aanya Malhotra" }).click();
      const dialog = teacher.page.getByRole("dialog");
      const meera = dialog.getByRole("radio", { name: "Meera Kapoor (Aunt) · 98450 12345" });
      await visible(meera);
      // The teacher compares the face at the door.
      await visible(dialog.getByRole("img", { name: "Photo of Meera Kapoor" }));
      await meera.check();
      await screenshot(teacher.page, "attendance-checkout-dialog");
      await dialog.getByRole("button", { name: "Check out" }).click();
      await dialog.waitFor({ state: "detached" });

      await parent.page.reload();
      await visible(parent.page.getByText(/Checked out at \d.* by Meera Kapoor/));
      if (await chooser.isVisible()) {
        await chooser.click();
        await parent.page.getByRole("option", { name: "Aanya Malhotra" }).click();
      }

      // The family takes the photo and Meera off the list again: later journeys find it as it was.
      await card.getByRole("button", { name: "Remove Meera Kapoor's photo" }).click();
      await card.getByRole("img", { name: "Photo of Meera Kapoor" }).waitFor({ state: "detached" });
      parent.page.once("dialog", (confirm) => void confirm.accept());
      await card.getByRole("button", { name: "Remove Meera Kapoor", exact: true }).click();
      await card.getByText("Aunt · 98450 12345").waitFor({ state: "detached" });
    } finally {
      await Promise.all([parent.context.close(), teacher.context.close()]);
    }
  });

  it("the changed screens at the other width: ratio settings on a phone, staff leave on a desktop", async () => {
    const director = await openPage(browser, PHONE);
    const teacher = await openPage(browser, DESKTOP);
    try {
      await openSignedIn(director.page, demoUser("center_director").email, "/attendance");
      await director.page.getByRole("button", { name: "Ratio settings" }).click();
      const dialog = director.page.getByRole("dialog", { name: "Ratio settings" });
      await visible(dialog.getByLabel("Under 3 years"));
      await screenshot(director.page, "attendance-ratio-settings");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      await visible(director.page.getByRole("region", { name: "Staff leave" }).getByText("Priya Sharma").first());
      await screenshot(director.page, "attendance-leave-director");

      await openSignedIn(teacher.page, demoUser("teacher").email, "/attendance");
      await visible(teacher.page.getByRole("region", { name: "Staff leave" }).getByText("Cancelled").first());
      await screenshot(teacher.page, "attendance-leave-teacher");
    } finally {
      await Promise.all([director.context.close(), teacher.context.close()]);
    }
  });

  it("the director's home shows Staff Present and each room's ratio, and follows a teacher clocking in live", async () => {
    const director = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, PHONE);
    try {
      await signInAt(director.page, demoUser("center_director").email, DESKTOP);
      const figure = director.page.getByText(/^Staff present: \d+ of \d+$/);
      const present = Number((await (await visible(figure)).textContent())!.match(/(\d+) of/)![1]);
      await visible(director.page.locator('[aria-label="Toddlers ratio"]'));

      await openSignedIn(teacher.page, demoUser("teacher").email, "/attendance");
      await teacher.page.getByRole("button", { name: "Clock in" }).click();
      await visible(director.page.getByText(new RegExp(`^Staff present: ${present + 1} of`)));
      await screenshot(director.page, "director-home");

      // Present counts whoever came in today, so clocking out leaves the figure where it is.
      await teacher.page.getByRole("button", { name: "Clock out" }).click();
      await visible(teacher.page.getByRole("button", { name: "Clock in" }));
    } finally {
      await Promise.all([director.context.close(), teacher.context.close()]);
    }
    const phone = await openPage(browser, PHONE);
    try {
      await signInAt(phone.page, demoUser("center_director").email, PHONE);
      await visible(phone.page.getByText(/^Staff present: \d+ of \d+$/));
      await visible(phone.page.locator('[aria-label="Toddlers ratio"]'));
      await screenshot(phone.page, "director-home");
    } finally {
      await phone.context.close();
    }
  });
  // Runs after the first test above, which checked Aarav in (one stay today, still open).
  it("a teacher corrects a stay's times with a reason on a phone; a child marked absent who arrives is checked in", async () => {
    const teacher = await openPage(browser, PHONE);
    const wide = await openPage(browser, DESKTOP);
    try {
      await openSignedIn(teacher.page, demoUser("teacher").email, "/attendance");
      await teacher.page.getByRole("tab", { name: "Toddlers" }).click();
      const aarav = teacher.page.locator('[aria-label="Aarav Pillai"]');
      await visible(aarav.getByText(/^In \d/));
      const shown = (await aarav.textContent())!;
      await aarav.getByRole("button", { name: "Correct times for Aarav Pillai" }).click();
      const dialog = teacher.page.getByRole("dialog", { name: "Correct times for Aarav Pillai" });
      const checkIn = dialog.getByLabel("Check-in time");
      const checkOut = dialog.getByLabel("Check-out time");
      const reason = dialog.getByLabel("Reason");
      const was = { in: await checkIn.inputValue(), out: await checkOut.inputValue() };
      expect(was.in).toMatch(/^\d\d:\d\d$/);
      expect(was.out).toBe("");

      // The shared schema's messages, on blur, before anything is sent.
      await reason.focus();
      await checkIn.focus();
      await visible(dialog.getByText("Please give a reason for the correction."));
      await reason.fill("Arrived with his father before the tablet was unlocked");
      await dialog.getByText("Please give a reason for the correction.").waitFor({ state: "detached" });
      const earlier = minutesEarlier(was.in, 10);
      await checkIn.fill(earlier);
      if (earlier !== "00:00") {
        await checkOut.fill("00:00");
        await reason.focus();
        await visible(dialog.getByText("The check-out time cannot be before the check-in time."));
        await checkOut.fill(was.out);
        await dialog.getByText("The check-out time cannot be before the check-in time.").waitFor({ state: "detached" });
      }
      await screenshot(teacher.page, "attendance-correct-times");
      await dialog.getByRole("button", { name: "Save times" }).click();
      await dialog.waitFor({ state: "detached" });
      // The roster shows the corrected time without a reload.
      await teacher.page.waitForFunction(
        (before) => document.querySelector('[aria-label="Aarav Pillai"]')?.textContent !== before,
        shown,
      );
      await aarav.getByRole("button", { name: "Correct times for Aarav Pillai" }).click();
      await visible(dialog);
      expect(await checkIn.inputValue()).toBe(earlier);
      expect(await checkOut.inputValue()).toBe(was.out);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });

      // At a desk: a child marked absent arrives after all and is checked in from the card.
      await openSignedIn(wide.page, demoUser("teacher").email, "/attendance");
      await wide.page.getByRole("tab", { name: "Toddlers" }).click();
      // Toddlers' roster is on the screen (Aarav is in it) before a child on it is chosen.
      await visible(wide.page.locator('[aria-label="Aarav Pillai"]'));
      const firstAbsent = wide.page.getByRole("button", { name: /^Mark .+ absent$/ }).first();
      const name = (await (await visible(firstAbsent)).getAttribute("aria-label"))!.replace(/^Mark | absent$/g, "");
      const card = wide.page.locator(`[aria-label="${name}"]`);
      // That child's own button: "the first" may be another child once the roster is drawn again.
      await card.getByRole("button", { name: `Mark ${name} absent` }).click();
      await wide.page.getByRole("menuitem", { name: "Sick" }).click();
      // Marked absent: the Absent button is gone and the reason shows; Check in stays on the card.
      await card.getByRole("button", { name: `Mark ${name} absent` }).waitFor({ state: "detached" });
      await visible(card.getByText("Sick", { exact: true }));
      await screenshot(wide.page, "attendance-teacher");
      await card.getByRole("button", { name: `Check in ${name}` }).click();
      await visible(card.getByText(/^In \d/));
      expect(await card.getByText("Sick", { exact: true }).count()).toBe(0);
    } finally {
      await Promise.all([teacher.context.close(), wide.context.close()]);
    }
  });

  it("a parent tells the centre Kabir will be away; the director's roster shows it on a phone; headcount and kiosk fit a phone", async () => {
    const parent = await openPage(browser, PHONE);
    const director = await openPage(browser, PHONE);
    try {
      await signInAt(parent.page, demoUser("parent").email, PHONE);
      await parent.page.getByRole("button", { name: "Tell us about an absence" }).click();
      const today = parent.page
        .locator(".MuiCard-root")
        .filter({ has: parent.page.getByRole("button", { name: "Send to the centre" }) });
      await today.getByRole("combobox", { name: "Child" }).click();
      await parent.page.getByRole("option", { name: "Kabir" }).click();
      await today.getByRole("combobox", { name: "Reason" }).click();
      await parent.page.getByRole("option", { name: "Sick" }).click();
      await today.getByLabel("Note (optional)").fill("Fever since last night");
      await today.getByRole("button", { name: "Send to the centre" }).click();
      // The form closes once sent; the notice is listed on the parent's Today card.
      await visible(parent.page.getByText(/^Kabir away .* \(Sick\)$/));
      await screenshot(parent.page, "attendance-parent-absence");

      await openSignedIn(director.page, demoUser("center_director").email, "/attendance");
      await director.page.getByRole("tab", { name: "Pre-Kindy" }).click();
      const kabir = director.page.locator('[aria-label^="Kabir "]');
      await visible(kabir.getByText(/^Parent says: away until .*\(Sick: Fever since last night\)$/));
      await screenshot(director.page, "attendance-director");

      await director.page.getByRole("link", { name: "Headcount" }).click();
      await visible(director.page.getByText(/children in the building now/));
      await visible(director.page.locator('[aria-label="Toddlers headcount"]'));
      await screenshot(director.page, "attendance-headcount");

      await director.page.goto("/attendance/kiosk");
      await director.page.getByRole("button", { name: "Open kiosk mode" }).click();
      await director.page.getByLabel("Type your child's name, or your own").fill("Aan");
      await visible(director.page.getByRole("button", { name: /^Check (in|out) Aanya Malhotra$/ }));
      await screenshot(director.page, "attendance-kiosk");
    } finally {
      await Promise.all([parent.context.close(), director.context.close()]);
    }
  });
});

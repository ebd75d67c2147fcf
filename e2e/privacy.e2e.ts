import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseURL,
  DESKTOP,
  demoUser,
  launchBrowser,
  openSignedIn,
  PHONE,
  screenshot,
  signIn,
  submitSignIn,
  visible,
  withPage,
} from "./helpers";

/**
 * Issue 19, points 1 and 2: a family admitted today answers the privacy notice at its first
 * sign-in on a phone; a teacher opens the child's record; the family sees who looked; the
 * director filters the centre's access log by that teacher.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

// Unique to this run (letters only: a name field takes no digits).
const tag = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (digit) => "abcdefghij"[Number(digit)]!);
const firstName = `Ishaan${tag}`;
const childName = `${firstName} Verma`;
const parentEmail = `privacy.${tag}@sprout.test`;
const parentPassword = "Ishaan@Sprout2026";

/** The director admits a child to Toddlers naming a new parent, who is invited by e-mail. */
function admit(page: Page) {
  return page.evaluate(
    async ({ firstName, email }) => {
      const headers = {
        authorization: `Bearer ${localStorage.getItem("token")}`,
        "x-session-token": localStorage.getItem("sessionToken") ?? "",
        "x-csrf-token": localStorage.getItem("csrfToken") ?? "",
        "content-type": "application/json",
      };
      const enquiry = await fetch("/api/enquiries", {
        method: "POST",
        headers,
        body: JSON.stringify({
          child_name: `${firstName} Verma`,
          child_dob: "2023-03-12",
          parent_name: "Nisha Verma",
          mobile_number: "+91 98450 12345",
          email,
          source: "Walk-in",
          major_program: "Pre-school",
          specific_program: "TODDLERS",
          status: "Closed",
        }),
      }).then((response) => response.json());
      const rooms: { id: string; name: string }[] = await fetch("/api/classrooms", { headers }).then((response) =>
        response.json(),
      );
      const toddlers = rooms.find((room) => room.name === "Toddlers")!;
      const admitted = await fetch(`/api/admissions/convert/${enquiry.id}`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          child: { firstName, lastName: "Verma", dateOfBirth: "2023-03-12", gender: "Male" },
          parents: [{ firstName: "Nisha", lastName: "Verma", relation: "Mother", phone: "98450 12345", email }],
          classroomId: toddlers.id,
        }),
      });
      return admitted.status;
    },
    { firstName, email: parentEmail },
  );
}

/** The invitation's code from the test inbox, then a password of the parent's own. */
async function acceptInvitation() {
  const mail = await (await fetch(`${baseURL}/api/auth/test-email?email=${encodeURIComponent(parentEmail)}`)).json();
  const resetId = /resetId=([0-9a-f-]{36})/.exec(mail.text)![1];
  const verified = await fetch(`${baseURL}/api/auth/verify-reset-code`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: parentEmail, challengeCode: mail.code, resetId }),
  });
  expect(verified.status).toBe(200);
  const { resetToken } = await verified.json();
  const reset = await fetch(`${baseURL}/api/auth/reset-password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: parentEmail, resetId, resetToken, newPassword: parentPassword }),
  });
  expect(reset.status).toBe(200);
}

/** The new parent signs in and meets the consent gate with the centre's notice. */
async function submitGate(page: Page) {
  await page.goto("/login");
  await page.locator("input[name=email]").fill(parentEmail);
  await page.locator("input[name=password]").fill(parentPassword);
  await page.getByRole("button", { name: "Sign In" }).click();
  const gate = await visible(page.getByTestId("consent-gate"));
  await visible(gate.getByRole("heading", { name: "How we look after your child's information" }));
  return gate;
}

async function openPrivacy(page: Page, phone: boolean) {
  if (phone) await page.getByRole("button", { name: "Open navigation menu" }).click();
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Privacy" }).click();
  await visible(page.getByRole("heading", { name: "Privacy", level: 1 }));
}

describe("privacy: consent at first sign-in and the access log", () => {
  it("a new parent consents on a phone, a teacher opens the record, the parent sees it, the director filters by teacher", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, demoUser("center_director").email);
      expect(await admit(page)).toBe(201);
    });
    await acceptInvitation();

    // The gate stands before any page, so the sign-in does not reach /dashboard until answered:
    // on a desktop the parent reads it and leaves; it is there again on their phone.
    await withPage(browser, DESKTOP, async (page) => {
      await submitGate(page);
      await screenshot(page, "privacy-consent-parent");
    });

    await withPage(browser, PHONE, async (page) => {
      const gate = await submitGate(page);
      const form = gate.getByRole("form", { name: `Consent for ${childName}` });
      await form.getByRole("button", { name: "Save my answers" }).click();
      await visible(form.getByText("Core records and billing: please answer every purpose"));
      // Refusing the required purpose says what it means before anything is saved.
      const core = form.getByRole("group", { name: "Core records and billing (required)" });
      await core.getByLabel("I do not agree").check();
      await visible(form.getByTestId("required-refused"));
      await screenshot(page, "privacy-consent-parent");
      await form.getByRole("group", { name: "Photos in your child's portfolio" }).getByLabel("I agree").check();
      await form.getByRole("group", { name: "Photos in group pictures" }).getByLabel("I do not agree").check();
      await form.getByRole("group", { name: "Messages and daily digest e-mails" }).getByLabel("I agree").check();
      await form.getByRole("button", { name: "Save my answers" }).click();
      // Saved as refused: the portal opens, and says on every page what the refusal means.
      await gate.waitFor({ state: "detached" });
      await page.waitForURL("**/dashboard");
      await visible(page.getByTestId("records-refused").getByText(`core records and billing for ${childName}`));
      await visible(page.getByRole("heading", { name: /Welcome/ }));
      await screenshot(page, "privacy-refused-parent");
    });

    // The centre's desk sees the refusal, with the parent's contact, to call the family.
    for (const viewport of [DESKTOP, PHONE]) {
      await withPage(browser, viewport, async (page) => {
        await openSignedIn(page, demoUser("center_director").email, "/data-requests");
        const refusals = await visible(page.getByTestId("consent-refusals"));
        await visible(refusals.getByText(childName).first());
        await visible(refusals.getByText(parentEmail).first());
        await screenshot(page, "privacy-refusals-desk");
      });
    }

    // The parent changes their mind from the banner: the refusal leaves the portal.
    await withPage(browser, PHONE, async (page) => {
      await submitSignIn(page, parentEmail, parentPassword);
      const banner = await visible(page.getByTestId("records-refused"));
      await banner.getByRole("link", { name: "Change my answer" }).click();
      await visible(page.getByRole("heading", { name: "Privacy", level: 1 }));
      const form = page.getByRole("form", { name: `Consent for ${childName}` });
      await form.getByRole("group", { name: "Core records and billing (required)" }).getByLabel("I agree").check();
      await form.getByRole("button", { name: "Save changes" }).click();
      await visible(form.getByText(`Your answers for ${childName} are saved.`));
      await banner.waitFor({ state: "detached" });
    });

    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("teacher").email, "/daily-activities");
      await page.getByRole("combobox", { name: "Classroom" }).click();
      await page.getByRole("option", { name: "Toddlers" }).click();
      await page.getByRole("button", { name: `Record for ${childName}` }).click();
      const sheet = page.getByRole("dialog", { name: childName });
      await sheet.getByRole("tab", { name: "Health" }).click();
      await visible(sheet.getByRole("heading", { name: "Allergies and dietary restrictions" }));
    });

    for (const viewport of [PHONE, DESKTOP]) {
      await withPage(browser, viewport, async (page) => {
        await submitSignIn(page, parentEmail, parentPassword);
        await openPrivacy(page, viewport === PHONE);
        const log = page.getByRole(viewport === PHONE ? "list" : "table", {
          name: `Who viewed ${firstName}'s records`,
        });
        await visible(log.getByText(demoUser("teacher").fullName).first());
        await visible(log.getByText("Health and daily care").first());
        // The answers given at sign-in are there to change.
        const form = page.getByRole("form", { name: `Consent for ${childName}` });
        expect(
          await form.getByRole("group", { name: "Photos in group pictures" }).getByLabel("I do not agree").isChecked(),
        ).toBe(true);
        await screenshot(page, "privacy-parent");
      });
    }

    for (const viewport of [DESKTOP, PHONE]) {
      await withPage(browser, viewport, async (page) => {
        await submitSignIn(page, demoUser("center_director").email);
        await openPrivacy(page, viewport === PHONE);
        await page.getByRole("combobox", { name: "Staff member" }).click();
        await page.getByRole("option", { name: `${demoUser("teacher").fullName} (Teacher)` }).click();
        const log = page.getByRole(viewport === PHONE ? "list" : "table", { name: "Access log" });
        // Filtered on the server: the director's own reads of other days leave the page.
        await log.getByText(demoUser("center_director").fullName).first().waitFor({ state: "detached" });
        await visible(log.getByText(childName).first());
        await screenshot(page, "privacy-director");
      });
    }
  });
});

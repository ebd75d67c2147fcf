import { generate } from "otplib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateValue, fillDate } from "./date-field";
import {
  baseURL,
  DEMO_PASSWORD,
  DESKTOP,
  launchBrowser,
  listRows,
  openSignedIn,
  PHONE,
  screenshot,
  signIn,
  submitSignIn,
  visible,
  withPage,
} from "./helpers";

let browser: Browser;

/** Accounts made for this file, so that other files' demo sign-ins stay as they were. */
const RESET_USER = { email: "e2e.reset@sprout.test", password: "Original2026", fullName: "Rekha Menon" };
const TWO_FACTOR_USER = { email: "e2e.twofactor@sprout.test", password: "Original2026", fullName: "Sameer Kulkarni" };

async function apiSignIn(email: string, password = "Sprout@2026") {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  return {
    authorization: `Bearer ${body.token}`,
    "x-session-token": body.sessionToken,
    "x-csrf-token": body.csrfToken,
  };
}

async function createUser(
  headers: Record<string, string>,
  user: { email: string; password: string; fullName: string },
  centerId: string,
) {
  const response = await fetch(`${baseURL}/api/owners`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ ...user, role: "teacher", centerId }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function latestCode(email: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/test-email?email=${encodeURIComponent(email)}`);
  const mail = await response.json();
  return mail.code as string;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await apiSignIn("superadmin@sprout.test");
  const centres = (await (await fetch(`${baseURL}/api/owners/centers`, { headers: admin })).json()) as {
    id: string;
    name: string;
  }[];
  const koramangala = centres.find((centre) => centre.name === "Sprout Koramangala")!;
  await createUser(admin, RESET_USER, koramangala.id);
  await createUser(admin, TWO_FACTOR_USER, koramangala.id);
});

afterAll(async () => {
  await browser?.close();
});

/** Pastes text into the focused element the way a browser does (a paste event with clipboard data). */
async function paste(page: Page, selector: string, text: string) {
  await page.locator(selector).focus();
  await page.evaluate(
    ({ selector: target, text: value }) => {
      const data = new DataTransfer();
      data.setData("text/plain", value);
      document
        .querySelector(target)!
        .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { selector, text },
  );
}

/** The code the authenticator app shows now. */
const appCode = (secret: string) => generate({ secret });

describe("account security", () => {
  it("forgot password: code from the outbox, six boxes with paste, strength meter, then sign in with the new password", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await page.waitForURL("**/forgot-password");
      // The address bar changes before the new screen is drawn (the router renders in a
      // transition): wait for the reset form itself, or the sign-in form's email field, still on
      // screen on a busy machine, takes the address and then goes away with it.
      const request = await visible(page.getByRole("form", { name: "Request a reset code" }));
      await request.locator("input[name=email]").fill(RESET_USER.email);
      await screenshot(page, "forgot-password");
      // The server's answer is checked first, so a failure says whether the call or the page stalled.
      const sent = page.waitForResponse((response) => response.url().endsWith("/api/auth/forgot-password"), {
        timeout: 30_000,
      });
      await page.getByRole("button", { name: "Send Verification Code" }).click();
      expect((await sent).status()).toBe(200);
      // The answer is shown for two seconds here and then stays on the code step: check it there,
      // where it cannot disappear before a busy machine looks.
      await page.waitForURL("**/verify-reset-code");
      await visible(page.getByText("If an account exists for this email, a verification code has been sent. Check"));
      await visible(page.getByText(/Code expires in 1[45]:\d\d/));
      const code = await latestCode(RESET_USER.email);
      expect(code).toMatch(/^[A-Z0-9]{6}$/);
      await paste(page, "input[aria-label='Character 1 of 6']", code.toLowerCase());
      for (let index = 0; index < 6; index++) {
        expect(await page.locator(`input[aria-label='Character ${index + 1} of 6']`).inputValue()).toBe(code[index]);
      }
      await screenshot(page, "verify-reset-code");
      await page.getByRole("button", { name: "Verify Code" }).click();
      // "Code verified" shows for 1.5 s only; the next step greets the user by name instead.
      await page.waitForURL("**/reset-password");
      await visible(page.getByText(`Choose a new password, ${RESET_USER.fullName}`));
      await page.locator("input[name=newPassword]").fill("weak");
      await visible(page.getByText("Very Weak"));
      await page.locator("input[name=newPassword]").fill("Brand-New-2026");
      await visible(page.getByText("Strong"));
      await page.locator("input[name=confirmPassword]").fill("Brand-New-2027");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await visible(page.getByText("Passwords do not match"));
      await page.locator("input[name=confirmPassword]").fill("Brand-New-2026");
      await screenshot(page, "reset-password");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await page.waitForURL("**/login");
      await visible(
        page.getByText("Your password has been reset successfully. You can now sign in with your new password"),
      );
      expect(await page.locator("input[name=email]").inputValue()).toBe(RESET_USER.email);
      await page.locator("input[name=password]").fill("Brand-New-2026");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL("**/dashboard");
    });
  });

  it("two-factor: set up with a code computed from the shown secret, then sign in with an app code and with a backup code", async () => {
    let secret = "";
    let backupCodes: string[] = [];
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, TWO_FACTOR_USER.email, TWO_FACTOR_USER.password);
      await page.getByRole("link", { name: "Account & Security" }).click();
      await page.waitForURL("**/account/security");
      await visible(page.getByText("Disabled"));
      await screenshot(page, "account-security");
      await page.getByRole("link", { name: "Enable two-factor authentication" }).click();
      await page.waitForURL("**/setup-2fa");
      secret = (await (await visible(page.getByTestId("totp-secret"))).textContent())!.replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByRole("button", { name: "Copy secret" }).click();
      await visible(page.getByText("Secret copied to clipboard"));
      await screenshot(page, "setup-2fa");
      await page.getByText("Secret copied to clipboard").waitFor({ state: "hidden", timeout: 5000 });
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByLabel("6-digit app code").fill(await appCode(secret));
      // Verify waits for the password too: a session alone cannot turn two-factor on.
      expect(await page.getByRole("button", { name: "Verify" }).isDisabled()).toBe(true);
      await page.getByLabel("Your password").fill(TWO_FACTOR_USER.password);
      await screenshot(page, "setup-2fa-verify");
      await page.getByRole("button", { name: "Verify" }).click();
      const codes = await visible(page.getByTestId("backup-codes"));
      backupCodes = (await codes.locator("> *").allTextContents()).map((code) => code.trim());
      expect(backupCodes).toHaveLength(10);
      const finish = page.getByRole("button", { name: "Finish" });
      expect(await finish.isDisabled()).toBe(true);
      await screenshot(page, "setup-2fa-backup-codes");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download Backup Codes" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("sprout-backup-codes.txt");
      expect(await finish.isDisabled()).toBe(false);
      await finish.click();
      await page.waitForURL("**/account/security");
      await visible(page.getByText("Enabled", { exact: true }));
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL("**/login");

      // Sign in with the code the app shows, often the one that finished the set-up: that code was
      // spent on the set-up, not on a sign-in (auth/two-factor.ts, TotpPurpose).
      await page.locator("input[name=email]").fill(TWO_FACTOR_USER.email);
      await page.locator("input[name=password]").fill(TWO_FACTOR_USER.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL("**/verify-2fa");
      await visible(page.getByText(/Session expires in (10:00|09:5\d)/));
      // A backup code typed in the app-code box switches to backup mode and keeps what was typed (issue 9).
      await page.getByLabel("6-digit app code").fill("ABCD");
      const backupBox = await visible(page.getByLabel("8-character backup code"));
      expect(await backupBox.inputValue()).toBe("ABCD");
      await screenshot(page, "verify-2fa");
      await page.getByRole("button", { name: "Authenticator app" }).click();
      await page.getByLabel("6-digit app code").fill(await appCode(secret));
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await page.waitForURL("**/dashboard");
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL("**/login");

      // And with a backup code.
      await page.locator("input[name=email]").fill(TWO_FACTOR_USER.email);
      await page.locator("input[name=password]").fill(TWO_FACTOR_USER.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL("**/verify-2fa");
      // Typed into the app-code box, all eight characters are kept (no longer cut to six).
      await page.getByLabel("6-digit app code").pressSequentially(backupCodes[0]!);
      expect(await page.getByLabel("8-character backup code").inputValue()).toBe(backupCodes[0]);
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await page.waitForURL("**/dashboard");
    });
  });

  it("super admin creates a user who signs in; deactivation ends their session and refuses their sign-in", async () => {
    const person = { email: "e2e.new.user@sprout.test", password: "Welcome2026", fullName: "Divya Shetty" };
    await withPage(browser, DESKTOP, async (admin) => {
      await signIn(admin, "superadmin@sprout.test");
      // The menu's entry: the super admin's home links to User Management too.
      await admin
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("link", { name: "User Management" })
        .click();
      await admin.waitForURL("**/users");
      await visible(admin.getByRole("table", { name: "All users" }));
      const form = admin.getByRole("form", { name: "Add user" });
      await form.locator("input[name=fullName]").fill(person.fullName);
      await form.locator("input[name=email]").fill(person.email);
      await form.locator("input[name=password]").fill(person.password);
      await form.getByRole("combobox", { name: "Role" }).click();
      await admin.getByRole("option", { name: "Teacher" }).click();
      await form.getByRole("combobox", { name: "Centre" }).click();
      await admin.getByRole("option", { name: "Sprout Koramangala" }).click();
      await form.locator("input[name=phoneNumber]").fill("98450 12345");
      await form.getByRole("button", { name: "Create User" }).click();
      await visible(admin.getByText("User created successfully"));
      // The list pages on the server: the new user is found by the server's search.
      await admin.getByLabel("Search by name or email").fill(person.email);
      await visible(admin.getByRole("cell", { name: person.email }));
      await screenshot(admin, "users");

      await withPage(browser, DESKTOP, async (newcomer) => {
        await signIn(newcomer, person.email, person.password);
        await admin.getByRole("button", { name: `Deactivate ${person.fullName}` }).click();
        await admin.getByRole("button", { name: "Confirm" }).click();
        await visible(admin.getByText("User deactivated"));
        // The open session is dead at once: the next check sends them to sign-in.
        await newcomer.reload();
        await newcomer.waitForURL("**/login");
        await newcomer.locator("input[name=email]").fill(person.email);
        await newcomer.locator("input[name=password]").fill(person.password);
        await newcomer.getByRole("button", { name: "Sign In" }).click();
        // A deactivated account answers like a wrong password, so the answer reveals nothing.
        await visible(newcomer.getByText("Invalid email or password"));
      });
    });
  });

  it("staff management: the owner adds a staff member with a sign-in", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, "owner@sprout.test");
      // The menu's entry: the owner's home has a Staff Management card too.
      await page
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("link", { name: "Staff Management" })
        .click();
      await page.waitForURL("**/staff");
      await page.getByRole("button", { name: "Add Staff" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.locator("input[name=first_name]").fill("Anita");
      await dialog.locator("input[name=last_name]").fill("Pillai");
      await dialog.locator("input[name=email]").fill("e2e.anita@sprout.test");
      await dialog.locator("input[name=password]").fill("Teacher2026");
      await dialog.getByRole("combobox", { name: "Centre" }).click();
      await page.getByRole("option", { name: "Sprout Koramangala" }).click();
      await dialog.locator("input[name=designation]").fill("Assistant Teacher");
      await dialog.locator("input[name=department]").fill("Pre-school");
      await fillDate(dialog, "Joining Date", "01/06/2026");
      expect(await dateValue(dialog, "Joining Date")).toBe("01/06/2026");
      await dialog.locator("input[name=contact_number]").fill("+91 98860 11223");
      await dialog.locator("input[name=emergency_contact]").fill("Ravi Pillai, 9886055667");
      await dialog.locator("textarea[name=address]").fill("12, 4th Cross, HSR Layout, Bengaluru");
      await screenshot(page, "staff-dialog");
      await dialog.getByRole("button", { name: "Add Staff" }).click();
      await visible(page.getByText("Staff member added"));
      // The demo's staff have records too: look at the new one's row.
      await visible(page.getByRole("row", { name: /Anita Pillai/ }).getByRole("cell", { name: /EMP-\d+/ }));
      await screenshot(page, "staff");
    });
    await withPage(browser, DESKTOP, async (page) => {
      await submitSignIn(page, "e2e.anita@sprout.test", "Teacher2026");
    });
  });

  it("an invited staff member opens the link: a welcome, the invitation's expiry as a date, then their own password", async () => {
    const email = "e2e.invited@sprout.test";
    const owner = await apiSignIn("owner@sprout.test");
    const admin = await apiSignIn("superadmin@sprout.test");
    const centres = (await (await fetch(`${baseURL}/api/owners/centers`, { headers: admin })).json()) as {
      id: string;
      name: string;
    }[];
    const created = await fetch(`${baseURL}/api/staff`, {
      method: "POST",
      headers: { ...owner, "content-type": "application/json" },
      body: JSON.stringify({
        first_name: "Meera",
        last_name: "Nair",
        email,
        password: "",
        role: "teacher",
        center_id: centres.find((centre) => centre.name === "Sprout Koramangala")!.id,
        designation: "Lead Teacher",
        joining_date: "2026-06-01",
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const mail = await (await fetch(`${baseURL}/api/auth/test-email?email=${encodeURIComponent(email)}`)).json();
    const link = /\/verify-reset-code\?\S+/.exec(mail.text)![0];
    for (const viewport of [DESKTOP, PHONE]) {
      await withPage(browser, viewport, async (page) => {
        await page.goto(link);
        await visible(page.getByRole("heading", { name: "Welcome, set your password" }));
        // 72 hours from now, as an en-IN date and time ("04 Jun 2026, 6:57 pm"), not "4319:45".
        const expiry = await visible(
          page.getByText(/^Invitation valid until \d{2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AaPp][Mm]$/),
        );
        expect(await expiry.textContent()).not.toMatch(/\d{3,}:\d{2}/);
        await screenshot(page, "invitation");
      });
    }
    await withPage(browser, PHONE, async (page) => {
      await page.goto(link);
      await visible(page.getByRole("heading", { name: "Welcome, set your password" }));
      await paste(page, "input[aria-label='Character 1 of 6']", mail.code);
      await page.getByRole("button", { name: "Verify Code" }).click();
      await page.waitForURL("**/reset-password");
      await visible(page.getByRole("heading", { name: "Welcome, set your password" }));
      await page.locator("input[name=newPassword]").fill("Meera-Nair-2026");
      await page.locator("input[name=confirmPassword]").fill("Meera-Nair-2026");
      await screenshot(page, "invitation-password");
      await page.getByRole("button", { name: "Set Password" }).click();
      await page.waitForURL("**/login");
      await page.locator("input[name=password]").fill("Meera-Nair-2026");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL("**/dashboard");
    });
  });

  it("a parent whose invoice download asks for two-factor sets it up in the parent theme and comes back to that invoice (390)", async () => {
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, "parent@sprout.test", "/billing");
      const download = listRows(page, "Invoices")
        .first()
        .getByRole("button", { name: /^Download / });
      const invoiceLabel = (await (await visible(download)).getAttribute("aria-label"))!;
      await download.click();
      const dialog = page.getByRole("dialog", { name: invoiceLabel });
      await dialog.getByRole("link", { name: "Set up two-factor authentication" }).click();
      await page.waitForURL("**/setup-2fa");
      const secret = (await (await visible(page.getByTestId("totp-secret"))).textContent())!.replace(/\s/g, "");
      // The parent theme's primary colour (#c2571a), not the staff green.
      const next = page.getByRole("button", { name: "Next" });
      expect(await next.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe("rgb(194, 87, 26)");
      await screenshot(page, "setup-2fa-parent");
      await next.click();
      await page.getByLabel("6-digit app code").fill(await appCode(secret));
      await page.getByLabel("Your password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Verify" }).click();
      await visible(page.getByTestId("backup-codes"));
      await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download Backup Codes" }).click(),
      ]);
      await page.getByRole("button", { name: "Finish" }).click();
      // Back on the invoices with that invoice's download open, now asking for the code.
      await page.waitForURL("**/billing");
      const back = page.getByRole("dialog", { name: invoiceLabel });
      await visible(back.getByText("Enter the 6-digit code from your authenticator app."));
      await screenshot(page, "billing-download-after-2fa");
      await back.getByLabel("2FA code").fill(await appCode(secret));
      const [pdf] = await Promise.all([
        page.waitForEvent("download"),
        back.getByRole("button", { name: "Download PDF" }).click(),
      ]);
      expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
      // The other journeys sign in as the demo parent without a second factor: turn it off again.
      const disabled = await page.evaluate(async () => {
        const response = await fetch("/api/auth/2fa/disable", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${localStorage.getItem("token")}`,
            "x-session-token": localStorage.getItem("sessionToken") ?? "",
            "x-csrf-token": localStorage.getItem("csrfToken") ?? "",
          },
          body: JSON.stringify({ password: "Sprout@2026" }),
        });
        return response.status;
      });
      expect(disabled).toBe(200);
    });
  });

  it("a staff member leaving: exit date and reason on their record, sign-in ended (1366 and 390)", async () => {
    const email = "e2e.leaving@sprout.test";
    const owner = await apiSignIn("owner@sprout.test");
    const admin = await apiSignIn("superadmin@sprout.test");
    const centres = (await (await fetch(`${baseURL}/api/owners/centers`, { headers: admin })).json()) as {
      id: string;
      name: string;
    }[];
    const created = await fetch(`${baseURL}/api/staff`, {
      method: "POST",
      headers: { ...owner, "content-type": "application/json" },
      body: JSON.stringify({
        first_name: "Kiran",
        last_name: "Rao",
        email,
        password: "Leaving2026",
        role: "teacher",
        center_id: centres.find((centre) => centre.name === "Sprout Koramangala")!.id,
        designation: "Assistant Teacher",
        joining_date: "2025-06-01",
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    await withPage(browser, DESKTOP, async (leaver) => {
      await submitSignIn(leaver, email, "Leaving2026");
      await withPage(browser, DESKTOP, async (page) => {
        await openSignedIn(page, "owner@sprout.test", "/staff");
        await page.getByLabel("Search by name, e-mail or employee ID").fill("Kiran Rao");
        const row = page.getByRole("row", { name: /Kiran Rao/ });
        // Leaving is offered in the record's edit dialog (the row keeps its width at 1366).
        await row.getByRole("button", { name: "Edit Kiran Rao" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Record Leaving" }).click();
        const dialog = page.getByRole("dialog", { name: "Record Leaving" });
        await fillDate(dialog, "Exit date", "01/06/2025");
        await dialog.getByRole("button", { name: "Record Leaving" }).click();
        await visible(dialog.getByText("Exit reason is required"));
        await dialog.getByLabel("Exit reason").fill("Moved to Mysuru");
        await screenshot(page, "staff-exit-dialog");
        await dialog.getByRole("button", { name: "Record Leaving" }).click();
        await visible(page.getByText("Exit recorded. Their sign-in has been deactivated."));
        await visible(row.getByText("Left 01/06/2025"));
        await visible(row.getByText("Moved to Mysuru"));
        await screenshot(page, "staff-after-exit");
        // Someone who left is not offered leaving again.
        await row.getByRole("button", { name: "Edit Kiran Rao" }).click();
        await visible(page.getByRole("dialog").getByRole("button", { name: "Save Changes" }));
        expect(await page.getByRole("dialog").getByRole("button", { name: "Record Leaving" }).count()).toBe(0);
      });
      // Their open session has ended: the next check sends them to sign in, which is refused.
      await leaver.reload();
      await leaver.waitForURL("**/login");
      await leaver.locator("input[name=email]").fill(email);
      await leaver.locator("input[name=password]").fill("Leaving2026");
      await leaver.getByRole("button", { name: "Sign In" }).click();
      await visible(leaver.getByText("Invalid email or password"));
    });
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, "owner@sprout.test", "/staff");
      await visible(page.getByText("Left 01/06/2025"));
      await page.getByText("Left 01/06/2025").scrollIntoViewIfNeeded();
      await screenshot(page, "staff-after-exit");
    });
  });

  it("phone layouts of the account screens", async () => {
    await withPage(browser, PHONE, async (page) => {
      await page.goto("/forgot-password");
      await visible(page.getByRole("button", { name: "Send Verification Code" }));
      await screenshot(page, "forgot-password");
      await page.goto(
        `/verify-reset-code?email=${encodeURIComponent(RESET_USER.email)}&resetId=00000000-0000-4000-8000-000000000000`,
      );
      await visible(page.getByRole("group", { name: "Verification code" }));
      await screenshot(page, "verify-reset-code");
    });
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, "superadmin@sprout.test", "/users");
      // On a phone the users are cards, not a table that scrolls sideways.
      await visible(page.getByRole("list", { name: "All users" }).getByTestId("list-card").first());
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, "users");
      await page.goto("/staff");
      await visible(page.getByRole("heading", { name: "Staff Management" }));
      await page.getByLabel("Loading staff").waitFor({ state: "detached" });
      await screenshot(page, "staff");
      await page.goto("/account/security");
      await visible(page.getByRole("heading", { name: "Two-factor authentication" }));
      await screenshot(page, "account-security");
    });
  });
});

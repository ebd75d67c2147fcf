import AxeBuilder from "@axe-core/playwright";
import { CATALOGUES } from "@sprout/shared/i18n/catalogues";
import { navigationFor } from "@sprout/shared/navigation";
import { ROLE_LABELS } from "@sprout/shared/roles";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_USERS,
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  openSignedIn,
  PHONE,
  readStorage,
  screenshot,
  signIn,
  submitSignIn,
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

/** Runs a journey in a fresh context (own storage) and always closes it. */
async function navLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  return nav.locator(".MuiListItemText-primary").allTextContents();
}

// A JWT-shaped token that no server signed.
const FORGED_TOKEN = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJub2JvZHkifQ.c2lnbmF0dXJlLW5vdC12YWxpZA";

describe("sign-in and the app shell", () => {
  for (const user of DEMO_USERS) {
    it(`${user.role}: signs in, sees the role's navigation and identity, signs out`, async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await signIn(page, user.email);
        expect(new URL(page.url()).pathname).toBe("/dashboard");
        expect(await navLabels(page)).toEqual(navigationFor(user.role).map((entry) => CATALOGUES.en[entry.label]));

        const identity = page.getByTestId("nav-user");
        await visible(identity.getByText(user.fullName, { exact: true }));
        await visible(identity.getByText(ROLE_LABELS[user.role], { exact: true }));
        await visible(identity.getByText(user.centre ?? "All centres", { exact: true }));
        await visible(identity.getByText(user.fullName.charAt(0), { exact: true }));

        await page.getByRole("button", { name: "Logout" }).click();
        await page.waitForURL("**/login");
        expect(Object.values(await readStorage(page)).every((value) => value === null)).toBe(true);
      });
    });
  }

  it("shows the server's message for a wrong password and keeps the visitor on /login", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto("/login");
      await page.locator("input[name=email]").fill(demoUser("teacher").email);
      await page.locator("input[name=password]").fill("not-the-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await visible(page.getByRole("alert").getByText("Invalid email or password"));
      expect(new URL(page.url()).pathname).toBe("/login");
    });
  });

  it("validates the form without the browser's own validation", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto("/login");
      await visible(page.getByRole("heading", { name: "Welcome Back" }));
      await visible(page.getByText("Sign in to access your preschool dashboard"));
      expect(await page.locator("form").getAttribute("novalidate")).not.toBeNull();
      await page.getByRole("button", { name: "Sign In" }).click();
      await visible(page.getByText("Email is required"));
      await visible(page.getByText("Password is required"));

      const password = page.locator("input[name=password]");
      expect(await password.getAttribute("type")).toBe("password");
      await page.getByRole("button", { name: "Show password" }).click();
      expect(await password.getAttribute("type")).toBe("text");
      await page.getByRole("button", { name: "Hide password" }).click();
      expect(await password.getAttribute("type")).toBe("password");

      expect(await page.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe(
        "/forgot-password",
      );
      const accessibility = await new AxeBuilder({ page }).analyze();
      expect(accessibility.violations.map((violation) => violation.id)).toEqual([]);
    });
  });

  it("sends a signed-in visitor from /login to the dashboard", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, demoUser("academic_coordinator").email);
      await page.goto("/login");
      await page.waitForURL("**/dashboard");
    });
  });

  it("sends a visitor without a session from a protected page to /login", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto("/dashboard");
      await page.waitForURL("**/login");
    });
  });

  it("auto-login signs in from the query string, and explains what is missing", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto("/auto-login?email=owner%40sprout.test");
      await visible(page.getByText("Missing email or password query params"));

      await page.goto("/auto-login?email=owner%40sprout.test&password=wrong-password");
      await visible(page.getByText("Login failed: Invalid email or password"));

      await page.goto("/auto-login?email=owner%40sprout.test&password=Sprout%402026");
      await visible(page.getByText("Success. Redirecting..."));
      await page.waitForURL("**/dashboard");
      await visible(page.getByRole("heading", { name: "Welcome back, Kavita Reddy" }));
    });
  });

  it("shows a real 404 page for an unknown address", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await withPage(browser, viewport, async (page) => {
        await page.goto("/no-such-page");
        await visible(page.getByRole("heading", { name: "Page not found" }));
        expect(await page.getByRole("link", { name: "Go to Home" }).getAttribute("href")).toBe("/");
        await screenshot(page, "not-found");
      });
    }
  });
});

describe("session refresh", () => {
  it("refreshes silently after the access token goes bad, and ends the session when refresh is refused", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, demoUser("center_director").email);
      const before = await readStorage(page);

      await page.evaluate((forged) => localStorage.setItem("token", forged), FORGED_TOKEN);
      await page.reload();
      await visible(page.getByRole("navigation", { name: "Main navigation" }));
      // The director's home is their centre's dashboard, headed with the centre.
      await visible(page.getByRole("heading", { level: 1, name: "Sprout Koramangala" }));
      const after = await readStorage(page);
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      expect(after.token).not.toBe(FORGED_TOKEN);
      expect(after.refreshToken).not.toBe(before.refreshToken);

      await page.evaluate((forged) => {
        localStorage.setItem("token", forged);
        localStorage.setItem("refreshToken", "not-a-refresh-token");
      }, FORGED_TOKEN);
      await page.reload();
      await page.waitForURL("**/login");
      expect(Object.values(await readStorage(page)).every((value) => value === null)).toBe(true);
    });
  });
});

describe("dashboards", () => {
  it("admin dashboard shows the four counters from the API, linked, with today's focus", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await withPage(browser, viewport, async (page) => {
        await page.goto("/login");
        await screenshot(page, "login");
        await submitSignIn(page, demoUser("admin").email);
        const overview = await page.evaluate(async () => {
          const response = await fetch("/api/analytics/overview", {
            headers: {
              Authorization: `Bearer ${localStorage.getItem("token")}`,
              "X-Session-Token": localStorage.getItem("sessionToken") ?? "",
            },
          });
          return (await response.json()) as Record<string, number>;
        });
        const counters = [
          ["children", "total_students"],
          ["classrooms", "total_classrooms"],
          ["enquiries", "open_enquiries"],
          ["billing", "pending_invoices"],
        ] as const;
        for (const [area, field] of counters) {
          const counter = await visible(page.getByTestId(`counter-${area}`).filter({ hasText: /\d/ }));
          expect(await counter.textContent()).toBe(overview[field]?.toLocaleString("en-IN"));
          expect(await page.locator(`main a[href="/${area}"]`).first().isVisible()).toBe(true);
        }
        expect(overview.total_students).toBeGreaterThan(0);

        const focus = page.getByRole("list", { name: "Today's Focus" });
        await visible(focus.getByText(/open enquir|pending invoice/).first());
        // The attendance focus item and the reports quick action open the attendance reports (the
        // admin has them); Take Attendance opens the roster; the portfolios shortcut its dashboard.
        await visible(focus.getByRole("link", { name: /Review today's attendance/ }));
        expect(await focus.locator('a[href="/attendance?view=reports"]').count()).toBe(1);
        expect(await page.locator('main a[href="/attendance?view=reports"]').count()).toBe(2);
        expect(await page.locator('main a[href="/attendance"]').count()).toBe(1);
        expect(await page.locator('main a[href="/admin/portfolios"]').count()).toBe(1);
        expect(await focus.getByText(/open enquir/).count()).toBe(overview.open_enquiries ? 1 : 0);
        expect(await focus.getByText(/pending invoice/).count()).toBe(overview.pending_invoices ? 1 : 0);
        expect(await focus.getByText(/overdue invoice/).count()).toBe(overview.overdue_invoices ? 1 : 0);
        await screenshot(page, "admin-dashboard");

        if (viewport === DESKTOP) {
          const accessibility = await new AxeBuilder({ page }).analyze();
          expect(accessibility.violations.map((violation) => violation.id)).toEqual([]);
        }
      });
    }
  });

  it("parent sees the parent theme and the welcome line; on a phone the drawer opens from the menu", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await withPage(browser, viewport, async (page) => {
        if (viewport === PHONE) {
          await submitSignIn(page, demoUser("parent").email);
          await visible(page.getByRole("heading", { name: "Welcome, Vikram Malhotra" }));
          await screenshot(page, "parent-dashboard");
          await page.getByRole("button", { name: "Open navigation menu" }).click();
          await visible(page.getByRole("button", { name: "Logout" }));
          // The drawer slides in; photograph it once it has arrived.
          await page.waitForFunction(() => {
            const paper = document.querySelector(".MuiDrawer-modal .MuiDrawer-paper");
            return paper !== null && getComputedStyle(paper).transform === "none";
          });
          expect(await navLabels(page)).toEqual(navigationFor("parent").map((entry) => CATALOGUES.en[entry.label]));
          await screenshot(page, "parent-drawer");
        } else {
          await signIn(page, demoUser("parent").email);
          await visible(page.getByRole("heading", { name: "Welcome, Vikram Malhotra" }));
          await screenshot(page, "parent-dashboard");
        }
      });
    }
  });
});

describe("global error screen", () => {
  it("catches a page whose code fails to load, counts errors, and turns critical after five", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, demoUser("teacher").email);
      // As when a deploy replaces the app's files under an open tab: the dashboard's code is gone.
      await page.route(/\/assets\/HomeDashboard-[^/]+\.js$/, (route) => route.abort());
      await page.reload();
      await visible(page.getByRole("heading", { name: "Something went wrong" }));
      await visible(page.getByRole("button", { name: "Try Again" }));
      await visible(page.getByRole("button", { name: "Go to Home" }));
      await screenshot(page, "error-screen");

      for (let attempt = 2; attempt <= 6; attempt += 1) {
        await page.getByRole("button", { name: attempt % 2 === 0 ? "Try Again" : "Go to Home" }).click();
        const heading = attempt > 5 ? "Critical Error" : "Something went wrong";
        await page.waitForFunction((count) => sessionStorage.getItem("sprout.errorCount") === String(count), attempt);
        await visible(page.getByRole("heading", { name: heading }));
      }
      await visible(page.getByRole("button", { name: "Refresh Page" }));
      await visible(page.getByRole("button", { name: "Logout & Clear Data" }));
      await screenshot(page, "error-critical");

      await page.getByRole("button", { name: "Logout & Clear Data" }).click();
      await page.waitForURL("**/login");
      expect(await page.evaluate(() => localStorage.length)).toBe(0);

      await page.unroute(/\/assets\/HomeDashboard-[^/]+\.js$/);
      await signIn(page, demoUser("teacher").email);
      await visible(page.getByRole("heading", { name: "Good day, Priya" }));
    });
  });

  it("the error screen fits a phone", async () => {
    await withPage(browser, PHONE, async (page) => {
      await page.route(/\/assets\/HomeDashboard-[^/]+\.js$/, (route) => route.abort());
      await submitSignIn(page, demoUser("academic_coordinator").email);
      await visible(page.getByRole("heading", { name: "Something went wrong" }));
      await screenshot(page, "error-screen");
    });
  });
});

describe("one journey after another", () => {
  it("a journey starts as a new visitor would: signed out, nothing stored, online, at its own width", async () => {
    const first = await openPage(browser, DESKTOP);
    await openSignedIn(first.page, demoUser("center_director").email, "/dashboard");
    await visible(first.page.getByRole("navigation", { name: "Main navigation" }));
    await first.page.evaluate(async () => {
      sessionStorage.setItem("kiosk", "1");
      await new Promise((resolve) => {
        const request = indexedDB.open("left-behind");
        request.onsuccess = resolve;
      });
    });
    await first.context.addCookies([{ name: "left", value: "behind", url: first.page.url() }]);
    await first.context.setOffline(true);
    first.page.on("dialog", (dialog) => void dialog.accept());
    await first.context.close();

    const second = await openPage(browser, PHONE);
    // The same context, emptied (ADR 0065): otherwise this test would check a new one.
    expect(second.context).toBe(first.context);
    expect(second.page.viewportSize()).toEqual(PHONE);
    expect(await second.context.cookies()).toEqual([]);
    try {
      await second.page.goto("/dashboard");
      await second.page.waitForURL("**/login");
      expect(Object.values(await readStorage(second.page)).every((value) => value === null)).toBe(true);
      const left = await second.page.evaluate(async () => ({
        session: sessionStorage.length,
        databases: (await indexedDB.databases()).length,
        online: navigator.onLine,
        confirmed: confirm("Left from the last journey?"),
      }));
      expect(left).toEqual({ session: 0, databases: 0, online: true, confirmed: false });
    } finally {
      await second.context.close();
    }
  });
});

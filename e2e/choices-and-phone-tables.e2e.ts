import type { Role } from "@sprout/shared/roles";
import type { Reports } from "@sprout/shared/schemas/reports";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  demoUser,
  launchBrowser,
  openSignedIn,
  PHONE,
  screenshot,
  settled,
  submitSignIn,
  visible,
  withPage,
} from "./helpers";

/**
 * Issue 30, points 3, 4 and 11: the parent's chosen child on the portfolio, the owner's and the
 * super admin's centre on Attendance, and phone tables that leave no column out.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(`/api${url}`, {
      headers: {
        Authorization: `Bearer ${localStorage.getItem("token")}`,
        "X-Session-Token": localStorage.getItem("sessionToken") ?? "",
      },
    });
    return response.json();
  }, path);
}

/** Every answer with status 400 the page receives from now on ("Please choose a centre" among them). */
function badRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 400) seen.push(`${response.request().method()} ${response.url()}`);
  });
  return seen;
}

const consentHeadings = (page: Page) => page.getByRole("heading", { name: /^Photo consent for / });

async function chooseChild(page: Page, name: string) {
  await page.getByRole("combobox", { name: "Child" }).click();
  await page.getByRole("option", { name }).click();
  await visible(page.getByRole("heading", { name: `Photo consent for ${name}` }));
}

describe("the chosen child, the chosen centre, and phone tables", () => {
  it("a parent switches child on the portfolio and sees only that child's consent card, after Back and a reload too", async () => {
    let kabirAddress = "";
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("parent").email, "/digital-portfolio");
      // The address names the child shown from the start.
      await page.waitForURL(/\/digital-portfolio\?child=/);
      await visible(page.getByRole("heading", { name: "Photo consent for Aanya Malhotra" }));
      expect(await consentHeadings(page).allTextContents()).toEqual(["Photo consent for Aanya Malhotra"]);

      await chooseChild(page, "Kabir Malhotra");
      kabirAddress = page.url();
      expect(kabirAddress).toMatch(/\?child=[0-9a-f-]{36}$/);
      expect(await consentHeadings(page).allTextContents()).toEqual(["Photo consent for Kabir Malhotra"]);
      expect(await page.getByRole("button", { name: "Save consent" }).count()).toBe(1);

      // A choice left unsaved for Kabir does not follow to Aanya, and is gone when he is shown again.
      const kabir = page.getByRole("form", { name: "Photo consent for Kabir Malhotra" });
      const saved = await kabir.getByRole("radio", { checked: true }).getAttribute("value");
      await kabir.locator(`input[type=radio]:not([value="${saved}"])`).first().check();
      expect(await kabir.getByRole("button", { name: "Save consent" }).isEnabled()).toBe(true);

      await chooseChild(page, "Aanya Malhotra");
      expect(await consentHeadings(page).allTextContents()).toEqual(["Photo consent for Aanya Malhotra"]);
      expect(await page.getByRole("button", { name: "Save consent" }).isEnabled()).toBe(false);

      await page.goBack();
      await visible(page.getByRole("heading", { name: "Photo consent for Kabir Malhotra" }));
      expect(page.url()).toBe(kabirAddress);
      expect(await consentHeadings(page).allTextContents()).toEqual(["Photo consent for Kabir Malhotra"]);
      expect(await kabir.getByRole("radio", { checked: true }).getAttribute("value")).toBe(saved);

      await page.reload();
      await visible(page.getByRole("heading", { name: "Photo consent for Kabir Malhotra" }));
      expect(await consentHeadings(page).allTextContents()).toEqual(["Photo consent for Kabir Malhotra"]);
      expect(await page.getByRole("combobox", { name: "Child" }).textContent()).toBe("Kabir Malhotra");
      await visible(page.getByTestId("child-stats"));
      await visible(page.getByRole("list", { name: "Portfolio items" }).getByRole("img").first());
      await screenshot(page, "portfolio-parent-chosen-child");
    });
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("parent").email, new URL(kabirAddress).pathname + new URL(kabirAddress).search);
      await visible(page.getByRole("heading", { name: "Photo consent for Kabir Malhotra" }));
      expect(await consentHeadings(page).allTextContents()).toEqual(["Photo consent for Kabir Malhotra"]);
      await visible(page.getByTestId("child-stats"));
      await visible(page.getByRole("list", { name: "Portfolio items" }).getByRole("img").first());
      await screenshot(page, "portfolio-parent-chosen-child");
    });
  });

  it("the owner opens Attendance, picks a centre and sees its rooms, reports and headcount; the dashboard's link keeps the centre; nothing answers 400", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      const refused = badRequests(page);
      await submitSignIn(page, demoUser("owner").email);
      await page
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("link", { name: "Attendance", exact: true })
        .click();
      await page.waitForURL("**/attendance");
      await visible(page.getByTestId("choose-centre"));
      await screenshot(page, "attendance-owner-choose-centre");

      await page.getByRole("combobox", { name: "Centre" }).click();
      await page.getByRole("option", { name: "Sprout Koramangala" }).click();
      await page.waitForURL(/\/attendance\?center=[0-9a-f-]{36}$/);
      const centerId = new URL(page.url()).searchParams.get("center")!;
      await visible(page.locator('[aria-label="Toddlers ratio"]'));
      await visible(page.getByText(/^Sprout Koramangala · /));
      await visible(page.getByText(/^Staff present: \d+ of \d+/));
      await settled(page);
      await screenshot(page, "attendance-owner");

      // A reload keeps the centre; another centre's rooms follow the choice.
      await page.reload();
      await visible(page.locator('[aria-label="Toddlers ratio"]'));
      expect(await page.getByRole("combobox", { name: "Centre" }).textContent()).toBe("Sprout Koramangala");

      await page.getByRole("tab", { name: "Reports" }).click();
      await page.waitForURL(/view=reports/);
      expect(new URL(page.url()).searchParams.get("center")).toBe(centerId);
      await visible(page.getByRole("heading", { name: /^Daily attendance per classroom · / }));
      await visible(page.getByRole("table").or(page.getByText("Nothing to report for this period.")));

      await page.getByRole("tab", { name: "Today" }).click();
      // The tab's change of address first: a click while it is pending would be overtaken by it.
      await page.waitForURL((url) => !url.search.includes("view="));
      await page.getByRole("link", { name: "Headcount" }).click();
      await page.waitForURL(`**/attendance/headcount?center=${centerId}`);
      await visible(page.locator('[aria-label="Toddlers headcount"]'));

      // The centre dashboard an owner opens for one centre: Staff Present lands on that centre.
      await page.goto(`/center-director?centerId=${centerId}`);
      await (await visible(page.getByTestId("staff-present"))).click();
      await page.waitForURL(`**/attendance?center=${centerId}`);
      await visible(page.locator('[aria-label="Toddlers ratio"]'));
      await settled(page);
      expect(refused).toEqual([]);
    });
  });

  const PICKERS: [Role, typeof DESKTOP][] = [
    ["owner", PHONE],
    ["super_admin", DESKTOP],
    ["super_admin", PHONE],
  ];
  for (const [role, viewport] of PICKERS)
    it(`${role} chooses a centre on Attendance (${viewport.width} wide) with no answer 400`, async () => {
      await withPage(browser, viewport, async (page) => {
        const refused = badRequests(page);
        await openSignedIn(page, demoUser(role).email, "/attendance");
        await visible(page.getByTestId("choose-centre"));
        await screenshot(page, `attendance-${role}-choose-centre`);
        await page.getByRole("combobox", { name: "Centre" }).click();
        await page.getByRole("option", { name: "Sprout Koramangala" }).click();
        await visible(page.locator('[aria-label="Toddlers ratio"]'));
        await visible(page.getByRole("tab", { name: "Toddlers" }));
        await settled(page);
        await screenshot(page, `attendance-${role}`);
        expect(refused).toEqual([]);
      });
    });

  it("on a phone the reports' tables show Occupancy and Collected in every row's card", async () => {
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("owner").email, "/reports?report=enrolment");
      const enrolment = await apiGet<Reports["enrolment"]>(page, "/reports/enrolment");
      const months = page.getByRole("list", { name: "Enrolment by month" }).getByTestId("list-card");
      await visible(months.first());
      expect(await months.count()).toBe(enrolment.months.length);
      for (const [index, row] of enrolment.months.entries()) {
        const card = months.nth(index);
        expect(await card.getByRole("term").allTextContents()).toEqual(["Enrolled", "Joined", "Left", "Occupancy"]);
        expect(await card.getByRole("definition").last().textContent()).toMatch(new RegExp(`^${row.occupancy}% of `));
      }
      expect(await page.getByRole("table", { name: "Enrolment by month" }).count()).toBe(0);
      await screenshot(page, "reports-phone-enrolment-cards");

      await page.getByRole("tab", { name: "Revenue & Collections" }).click();
      await page.waitForURL(/report=revenue/);
      const revenue = await apiGet<Reports["revenue"]>(page, "/reports/revenue");
      const list = page.getByRole("list", { name: "Revenue by month" });
      const cards = list.getByTestId("list-card");
      await visible(cards.first());
      expect(await cards.count()).toBe(revenue.months.length);
      for (const [index, row] of revenue.months.entries()) {
        const card = cards.nth(index);
        expect(await card.getByRole("term").last().textContent()).toBe("Collected");
        expect(await card.getByRole("definition").last().textContent()).toBe(
          row.collection_rate === null ? "—" : `${row.collection_rate}%`,
        );
      }
      // The totals row is a card of its own, its empty cells left out.
      const totals = list.getByTestId("list-card-totals");
      expect(await totals.getByRole("term").allTextContents()).toEqual(["Invoiced", "Received"]);
      await totals.scrollIntoViewIfNeeded();
      await screenshot(page, "reports-phone-revenue-cards");
    });
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("owner").email, "/reports?report=revenue");
      const table = await visible(page.getByRole("table", { name: "Revenue by month" }));
      expect(await table.getByRole("columnheader").allTextContents()).toContain("Collected");
      await screenshot(page, "reports-desktop-revenue-table");
    });
  });

  for (const viewport of [PHONE, DESKTOP])
    it(`the coordinator's Classrooms Today shows Today's plan for every room (${viewport.width} wide), and the attendance report too`, async () => {
      await withPage(browser, viewport, async (page) => {
        await submitSignIn(page, demoUser("academic_coordinator").email);
        await visible(page.getByRole("heading", { name: "Classrooms Today" }));
        if (viewport === PHONE) {
          const rooms = page.getByRole("list", { name: "Classrooms today" }).getByRole("listitem");
          await visible(rooms.first());
          for (const room of await rooms.all()) {
            expect(await room.getByRole("term").allTextContents()).toEqual([
              "Enrolled",
              "In now",
              "Teachers",
              "Today's plan",
            ]);
            expect(await room.getByRole("definition").last().textContent()).toMatch(/^(Planned|No plan)$/);
          }
        } else {
          const table = await visible(page.getByRole("table", { name: "Classrooms today" }));
          expect(await table.getByRole("columnheader").allTextContents()).toContain("Today's plan");
        }
        await screenshot(page, "coordinator-classrooms-today");

        await page.goto("/attendance?view=reports");
        await visible(page.getByRole("heading", { name: /^Daily attendance per classroom · / }));
        if (viewport === PHONE) {
          const cards = page.getByRole("main").getByTestId("list-card");
          await visible(cards.first());
          expect(await cards.first().getByRole("term").allTextContents()).toEqual([
            "Children",
            "Present",
            "Absent",
            "Paused",
            "Not recorded",
          ]);
        } else await visible(page.getByRole("table"));
        await screenshot(page, "coordinator-attendance-report");
      });
    });
});

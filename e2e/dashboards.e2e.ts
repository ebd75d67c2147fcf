import type { Role } from "@sprout/shared/roles";
import type {
  CenterComparison,
  CoordinatorHome,
  FinancialOverview,
  Insight,
  Overview,
  TeacherHome,
} from "@sprout/shared/schemas/analytics";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axisLabels } from "./charts";
import { DESKTOP, demoUser, launchBrowser, PHONE, screenshot, submitSignIn, visible, withPage } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A GET of the API as the signed-in page (its stored session). */
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

const count = (value: number) => new Intl.NumberFormat("en-IN").format(value);
const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-IN", { month: "short", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
const rupees = (value: number) => new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(value);

/** The figure card's value once it has loaded (a skeleton has no text). */
async function figure(page: Page, testId: string): Promise<string> {
  const value = page.getByTestId(testId);
  await visible(value);
  await page.waitForFunction(
    (id) => (document.querySelector(`[data-testid="${id}"]`)?.textContent ?? "") !== "",
    testId,
  );
  return (await value.textContent()) ?? "";
}

async function signedIn(page: Page, role: Role) {
  await submitSignIn(page, demoUser(role).email);
}

describe("role homes show true figures", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`the owner's six figures, centres and insights equal the API's answers (${viewport.width} wide)`, async () => {
      await withPage(browser, viewport, async (page) => {
        await signedIn(page, "owner");
        await visible(page.getByRole("heading", { name: /Welcome back/ }));
        const overview = await apiGet<Overview>(page, "/analytics/overview");
        const financial = await apiGet<FinancialOverview>(page, "/analytics/financial-overview");
        const { centers } = await apiGet<CenterComparison>(page, "/analytics/center-comparison");
        const { insights } = await apiGet<{ insights: Insight[] }>(page, "/analytics/insights");
        expect(await figure(page, "figure-revenue")).toBe(rupees(financial.received_this_month));
        await visible(page.getByText(`Invoiced ${rupees(financial.invoiced_this_month)} this month`));
        expect(await figure(page, "figure-students")).toBe(count(overview.total_students));
        expect(await figure(page, "figure-staff")).toBe(count(overview.total_staff));
        expect(await figure(page, "figure-enquiries")).toBe(count(overview.open_enquiries));
        expect(await figure(page, "figure-pending")).toBe(count(overview.pending_invoices ?? 0));
        expect(await figure(page, "figure-classrooms")).toBe(count(overview.total_classrooms));
        for (const centre of centers) {
          const card = page.getByRole("article", { name: centre.name });
          await visible(card.getByText(`${centre.occupancy}% of ${count(centre.capacity)} places filled`));
        }
        for (const insight of insights) await visible(page.getByTestId(`insight-${insight.key}`));
        const trend = page.getByRole("region", { name: "Revenue & Collections" });
        const months = await axisLabels(trend, "x", financial.months.length);
        expect(months).toEqual(financial.months.map((row) => monthName(row.month)));
        await visible(page.getByRole("heading", { name: "Business Management" }));
        await screenshot(page, "owner-dashboard");

        const first = centers[0]!;
        await page.getByRole("article", { name: first.name }).getByRole("link", { name: "View Details" }).click();
        await page.waitForURL(`**/center-director?centerId=${first.id}`);
      });
    });

    it(`the super admin's System Overview and System Management links (${viewport.width} wide)`, async () => {
      await withPage(browser, viewport, async (page) => {
        await signedIn(page, "super_admin");
        await visible(page.getByRole("heading", { name: "System Overview" }));
        const overview = await apiGet<Overview>(page, "/analytics/overview");
        const { centers } = await apiGet<CenterComparison>(page, "/analytics/center-comparison");
        expect(await figure(page, "figure-students")).toBe(count(overview.total_students));
        expect(await figure(page, "figure-staff")).toBe(count(overview.total_staff));
        expect(await figure(page, "figure-pending")).toBe(count(overview.pending_invoices ?? 0));
        for (const centre of centers) await visible(page.getByRole("article", { name: centre.name }));
        for (const link of ["User Management", "System Analytics", "Center Management"])
          await visible(page.getByRole("link", { name: `Open ${link}` }));
        await screenshot(page, "super-admin-dashboard");
        await page.getByRole("link", { name: "Open System Analytics" }).click();
        await page.waitForURL("**/reports");
        await visible(page.getByRole("heading", { name: "Reports & Analytics" }));
      });
    });

    it(`the teacher's rooms, health watch and unread messages (${viewport.width} wide)`, async () => {
      await withPage(browser, viewport, async (page) => {
        await signedIn(page, "teacher");
        await visible(page.getByRole("heading", { name: "My Classrooms" }));
        const home = await apiGet<TeacherHome>(page, "/analytics/teacher-home");
        expect(home.classrooms.length).toBeGreaterThan(0);
        for (const room of home.classrooms) {
          const text = await (await visible(page.getByTestId(`room-in-${room.id}`))).textContent();
          expect(text).toBe(`${count(room.children_in)} of ${count(room.expected)} in`);
        }
        expect(await page.getByTestId("unread-messages").textContent()).toBe(count(home.unread_messages));
        await visible(page.getByRole("heading", { name: "Today's Lesson Plans" }));
        await visible(page.getByRole("heading", { name: "Allergies & Medication Today" }));
        await screenshot(page, "teacher-dashboard");
      });
    });

    it(`the coordinator's classrooms, plans and assignments due (${viewport.width} wide)`, async () => {
      await withPage(browser, viewport, async (page) => {
        await signedIn(page, "academic_coordinator");
        await visible(page.getByRole("heading", { name: "Classrooms Today" }));
        const home = await apiGet<CoordinatorHome>(page, "/analytics/coordinator-home");
        for (const room of home.classrooms) {
          const row = await visible(page.getByTestId(`coordinator-room-${room.id}`));
          // A desktop row's cells; on a phone the room's card: its name, then every column's value.
          const cells =
            viewport === PHONE
              ? [
                  await row.getByTestId("list-card-title").textContent(),
                  ...(await row.getByRole("definition").allTextContents()),
                ]
              : await row.getByRole("cell").allTextContents();
          expect(cells).toHaveLength(5);
          expect(cells[4]).toMatch(/^(Planned|No plan)$/);
          expect(cells.slice(0, 4)).toEqual([
            room.name,
            count(room.enrolled),
            count(room.children_in),
            count(room.teachers),
          ]);
        }
        for (const plan of home.plans_today) await visible(page.getByText(plan.topic).first());
        for (const due of home.assignments_due) await visible(page.getByText(due.title).first());
        await screenshot(page, "coordinator-dashboard");
      });
    });
  }
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, demoUser, launchBrowser, PHONE, screenshot, submitSignIn, visible, withPage } from "./helpers";

/**
 * Issue 20, point 6: a director admits a child giving the demo parent's e-mail; nothing reaches
 * the parent's account until they answer the request on their own home page. The journey
 * declines, so the demo parent keeps the two children other journeys count on.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Admits a child through the API as the signed-in director of `page`, naming the demo parent. */
function admitNamingTheParent(page: Page, firstName: string) {
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
          child_name: `${firstName} Kapoor`,
          child_dob: "2023-04-02",
          parent_name: "Meera Kapoor",
          mobile_number: "+91 98765 43210",
          email,
          source: "Walk-in",
          major_program: "Pre-school",
          specific_program: "TODDLERS",
          status: "Closed",
        }),
      }).then((response) => response.json());
      const [room] = await fetch("/api/classrooms", { headers }).then((response) => response.json());
      const admitted = await fetch(`/api/admissions/convert/${enquiry.id}`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          child: { firstName, lastName: "Kapoor", dateOfBirth: "2023-04-02", gender: "Female" },
          parents: [{ firstName: "Meera", lastName: "Kapoor", relation: "Mother", phone: "98765 43210", email }],
          classroomId: room.id,
        }),
      });
      return { status: admitted.status, body: await admitted.json() };
    },
    { firstName, email: demoUser("parent").email },
  );
}

describe("link requests", () => {
  for (const [viewport, firstName] of [
    [DESKTOP, "Zoya"],
    [PHONE, "Tara"],
  ] as const) {
    it(`the parent is asked, not linked, and declines (${viewport.width} wide)`, async () => {
      await withPage(browser, viewport, async (page) => {
        await submitSignIn(page, demoUser("center_director").email);
        const admitted = await admitNamingTheParent(page, firstName);
        expect(admitted.status).toBe(201);
        // The director's answer names the address, whether or not it has an account.
        expect(admitted.body.invited).toEqual([demoUser("parent").email]);
      });
      await withPage(browser, viewport, async (page) => {
        await submitSignIn(page, demoUser("parent").email);
        const request = page.getByRole("article", { name: `Link request for ${firstName} Kapoor` });
        await visible(request);
        // Not among the parent's children until accepted.
        expect(await page.getByRole("article", { name: `${firstName} Kapoor`, exact: true }).count()).toBe(0);
        await screenshot(page, "parent-link-request");
        await request.getByRole("button", { name: "Decline" }).click();
        await visible(page.getByText("Request declined. The child was not linked to your account."));
        await request.waitFor({ state: "detached" });
        expect(await page.getByTestId("child-card").count()).toBe(2);
      });
    });
  }
});

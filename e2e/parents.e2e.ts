import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, demoUser, launchBrowser, PHONE, readStorage, screenshot, signIn, visible, withPage } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Signs in as the demo parent; on a phone the navigation sits in the closed drawer. */
async function signInParent(page: Page, viewport: typeof DESKTOP) {
  if (viewport === DESKTOP) {
    await signIn(page, demoUser("parent").email);
  } else {
    await page.goto("/login");
    await page.locator("input[name=email]").fill(demoUser("parent").email);
    await page.locator("input[name=password]").fill("Sprout@2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/dashboard");
  }
}

const cards = (page: Page) => page.getByTestId("child-card");

/** The parent's children as the API answers them, with the session the page holds. */
function myChildrenFromServer(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch("/api/parents/my-children", {
      headers: {
        authorization: `Bearer ${localStorage.getItem("token")}`,
        "x-session-token": localStorage.getItem("sessionToken") ?? "",
      },
    });
    return (await response.json()) as {
      first_name: string;
      last_name: string;
      classroom_name: string | null;
      center_name: string;
    }[];
  });
}

describe("parent home", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`the demo parent sees both children and switches between them (${viewport.width} wide)`, async () => {
      await withPage(browser, viewport, async (page) => {
        await signInParent(page, viewport);
        await visible(page.getByRole("heading", { name: "Welcome, Vikram Malhotra" }));
        await visible(cards(page).first());
        expect(await cards(page).count()).toBe(2);
        const aanya = page.getByRole("article", { name: "Aanya Malhotra" });
        const kabir = page.getByRole("article", { name: "Kabir Malhotra" });
        // Each card shows the classroom and centre the server says (other journeys move children).
        for (const child of await myChildrenFromServer(page)) {
          const card = page.getByRole("article", { name: `${child.first_name} ${child.last_name}` });
          await visible(card.getByText(child.center_name));
          expect(await card.locator("dd").first().textContent()).toBe(child.classroom_name ?? "Not assigned yet");
        }
        // Each child's Invoices button opens that child's invoices only (issue 9).
        expect(await aanya.getByRole("link", { name: "Invoices for Aanya Malhotra" }).getAttribute("href")).toMatch(
          /^\/billing\?child=[0-9a-f-]{36}$/,
        );

        // The list is cached under the spec's key.
        const cached = JSON.parse((await readStorage(page)).children ?? "[]") as { first_name: string }[];
        expect(cached.map((child) => child.first_name)).toEqual(["Aanya", "Kabir"]);

        // Two children: the selector is there, and it moves the selection.
        const selector = page.getByRole("combobox", { name: "Child" });
        await visible(selector);
        expect(await aanya.getAttribute("aria-current")).toBe("true");
        expect(await kabir.getAttribute("aria-current")).toBeNull();
        await screenshot(page, "parent-children");

        await selector.click();
        await page.getByRole("option", { name: "Kabir Malhotra" }).click();
        await page.getByRole("listbox").waitFor({ state: "hidden" });
        expect(await selector.textContent()).toContain("Kabir Malhotra");
        expect(await kabir.getAttribute("aria-current")).toBe("true");
        expect(await aanya.getAttribute("aria-current")).toBeNull();
        await screenshot(page, "parent-children-kabir");

        await selector.click();
        await page.getByRole("option", { name: "Aanya Malhotra" }).click();
        await page.getByRole("listbox").waitFor({ state: "hidden" });
        expect(await aanya.getAttribute("aria-current")).toBe("true");
      });
    });
  }

  it("when the call fails, says so and falls back to the cached children", async () => {
    await withPage(browser, PHONE, async (page) => {
      await signInParent(page, PHONE);
      await visible(page.getByRole("article", { name: "Kabir Malhotra" }));
      await page.route("**/api/parents/my-children", (route) =>
        route.fulfill({ status: 503, json: { error: "Service unavailable", code: "UNAVAILABLE" } }),
      );
      await page.reload();
      await visible(page.getByText("Unable to load your children data. Please contact support."));
      await visible(page.getByRole("article", { name: "Aanya Malhotra" }));
      await visible(page.getByRole("article", { name: "Kabir Malhotra" }));
      await screenshot(page, "parent-children-offline");
    });
  });
});

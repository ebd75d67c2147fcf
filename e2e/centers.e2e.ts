import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseURL,
  DEMO_PASSWORD,
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  openSignedIn,
  PHONE,
  screenshot,
  settled,
  visible,
} from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The centre names the demo owner sees through the API, signed in as themselves. */
async function ownerCentres(page: Page): Promise<string[]> {
  const login = await page.request.post(`${baseURL}/api/auth/login`, {
    data: { email: demoUser("owner").email, password: DEMO_PASSWORD },
  });
  const body = await login.json();
  const response = await page.request.get(`${baseURL}/api/centers`, {
    headers: {
      authorization: `Bearer ${body.token}`,
      "x-session-token": body.sessionToken,
      "x-csrf-token": body.csrfToken,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { center_name: string }[]).map((centre) => centre.center_name);
}

describe("center management: owners", () => {
  for (const [viewport, name] of [
    [DESKTOP, "Sprout Whitefield"],
    [PHONE, "Sprout Jayanagar"],
  ] as const) {
    it(`super admin creates ${name} with the demo owner, who is shown on the card (${viewport.width} wide)`, async () => {
      const owner = demoUser("owner");
      const { context, page } = await openPage(browser, viewport);
      try {
        await openSignedIn(page, demoUser("super_admin").email, "/settings");
        await visible(page.getByRole("heading", { name: "Center Management" }));
        await settled(page);
        await page.getByRole("button", { name: "Add Center" }).click();
        const dialog = page.getByRole("dialog", { name: "Add Center" });
        await dialog.getByRole("textbox", { name: "Center name", exact: true }).fill(name);
        await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("12, 4th Block");
        await dialog.getByRole("textbox", { name: "City", exact: true }).fill("Bengaluru");
        await dialog.getByRole("combobox", { name: "Owners" }).click();
        await page.getByRole("option", { name: owner.fullName }).click();
        await visible(dialog.getByRole("button", { name: owner.fullName }));
        await screenshot(page, "settings-centre-owners-dialog");
        await dialog.getByRole("button", { name: "Save" }).click();
        await visible(page.getByText("Center saved successfully"));
        await expect.poll(() => dialog.isVisible()).toBe(false);
        const card = page
          .getByRole("button", { name: `Edit ${name}` })
          .locator("xpath=ancestor::div[contains(@class,'MuiCard-root')][1]");
        await visible(card.getByText(owner.fullName));
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, "settings-centre-owners");
        expect(await ownerCentres(page)).toContain(name);
      } finally {
        await context.close();
      }
    });
  }
});

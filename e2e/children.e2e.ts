import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseURL,
  DEMO_PASSWORD,
  DESKTOP,
  demoUser,
  launchBrowser,
  openSignedIn,
  PHONE,
  screenshot,
  settled,
  signIn,
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

/** Signs in through the API and returns the headers the web client would send. */
async function apiSession(request: APIRequestContext, email: string) {
  const response = await request.post(`${baseURL}/api/auth/login`, { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  return {
    authorization: `Bearer ${body.token}`,
    "x-session-token": body.sessionToken,
    "x-csrf-token": body.csrfToken,
  };
}

/** The first row of the children table that offers an action button, and the child's name. */
async function firstRowWith(page: Page, action: "Pause" | "Transfer") {
  const button = page.getByRole("button", { name: new RegExp(`^${action} `) }).first();
  await visible(button);
  const label = (await button.getAttribute("aria-label")) ?? "";
  return { button, name: label.replace(`${action} `, "") };
}

describe("children, pauses and moves", () => {
  it("director pauses a child, finds them in Paused Students, and resumes them", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, demoUser("center_director").email);
      await page.getByRole("navigation", { name: "Main navigation" }).getByText("Children", { exact: true }).click();
      await page.waitForURL("**/children");
      await visible(page.getByRole("tab", { name: "All Students" }));
      await visible(page.getByRole("table", { name: "Children" }));
      await screenshot(page, "children-list");

      const { button, name } = await firstRowWith(page, "Pause");
      await button.click();
      const dialog = page.getByRole("dialog", { name: "Pause Student Enrollment" });
      await visible(dialog);
      // Defaults: tomorrow to a week from today, six days.
      await visible(dialog.getByText("Duration: 6 days"));
      const submit = dialog.getByRole("button", { name: "Pause Student" });
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByRole("button", { name: "Medical reasons" }).click();
      expect(await dialog.getByLabel("Reason for pause").inputValue()).toBe("Medical reasons");
      await screenshot(page, "children-pause-dialog");
      await submit.click();
      await visible(page.getByText(`${name} has been paused successfully`));

      await page.getByRole("tab", { name: "Paused Students" }).click();
      const pausedTable = page.getByRole("table", { name: "Paused students" });
      await visible(pausedTable.getByText(name, { exact: true }));
      await visible(page.getByText("Total Paused"));
      await screenshot(page, "children-paused");

      await page.getByRole("button", { name: `View details of ${name}` }).click();
      const details = page.getByRole("dialog", { name: "Paused Student Details" });
      await visible(details.getByText("Sunita Iyer"));
      await details.getByRole("button", { name: "Resume Student" }).click();
      const resume = page.getByRole("dialog", { name: "Resume Student Enrollment" });
      await visible(resume.getByText("Currently Paused"));
      await visible(resume.getByText("Medical reasons"));
      await resume.getByRole("button", { name: "Resume Student" }).click();
      await visible(page.getByText(`${name} has been resumed successfully`));
      await pausedTable.getByText(name, { exact: true }).waitFor({ state: "detached" });
    });
  });

  it("the paused list and dialogs work at phone width", async () => {
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("admin").email, "/children?tab=paused");
      await visible(page.getByText("Total Paused"));
      await screenshot(page, "children-paused");
      await page.goto("/children");
      await visible(page.getByRole("list", { name: "Children" }).getByTestId("list-card").first());
      await screenshot(page, "children-list");
      // On a phone each child is a card, its actions in one menu.
      await page
        .getByRole("button", { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole("menuitem", { name: "Pause" }).click();
      await visible(page.getByRole("dialog", { name: "Pause Student Enrollment" }));
      await screenshot(page, "children-pause-dialog");
    });
  });

  it("a director has no other centre to transfer to; the owner transfers a child", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("center_director").email, "/children");
      const own = await firstRowWith(page, "Transfer");
      await own.button.click();
      const refused = page.getByRole("dialog", { name: "Transfer Student to Another Center" });
      await visible(refused.getByText("There is no other centre you manage to transfer this student to."));
      await refused.getByRole("button", { name: "Cancel" }).click();
    });
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("owner").email, "/children");
      await searchChildren(page, "Malhotra");
      await visible(page.getByRole("button", { name: "Transfer Aanya Malhotra" }));
      await page.getByRole("button", { name: "Transfer Aanya Malhotra" }).click();
      const dialog = page.getByRole("dialog", { name: "Transfer Student to Another Center" });
      await visible(dialog);
      await dialog.getByLabel("New centre").click();
      const options = await page.getByRole("option").allTextContents();
      expect(options).not.toContain("Sprout Koramangala");
      expect(options).toContain("Sprout Andheri West");
      await page.getByRole("option", { name: "Sprout Andheri West" }).click();
      await dialog.getByLabel("New class").click();
      await page.getByRole("option", { name: "Kindy", exact: true }).click();
      await screenshot(page, "children-transfer-dialog");
      await dialog.getByRole("button", { name: "Transfer" }).click();
      await visible(page.getByText("Student transferred successfully!"));
      // The owner's centre filter: Aanya is now on Andheri West's roll, not Koramangala's.
      const centreFilter = page.getByRole("combobox", { name: /^Centre/ });
      await centreFilter.click();
      await page.getByRole("option", { name: "Sprout Koramangala" }).click();
      await page.getByRole("listbox").waitFor({ state: "detached" });
      await visible(page.getByRole("button", { name: "Transfer Kabir Malhotra" }));
      await page.getByRole("button", { name: "Transfer Aanya Malhotra" }).waitFor({ state: "detached" });
      await centreFilter.click();
      await page.getByRole("option", { name: "Sprout Andheri West" }).click();
      await visible(page.getByRole("button", { name: "Transfer Aanya Malhotra" }));
      // Later journeys (attendance, messages, the child's day) expect Aanya in Koramangala's Toddlers.
      const movedBack = await page.evaluate(async () => {
        const headers = {
          "content-type": "application/json",
          authorization: `Bearer ${localStorage.getItem("token")}`,
          "x-session-token": localStorage.getItem("sessionToken") ?? "",
          "x-csrf-token": localStorage.getItem("csrfToken") ?? "",
        };
        const get = async (url: string) => (await fetch(url, { headers })).json();
        const [aanya] = (await get("/api/admin/children?status=all&search=Aanya%20Malhotra")).children;
        const centres: { id: string; center_name: string }[] = await get("/api/centers");
        const home = centres.find((centre) => centre.center_name === "Sprout Koramangala")!;
        const rooms: { id: string; name: string }[] = await get(`/api/classrooms?center_id=${home.id}`);
        const toddlers = rooms.find((room) => room.name === "Toddlers")!;
        const response = await fetch("/api/admin-class/promotion/transfer", {
          method: "POST",
          headers,
          body: JSON.stringify({
            student_id: aanya.id,
            from_center_id: aanya.center_id,
            to_center_id: home.id,
            to_class_id: toddlers.id,
          }),
        });
        return response.status;
      });
      expect(movedBack).toBe(200);
    });
  });
});

describe("promote", () => {
  it("the dialog shows the server's refusal, then promotes", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("academic_coordinator").email, "/children");
      await searchChildren(page, "Kabir Malhotra");
      await page.getByRole("button", { name: "Promote Kabir Malhotra" }).click();
      const dialog = page.getByRole("dialog", { name: "Promote or Assign Student" });
      // The current class is filled in once the centre's classes have loaded.
      const currentClass = dialog.getByRole("combobox", { name: /^Current class/ });
      const classText = async () => ((await currentClass.textContent()) ?? "").replace(/\u200b/g, "").trim();
      await expect.poll(classText, { timeout: 10_000 }).not.toBe("");
      const current = await classText();
      // Promoting to the class the child is already in: the server refuses and the dialog says so.
      await dialog.getByRole("combobox", { name: /^New class/ }).click();
      await page.getByRole("option", { name: current, exact: true }).click();
      await dialog.getByRole("button", { name: "Promote Student" }).click();
      await visible(dialog.getByText("Choose a different class"));
      await dialog.getByRole("combobox", { name: /^New class/ }).click();
      await page.getByRole("option", { name: "Kindy", exact: true }).click();
      await dialog.getByRole("button", { name: "Promote Student" }).click();
      await visible(page.getByText("Student promoted successfully!"));
    });
  });
});

describe("classrooms", () => {
  it("director creates a classroom (name required) and removes it while empty", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, demoUser("center_director").email);
      await page.getByRole("navigation", { name: "Main navigation" }).getByText("Classrooms", { exact: true }).click();
      await page.waitForURL("**/classrooms");
      const form = page.getByRole("form", { name: "Create classroom" });
      await form.getByRole("button", { name: "Create" }).click();
      await visible(form.getByText("Classroom name is required"));
      await form.getByLabel("Classroom Name").fill("Sunflower Room");
      await form.getByLabel("Description").fill("After-school care, 5 to 8 years");
      await form.getByRole("button", { name: "Create" }).click();
      await visible(page.getByText("Classroom Sunflower Room created"));
      await visible(page.getByText("After-school care, 5 to 8 years"));
      await screenshot(page, "classrooms");
      await page.getByRole("button", { name: "Remove Sunflower Room" }).click();
      await page.getByRole("dialog", { name: "Remove classroom?" }).getByRole("button", { name: "Remove" }).click();
      await visible(page.getByText("Classroom Sunflower Room removed"));
      expect(await page.getByText("After-school care, 5 to 8 years").count()).toBe(0);
    });
  });
});

describe("documents", () => {
  it("director uploads, opens and deletes a document; another centre's director is refused it", async () => {
    const pdf = path.join(tmpdir(), "fire-safety-policy.pdf");
    await writeFile(
      pdf,
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, demoUser("center_director").email);
      await page.getByRole("navigation", { name: "Main navigation" }).getByText("Documents", { exact: true }).click();
      await page.waitForURL("**/documents");
      await page.getByRole("button", { name: "Upload Document" }).click();
      const dialog = page.getByRole("dialog", { name: "Upload Document" });
      await dialog.getByRole("button", { name: "Upload" }).click();
      await visible(dialog.getByText("Please choose a file"));
      await dialog.locator("input[type=file]").setInputFiles(pdf);
      await dialog.getByLabel("Type").click();
      await page.getByRole("option", { name: "Policy" }).click();
      await dialog.getByLabel("Description").fill("Evacuation routes and drills");
      await dialog.getByRole("button", { name: "Upload" }).click();
      await visible(page.getByText("fire-safety-policy.pdf uploaded"));
      await visible(page.getByRole("table", { name: "Documents" }).getByText("fire-safety-policy.pdf"));
      await screenshot(page, "documents");

      // The file is fetched with the session's headers and handed to a new tab. What the tab then
      // does with a PDF is the browser's: the full browser shows it, the headless shell saves it.
      const [popup, served] = await Promise.all([
        page.waitForEvent("popup"),
        page.waitForResponse((response) => /\/api\/documents\/[^/]+\/file$/.test(response.url())),
        page.getByRole("button", { name: "Open fire-safety-policy.pdf" }).click(),
      ]);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toMatch(/^application\/pdf/);
      await popup.close();

      // Another centre's director, made by the super admin, cannot see or fetch it.
      const request = page.request;
      const admin = await apiSession(request, demoUser("super_admin").email);
      const centres = await (await request.get(`${baseURL}/api/centers`, { headers: admin })).json();
      const andheri = centres.find((centre: { center_name: string }) => centre.center_name === "Sprout Andheri West");
      const created = await request.post(`${baseURL}/api/owners`, {
        headers: admin,
        data: {
          fullName: "Meera Kapoor",
          email: "meera.andheri@sprout.test",
          password: "Andheri@2026x",
          role: "center_director",
          centerId: andheri.id,
          phoneNumber: "",
          jobTitle: "Centre Director",
        },
      });
      expect(created.status()).toBe(200);
      const list = await (
        await request.get(`${baseURL}/api/documents`, {
          headers: await apiSession(request, demoUser("center_director").email),
        })
      ).json();
      const doc = list.documents.find((item: { name: string }) => item.name === "fire-safety-policy.pdf");
      const loginOther = await request.post(`${baseURL}/api/auth/login`, {
        data: { email: "meera.andheri@sprout.test", password: "Andheri@2026x" },
      });
      expect(loginOther.status()).toBe(200);
      const other = await loginOther.json();
      const otherHeaders = { authorization: `Bearer ${other.token}`, "x-session-token": other.sessionToken };
      expect((await request.get(`${baseURL}/api/documents/${doc.id}/file`, { headers: otherHeaders })).status()).toBe(
        404,
      );
      // They see their own centre's documents and the organisation's (the demo has both), not this one.
      const theirs = (await (await request.get(`${baseURL}/api/documents`, { headers: otherHeaders })).json())
        .documents as { name: string; center_name: string | null }[];
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.map((item) => item.name)).not.toContain("fire-safety-policy.pdf");
      expect(theirs.every((item) => item.center_name === null || item.center_name === "Sprout Andheri West")).toBe(
        true,
      );

      await page.getByRole("button", { name: "Delete fire-safety-policy.pdf" }).click();
      await page.getByRole("dialog", { name: "Delete document?" }).getByRole("button", { name: "Delete" }).click();
      await visible(page.getByText("fire-safety-policy.pdf deleted"));
      // The demo's own documents stay on the shelf.
      const table = page.getByRole("table", { name: "Documents" });
      await table.getByText("fire-safety-policy.pdf").waitFor({ state: "detached" });
      await visible(table.getByText("Parent Handbook 2026-27.pdf"));
    });
  });

  it("documents and classrooms at phone width", async () => {
    await withPage(browser, PHONE, async (page) => {
      await openSignedIn(page, demoUser("admin").email, "/documents");
      await visible(page.getByRole("button", { name: "Upload Document" }));
      await screenshot(page, "documents");
      await page.goto("/classrooms");
      await visible(page.getByRole("heading", { name: "Create Classroom" }));
      await screenshot(page, "classrooms");
    });
  });
});

describe("center management", () => {
  it("super admin sees every centre with real counts in Settings", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openSignedIn(page, demoUser("super_admin").email, "/settings");
      await visible(page.getByRole("heading", { name: "Center Management" }));
      await visible(page.getByText("Sprout Gachibowli"));
      await visible(page.getByText("5 classrooms").first());
      await settled(page);
      await page.getByRole("button", { name: "Add Center" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Center" });
      await dialog.getByRole("button", { name: "Save" }).click();
      await visible(dialog.getByText("Please fill in all required fields").first());
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await screenshot(page, "settings-centers");
    });
  });
});

/**
 * Types a search and waits for its answer: until then the list keeps showing the previous rows,
 * and a click on one of those would land on a row that is about to be replaced.
 */
async function searchChildren(page: Page, text: string) {
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes("/api/admin/children") && new URL(response.url()).searchParams.get("search") === text,
  );
  await page.getByLabel("Search by name or student ID").fill(text);
  await answered;
}

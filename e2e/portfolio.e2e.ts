import { type Browser, chromium, type Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axisLabels } from "./charts";
import { DESKTOP, demoUser, openPage, PHONE, screenshot, signIn, visible } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  // Chromium's fake camera answers getUserMedia with a test pattern and grants it without asking.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  });
});

afterAll(async () => {
  await browser?.close();
});

/** Signs in at any width (a phone has no permanent navigation to wait for). */
async function signInAt(page: Page, email: string) {
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill("Sprout@2026");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
}

const photo = async (colour: string) => ({
  name: `garden-${colour.slice(1)}.jpg`,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});

/**
 * A short WebM clip recorded in the page itself (MediaRecorder over an animated canvas), as a
 * phone or the browser would give one: the upload takes its poster frame from it.
 */
async function recordClip(page: Page) {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext("2d")!;
    let frame = 0;
    const paint = () => {
      context.fillStyle = "#fb8c00";
      context.fillRect(0, 0, 320, 240);
      context.fillStyle = "#1e88e5";
      context.fillRect((frame * 8) % 320, 90, 60, 60);
      frame += 1;
    };
    paint();
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => recorder.addEventListener("stop", resolve));
    recorder.start();
    // The clip's length: thirty painted frames, one each 40 ms.
    for (let n = 0; n < 30; n++) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      paint();
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return { name: "splash.webm", mimeType: "video/webm", buffer: Buffer.from(base64, "base64") };
}

const items = (page: Page) => page.getByRole("list", { name: "Portfolio items" }).getByRole("listitem");

/** Saves a consent choice; the demo may already hold it (Save stays disabled until it changes). */
async function chooseConsent(page: Page, label: RegExp | string) {
  const radio =
    typeof label === "string"
      ? page.locator(`input[type=radio][value=${label}]`)
      : page.getByRole("radio", { name: label });
  if (await radio.isChecked()) return;
  await radio.check();
  await page.getByRole("button", { name: "Save consent" }).click();
  await visible(page.getByRole("status").filter({ hasText: "Photo consent saved" }));
}

describe("digital portfolio", () => {
  it("a parent consents, a teacher uploads a clip with its poster, a batch (one photo edited) and two camera shots, the parent sees them, the admin dashboard counts them, the teacher deletes them again", async () => {
    const parent = await openPage(browser, PHONE);
    const teacher = await openPage(browser, DESKTOP);
    const admin = await openPage(browser, DESKTOP);
    try {
      // The parent opens Share Media from the portal's tiles and allows photos, group photos too.
      await signInAt(parent.page, demoUser("parent").email);
      await parent.page.getByRole("link", { name: /Share Media/ }).click();
      await parent.page.waitForURL("**/digital-portfolio?child=*");
      await visible(parent.page.getByRole("heading", { name: /Photo consent for/ }));
      const childName = (await parent.page.getByRole("heading", { name: /Photo consent for/ }).textContent())!.replace(
        "Photo consent for ",
        "",
      );
      await visible(parent.page.getByText("No photos yet").or(items(parent.page).first()));
      const before = await items(parent.page).count();
      const consentBefore = await parent.page.getByRole("radio", { checked: true }).getAttribute("value");
      await chooseConsent(parent.page, /including group photos/);
      await screenshot(parent.page, "portfolio-parent-consent");

      // The teacher picks the child, adds three photos, edits one, and uploads the batch.
      await signIn(teacher.page, demoUser("teacher").email);
      await teacher.page.getByRole("navigation", { name: "Main navigation" }).getByText("Digital Portfolio").click();
      await visible(teacher.page.getByRole("heading", { name: "Digital Portfolio" }));
      await teacher.page.getByRole("combobox", { name: "Child" }).click();
      await teacher.page.getByRole("option", { name: childName }).click();
      await teacher.page.getByRole("tab", { name: "Upload" }).click();
      await visible(teacher.page.getByText("Photo consent: Photos, including group photos with other children"));

      // A short clip: its poster frame is taken in the browser and shown before the upload.
      await teacher.page.getByTestId("portfolio-files").setInputFiles(await recordClip(teacher.page));
      await visible(teacher.page.getByRole("img", { name: "Poster frame of splash.webm" }));
      await teacher.page.getByRole("button", { name: "Upload", exact: true }).click();
      await visible(teacher.page.getByRole("tab", { name: "Gallery", selected: true }));
      const clipTile = items(teacher.page).filter({ hasText: "splash" });
      await visible(clipTile.getByRole("img", { name: "Poster of splash" }));
      await visible(clipTile.getByRole("img", { name: "Video" }));
      await screenshot(teacher.page, "portfolio-teacher-clip");
      await teacher.page.getByRole("tab", { name: "Upload" }).click();
      await teacher.page
        .getByTestId("portfolio-files")
        .setInputFiles(await Promise.all([photo("#e53935"), photo("#43a047"), photo("#1e88e5")]));
      const files = teacher.page.getByRole("list", { name: "Files to upload" }).getByRole("listitem");
      await visible(files.nth(2));
      await files.first().getByRole("button", { name: "Edit" }).click();
      const editor = teacher.page.getByRole("dialog", { name: "Edit photo" });
      await editor.getByRole("button", { name: "Rotate" }).click();
      await editor.getByRole("button", { name: "1:1" }).click();
      await editor.getByRole("button", { name: "Undo" }).click();
      await editor.getByRole("button", { name: "Redo" }).click();
      // Free crop: the rectangle starts as the whole (turned) photo; dragging its bottom right
      // corner up and left makes it smaller.
      await editor.getByRole("button", { name: "Free" }).click();
      const cropArea = editor.getByTestId("crop-area");
      const preview = (await editor.getByLabel("Edited photo preview").boundingBox())!;
      await teacher.page.waitForFunction(
        ({ width, height }) => {
          const area = document.querySelector("[data-testid=crop-area]")?.getBoundingClientRect();
          return area !== undefined && Math.abs(area.width - width) < 2 && Math.abs(area.height - height) < 2;
        },
        { width: preview.width, height: preview.height },
      );
      const corner = (await editor.getByLabel("Resize crop from the bottom right corner").boundingBox())!;
      const [fromX, fromY] = [corner.x + corner.width / 2, corner.y + corner.height / 2];
      await teacher.page.mouse.move(fromX, fromY);
      await teacher.page.mouse.down();
      await teacher.page.mouse.move(fromX - preview.width / 4, fromY - preview.height / 5, { steps: 5 });
      await teacher.page.mouse.up();
      await teacher.page.waitForFunction(
        (width) =>
          (document.querySelector("[data-testid=crop-area]")?.getBoundingClientRect().width ?? width) < width * 0.9,
        preview.width,
      );
      expect((await cropArea.boundingBox())!.height).toBeLessThan(preview.height * 0.9);
      // The keyboard moves it too (from the photo's left edge, where the drag left it, to the right).
      await cropArea.press("ArrowRight");
      await teacher.page.waitForFunction(
        (left) => (document.querySelector("[data-testid=crop-area]")?.getBoundingClientRect().left ?? left) > left + 2,
        preview.x,
      );
      await screenshot(teacher.page, "portfolio-teacher-editor");
      await teacher.page.setViewportSize(PHONE);
      await screenshot(teacher.page, "portfolio-teacher-editor");
      await teacher.page.setViewportSize(DESKTOP);
      await editor.getByRole("button", { name: "Apply" }).click();
      await visible(files.first().getByText("(edited)"));
      await screenshot(teacher.page, "portfolio-teacher-upload");
      const batchOfThree = teacher.page.waitForResponse((response) => response.url().endsWith("/batch-upload"));
      await teacher.page.getByRole("button", { name: "Upload 3 files" }).click();
      const uploaded = (await (await batchOfThree).json()) as {
        items: { file_name: string; file_url: string; title: string }[];
      };
      await visible(teacher.page.getByRole("tab", { name: "Gallery", selected: true }));
      await visible(items(teacher.page).nth(before + 3));
      // The saved photo is the cropped area at the photo's full resolution: smaller than the turned
      // 900 x 1200 photo, in the dragged (free) shape, and far larger than the on-screen preview.
      const cropped = uploaded.items.find((item) => item.file_name === "garden-e53935.jpg")!;
      await items(teacher.page)
        .getByRole("button", { name: `Open ${cropped.title || cropped.file_name}` })
        .first()
        .click();
      // The full photo itself (the dialog's icons are images to assistive technology too).
      const shown = teacher.page.getByRole("dialog").locator("img");
      await visible(shown);
      await expect
        .poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBeGreaterThan(0);
      const edited = await shown.evaluate((image: HTMLImageElement) => ({
        width: image.naturalWidth,
        height: image.naturalHeight,
      }));
      expect(edited.width).toBeLessThan(900 * 0.9);
      expect(edited.height).toBeLessThan(1200 * 0.9);
      expect(edited.width).toBeGreaterThan(900 * 0.6);
      expect(edited.width / edited.height).not.toBeCloseTo(900 / 1200);
      await teacher.page.keyboard.press("Escape");
      await teacher.page.getByRole("dialog").waitFor({ state: "detached" });

      // More files than one upload takes: the first ten are listed and the page says so.
      await teacher.page.getByRole("tab", { name: "Upload" }).click();
      const eleven = await Promise.all(
        Array.from({ length: 11 }, async (_, n) => ({ ...(await photo("#8e24aa")), name: `many-${n}.jpg` })),
      );
      await teacher.page.getByTestId("portfolio-files").setInputFiles(eleven);
      await visible(
        teacher.page.getByText("At most 10 files can be uploaded at once: the files past that were not added."),
      );
      expect(await files.count()).toBe(10);
      await teacher.page.getByRole("tab", { name: "Camera" }).click();
      await teacher.page.getByRole("button", { name: "Start camera" }).click();
      await visible(teacher.page.getByLabel("Camera preview"));
      expect(await teacher.page.getByRole("button", { name: "Capture" }).isDisabled()).toBe(true);
      await screenshot(teacher.page, "portfolio-teacher-too-many");
      // Leaving the Upload tab drops the list.
      await teacher.page.getByRole("tablist", { name: "Portfolio" }).getByRole("tab", { name: "Gallery" }).click();

      // A photo from the device and two from the (fake) camera in one batch: each file keeps its
      // own capture method.
      await teacher.page.getByRole("tab", { name: "Upload" }).click();
      await teacher.page.getByTestId("portfolio-files").setInputFiles(await photo("#fdd835"));
      await visible(files.first());
      await teacher.page.getByRole("tab", { name: "Camera" }).click();
      await teacher.page.getByRole("button", { name: "Start camera" }).click();
      await visible(teacher.page.getByLabel("Camera preview"));
      await teacher.page.getByRole("button", { name: "Capture" }).click();
      await visible(teacher.page.getByTestId("camera-counter").filter({ hasText: "1/10" }));
      await teacher.page.getByRole("button", { name: "Capture" }).click();
      await visible(teacher.page.getByTestId("camera-counter").filter({ hasText: "2/10" }));
      await screenshot(teacher.page, "portfolio-teacher-camera");
      const batch = teacher.page.waitForResponse((response) => response.url().endsWith("/batch-upload"));
      await teacher.page.getByRole("button", { name: "Upload 3 files" }).click();
      const sent = (await (await batch).json()) as { items: { capture_method: string }[] };
      expect(sent.items.map((item) => item.capture_method)).toEqual(["upload", "camera", "camera"]);
      await visible(teacher.page.getByRole("tab", { name: "Gallery", selected: true }));
      await visible(items(teacher.page).nth(before + 6));
      await visible(teacher.page.getByTestId("child-stats").filter({ hasText: `${before + 7} items` }));

      // Favourites toggle.
      const first = items(teacher.page).first();
      await first.getByRole("button", { name: /^Mark .* as favourite$/ }).click();
      await visible(first.getByRole("button", { name: /^Unmark .* as favourite$/ }));
      await screenshot(teacher.page, "portfolio-teacher-gallery");

      // The parent on the phone sees the seven new items, the favourite among them, and opens one.
      await parent.page.reload();
      await visible(items(parent.page).nth(before + 6));
      await visible(items(parent.page).filter({ hasText: "splash" }).getByRole("img", { name: "Poster of splash" }));
      await visible(items(parent.page).first().getByRole("img", { name: "Favourite" }));
      expect(await parent.page.getByRole("button", { name: /as favourite$/ }).count()).toBe(0);
      await items(parent.page)
        .first()
        .getByRole("button", { name: /^Open / })
        .click();
      const viewer = parent.page.getByRole("dialog");
      await visible(viewer.getByRole("img"));
      await visible(viewer.getByRole("button", { name: "Download" }));
      await screenshot(parent.page, "portfolio-parent-viewer");
      await viewer.getByRole("button", { name: "Close" }).click();
      await screenshot(parent.page, "portfolio-parent-gallery");

      // The admin's dashboard counts the uploads in its figures and charts.
      await signIn(admin.page, demoUser("admin").email);
      await admin.page.getByRole("navigation", { name: "Main navigation" }).getByText("Portfolio Dashboard").click();
      await visible(admin.page.getByRole("heading", { name: "Digital Portfolios" }));
      const total = Number(await (await visible(admin.page.getByTestId("figure-Total items"))).textContent());
      expect(total).toBeGreaterThanOrEqual(before + 7);
      expect(await axisLabels(admin.page.getByRole("region", { name: "Uploads per teacher" }), "x")).toContain(
        "Priya Sharma",
      );
      expect(
        await axisLabels(admin.page.getByRole("region", { name: /Uploads in the last 7 days/ }), "x", 7),
      ).toHaveLength(7);
      await visible(admin.page.getByRole("region", { name: "Most active children" }).getByText(childName));
      await visible(
        admin.page
          .getByRole("region", { name: /Uploads in the last 7 days/ })
          .locator("svg")
          .first(),
      );
      await screenshot(admin.page, "portfolio-admin-dashboard");
      await admin.page.getByRole("button", { name: "View all photos" }).click();
      await visible(admin.page.getByRole("dialog", { name: "All photos" }).getByRole("listitem").nth(4));
      await screenshot(admin.page, "portfolio-admin-all-photos");

      // Phone and desktop views of the other roles' screens.
      await admin.page.setViewportSize(PHONE);
      await admin.page.getByRole("button", { name: "Close" }).click();
      await screenshot(admin.page, "portfolio-admin-dashboard");

      // The admin's centre view of the gallery opens with the same centre figures.
      await admin.page.setViewportSize(DESKTOP);
      await admin.page.getByRole("navigation", { name: "Main navigation" }).getByText("Digital Portfolio").click();
      const figures = admin.page.getByRole("group", { name: "Centre statistics" });
      expect(Number(await (await visible(figures.getByTestId("figure-Total items"))).textContent())).toBe(total);
      await visible(figures.getByTestId("figure-Storage used"));
      await visible(items(admin.page).first());
      // Every thumbnail drawn (they were shown in the dialog before: the cached ones must still load).
      await admin.page.waitForFunction(() => {
        const images = [...document.querySelectorAll<HTMLImageElement>('[aria-label="Portfolio items"] img')];
        return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
      });
      await screenshot(admin.page, "portfolio-admin-centre");
      await admin.page.setViewportSize(PHONE);
      // On the phone nothing runs past the screen's edge (the figures and filters wrap).
      await admin.page.waitForFunction((width) => document.documentElement.scrollWidth <= width, PHONE.width);
      await screenshot(admin.page, "portfolio-admin-centre");
      await parent.page.setViewportSize(DESKTOP);
      await screenshot(parent.page, "portfolio-parent-gallery");
      await teacher.page.setViewportSize(PHONE);
      await screenshot(teacher.page, "portfolio-teacher-gallery");

      // Leave the demo as it was: the teacher deletes the seven items of this journey (the newest),
      // each after its confirmation, and the parent's consent goes back to what it was.
      await teacher.page.setViewportSize(DESKTOP);
      for (let left = before + 6; left >= before; left--) {
        await items(teacher.page)
          .first()
          .getByRole("button", { name: /^Open / })
          .click();
        const viewer = teacher.page.getByRole("dialog");
        await viewer.getByRole("button", { name: "Delete" }).click();
        const confirm = teacher.page.getByRole("dialog", { name: "Delete item" });
        await visible(confirm.getByText(/cannot be restored/));
        if (left === before + 6) await screenshot(teacher.page, "portfolio-teacher-delete");
        await confirm.getByRole("button", { name: "Delete" }).click();
        await confirm.waitFor({ state: "hidden" });
        await visible(teacher.page.getByTestId("child-stats").filter({ hasText: `${left} items` }));
      }
      await chooseConsent(parent.page, consentBefore!);
      await parent.page.reload();
      await visible(parent.page.getByText("No photos yet").or(items(parent.page).nth(Math.max(0, before - 1))));
      expect(await items(parent.page).count()).toBe(before);
    } finally {
      await parent.context.close();
      await teacher.context.close();
      await admin.context.close();
    }
  }, 240_000);
});

import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, it } from "vitest";
import {
  DESKTOP,
  demoUser,
  launchBrowser,
  openPage,
  openSignedIn,
  PHONE,
  screenshot,
  signIn,
  visible,
} from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
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

const TOPIC = "Shapes in the garden";

describe("lesson plans", () => {
  it("a coordinator creates a plan, a teacher checks off two parts, a parent sees it on a phone", async () => {
    const coordinator = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, DESKTOP);
    const parent = await openPage(browser, PHONE);
    try {
      await signIn(coordinator.page, demoUser("academic_coordinator").email);
      await coordinator.page.getByRole("navigation", { name: "Main navigation" }).getByText("Lesson Plans").click();
      // Exactly: the home the coordinator leaves has "Today's Lesson Plans" until the page changes.
      await visible(coordinator.page.getByRole("heading", { name: "Lesson Plans", exact: true }));
      await visible(coordinator.page.getByRole("article", { name: "Lesson plan Colours around us" }).first());
      await screenshot(coordinator.page, "lessons-coordinator-grid");

      await coordinator.page.getByRole("button", { name: "New Lesson Plan" }).click();
      const dialog = coordinator.page.getByRole("dialog", { name: "New Lesson Plan" });
      // Errors show on blur with the spec's words.
      await dialog.getByLabel("Topic").focus();
      await dialog.getByLabel("Topic").blur();
      await visible(dialog.getByText("Topic is required"));
      await dialog.getByLabel("Topic").fill(TOPIC);
      await dialog.getByRole("combobox", { name: "Classroom" }).click();
      await coordinator.page.getByRole("option", { name: "Toddlers" }).click();
      await dialog.getByLabel("Objectives").fill("Name a circle, a square and a triangle\nFind shapes outdoors");
      await dialog.getByLabel("Activities").fill("Shape hunt in the garden\nLeaf and stone printing");
      await dialog.getByLabel("Resources").fill("Shape cards\nPaper and crayons");
      await dialog.getByLabel("Staff notes").fill("Two extra helpers for the garden");
      await screenshot(coordinator.page, "lessons-coordinator-form");
      await dialog.getByRole("button", { name: "Create Lesson Plan" }).click();
      await dialog.waitFor({ state: "hidden" });
      await visible(coordinator.page.getByText("Lesson plan created successfully"));
      await visible(coordinator.page.getByRole("article", { name: `Lesson plan ${TOPIC}` }));

      // The week view of the classroom shows it on its day.
      await coordinator.page.getByRole("combobox", { name: "Classroom" }).click();
      await coordinator.page.getByRole("option", { name: "Toddlers" }).click();
      await coordinator.page.getByRole("button", { name: "Week" }).click();
      await visible(
        coordinator.page.getByRole("list", { name: "Week" }).getByRole("button", { name: new RegExp(TOPIC) }),
      );
      await screenshot(coordinator.page, "lessons-coordinator-week");

      // The teacher of Toddlers sees today's plan at home and ticks two parts.
      await signIn(teacher.page, demoUser("teacher").email);
      await visible(teacher.page.getByRole("article", { name: `Today's plan ${TOPIC}` }));
      await screenshot(teacher.page, "lessons-teacher-home");
      await teacher.page.getByRole("link", { name: "All lesson plans" }).click();
      const card = teacher.page.getByRole("article", { name: `Lesson plan ${TOPIC}` });
      await card.getByRole("checkbox", { name: "Objectives done" }).check();
      await visible(teacher.page.getByText("Check-off saved"));
      await card.getByRole("checkbox", { name: "Activities done" }).check();
      await teacher.page.waitForFunction(
        (topic) =>
          [...document.querySelectorAll(`article[aria-label="Lesson plan ${topic}"] input[type=checkbox]`)].filter(
            (box) => (box as HTMLInputElement).checked && !(box as HTMLInputElement).disabled,
          ).length === 2,
        TOPIC,
      );
      await screenshot(teacher.page, "lessons-teacher-grid");

      // The parent's Play and Learn tile: topic and activities, never the staff notes.
      await signInAt(parent.page, demoUser("parent").email);
      await parent.page.getByRole("combobox", { name: "Child" }).click();
      await parent.page.getByRole("option", { name: "Aanya Malhotra" }).click();
      await parent.page.getByRole("button", { name: "Play and Learn" }).click();
      const plan = parent.page.getByRole("article", { name: `Today's plan ${TOPIC}` });
      await visible(plan.getByText("Shape hunt in the garden"));
      await visible(plan.getByText("Leaf and stone printing"));
      if ((await parent.page.getByText("Two extra helpers for the garden").count()) !== 0)
        throw new Error("the parent can read the staff notes");
      await screenshot(parent.page, "lessons-parent-play-and-learn");

      // The coordinator sees the ticks, then removes the plan again (later journeys find the demo as it was).
      await coordinator.page.reload();
      const done = coordinator.page.getByRole("article", { name: `Lesson plan ${TOPIC}` });
      await visible(done.getByText("Done", { exact: true }).first());
      await done.getByRole("button", { name: `Delete ${TOPIC}` }).click();
      await coordinator.page
        .getByRole("dialog", { name: "Delete this lesson plan?" })
        .getByRole("button", { name: "Delete" })
        .click();
      await visible(coordinator.page.getByText("Lesson plan deleted successfully"));
      await done.waitFor({ state: "detached" });
    } finally {
      await coordinator.context.close();
      await teacher.context.close();
      await parent.context.close();
    }
  });

  it("the lesson plans screen on a phone, as a coordinator and as a teacher", async () => {
    for (const role of ["academic_coordinator", "teacher"] as const) {
      const { context, page } = await openPage(browser, PHONE);
      try {
        await openSignedIn(page, demoUser(role).email, "/lesson-plans");
        await visible(page.getByRole("article", { name: "Lesson plan Colours around us" }).first());
        await screenshot(page, `lessons-${role}-phone`);
        await page.getByRole("button", { name: "Week" }).click();
        await visible(page.getByRole("list", { name: "Week" }));
        await screenshot(page, `lessons-${role}-phone-week`);
      } finally {
        await context.close();
      }
    }
  });
});

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const WORK = "Leaf collage";

describe("assignments", () => {
  it("a teacher sets an assignment with a PDF, a parent submits text and a photo on a phone, the teacher comments", async () => {
    const teacher = await openPage(browser, DESKTOP);
    const parent = await openPage(browser, PHONE);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#6a4" } })
      .jpeg()
      .toBuffer();
    try {
      await signIn(teacher.page, demoUser("teacher").email);
      await teacher.page.getByRole("navigation", { name: "Main navigation" }).getByText("Assignments").click();
      await visible(teacher.page.getByRole("article", { name: "Assignment My favourite fruit" }));
      await teacher.page.getByRole("button", { name: "New Assignment" }).click();
      const dialog = teacher.page.getByRole("dialog", { name: "New Assignment" });
      await dialog.getByLabel("Title").focus();
      await dialog.getByLabel("Title").blur();
      await visible(dialog.getByText("Title is required"));
      await dialog.getByLabel("Title").fill(WORK);
      await dialog.getByRole("combobox", { name: "Classroom" }).click();
      await teacher.page.getByRole("option", { name: "Toddlers" }).click();
      await dialog.getByLabel("Description").fill("Collect five leaves and stick them on paper.");
      await dialog
        .getByLabel("Attachments")
        .setInputFiles({ name: "leaves.pdf", mimeType: "application/pdf", buffer: PDF });
      await visible(dialog.getByText("leaves.pdf"));
      await screenshot(teacher.page, "assignments-teacher-form");
      await dialog.getByRole("button", { name: "Create Assignment" }).click();
      await dialog.waitFor({ state: "hidden" });
      await visible(teacher.page.getByText("Assignment created successfully"));
      const card = teacher.page.getByRole("article", { name: `Assignment ${WORK}` });
      await visible(card.getByRole("button", { name: "leaves.pdf" }));
      await screenshot(teacher.page, "assignments-teacher-grid");

      await openSignedIn(parent.page, demoUser("parent").email, "/assignments");
      const work = parent.page.getByRole("article", { name: `Assignment ${WORK}` });
      await visible(work.getByText("Not submitted"));
      await screenshot(parent.page, "assignments-parent-grid");
      await work.getByRole("button", { name: "Submit" }).click();
      const submit = parent.page.getByRole("dialog", { name: `Submit: ${WORK}` });
      await submit.getByRole("button", { name: "Submit" }).click();
      await visible(submit.getByText("Please provide submission text or upload files"));
      await submit.getByLabel("Submission", { exact: true }).fill("Aanya found maple and neem leaves");
      await submit
        .getByLabel("Submission files")
        .setInputFiles({ name: "collage.jpg", mimeType: "image/jpeg", buffer: photo });
      await screenshot(parent.page, "assignments-parent-submit");
      await submit.getByRole("button", { name: "Submit" }).click();
      await submit.waitFor({ state: "hidden" });
      await visible(parent.page.getByText("Assignment submitted successfully"));
      await visible(work.getByText("Aanya found maple and neem leaves"));
      await visible(work.getByRole("img", { name: "collage.jpg" }));

      await teacher.page.reload();
      await teacher.page
        .getByRole("article", { name: `Assignment ${WORK}` })
        .getByRole("button", { name: "Submissions (1)" })
        .click();
      const roster = teacher.page.getByRole("dialog", { name: `Submissions: ${WORK}` });
      const aanya = roster.getByRole("region", { name: "Submission of Aanya Malhotra" });
      await visible(aanya.getByText("Submitted", { exact: true }));
      await visible(roster.getByText("Not submitted").first());
      await visible(aanya.getByRole("img", { name: "collage.jpg" }));
      await aanya.getByLabel("Comment for Aanya Malhotra").fill("Lovely leaves, Aanya!");
      await aanya.getByRole("button", { name: "Save comment" }).click();
      await visible(teacher.page.getByText("Comment saved"));
      await screenshot(teacher.page, "assignments-teacher-roster");
      await roster.getByRole("button", { name: "Close" }).click();

      await parent.page.reload();
      await visible(work.getByText("Lovely leaves, Aanya!"));
      await screenshot(parent.page, "assignments-parent-comment");

      // Editing shows the attachments already there, and one can be removed in the same save.
      await teacher.page.getByRole("button", { name: `Edit ${WORK}` }).click();
      const edit = teacher.page.getByRole("dialog", { name: "Edit Assignment" });
      await visible(edit.getByRole("list", { name: "Attached files" }).getByText("leaves.pdf"));
      await edit.getByRole("button", { name: "Remove leaves.pdf" }).click();
      await visible(edit.getByRole("button", { name: "Keep leaves.pdf" }));
      await screenshot(teacher.page, "assignments-teacher-edit");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await edit.waitFor({ state: "hidden" });
      await visible(teacher.page.getByText("Assignment updated successfully"));
      await teacher.page
        .getByRole("article", { name: `Assignment ${WORK}` })
        .getByRole("button", { name: "leaves.pdf" })
        .waitFor({ state: "detached" });

      // The teacher removes the assignment again: later journeys find the demo as it was.
      await teacher.page.getByRole("button", { name: `Delete ${WORK}` }).click();
      await teacher.page
        .getByRole("dialog", { name: "Delete this assignment and its submissions?" })
        .getByRole("button", { name: "Delete" })
        .click();
      await visible(teacher.page.getByText("Assignment deleted successfully"));
      await teacher.page.getByRole("article", { name: `Assignment ${WORK}` }).waitFor({ state: "detached" });
    } finally {
      await teacher.context.close();
      await parent.context.close();
    }
  });

  it("the assignments screen as a director (reads, submissions) at desktop and phone width", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await openPage(browser, viewport);
      try {
        await openSignedIn(page, demoUser("center_director").email, "/assignments");
        await visible(page.getByRole("article", { name: "Assignment My favourite fruit" }));
        if ((await page.getByRole("button", { name: "New Assignment" }).count()) !== 0)
          throw new Error("a director is offered to set work");
        await screenshot(page, "assignments-director");
      } finally {
        await context.close();
      }
    }
  });
});

const POLICY = "Mobile phones in the rooms";

describe("policies", () => {
  // Reminding is proven by the API tests: here it would ring other journeys' staff bells.
  it("an owner publishes a policy for staff, a teacher acknowledges it, the owner sees who has", async () => {
    const owner = await openPage(browser, DESKTOP);
    const teacher = await openPage(browser, PHONE);
    try {
      await signIn(owner.page, demoUser("owner").email);
      await owner.page.getByRole("navigation", { name: "Main navigation" }).getByText("Policies").click();
      await owner.page.getByRole("button", { name: "Publish Policy" }).click();
      const dialog = owner.page.getByRole("dialog", { name: "Publish Policy" });
      await dialog.getByLabel("Title").focus();
      await dialog.getByLabel("Title").blur();
      await visible(dialog.getByText("Title is required"));
      await dialog.getByLabel("Title").fill(POLICY);
      await dialog.getByRole("combobox", { name: "Centre" }).click();
      await owner.page.getByRole("option", { name: /Koramangala/ }).click();
      await dialog.getByRole("combobox", { name: "Audience" }).click();
      await owner.page.getByRole("option", { name: "Staff", exact: true }).click();
      await dialog
        .getByLabel("Policy text")
        .fill(
          "Phones stay in the staff room lockers during sessions. Photos of children are taken only on the centre's tablets.",
        );
      await screenshot(owner.page, "policies-owner-form");
      await dialog.getByRole("button", { name: "Publish", exact: true }).click();
      await dialog.waitFor({ state: "hidden" });
      await visible(owner.page.getByText("Policy published"));
      const card = owner.page.getByRole("article", { name: `Policy ${POLICY}` });
      await visible(card.getByText(/^0 of \d+ acknowledged$/));
      await screenshot(owner.page, "policies-owner-list");

      // The teacher is told by the bell (publishing rings the audience's), and its line leads to the policy.
      await signInAt(teacher.page, demoUser("teacher").email);
      await teacher.page.getByRole("button", { name: /^Notifications/ }).click();
      const bell = teacher.page.getByRole("dialog", { name: "Notifications" });
      const line = bell
        .getByRole("button", { name: new RegExp(`New policy to read and acknowledge: ${POLICY}`) })
        .first();
      await visible(line);
      await screenshot(teacher.page, "policies-teacher-bell");
      await line.click();
      await teacher.page.waitForURL("**/policies");
      await visible(teacher.page.getByText(/waiting for your acknowledgement/));
      const mine = teacher.page.getByRole("article", { name: `Policy ${POLICY}` });
      await visible(mine.getByText("New", { exact: true }));
      await screenshot(teacher.page, "policies-teacher-new");
      await mine.getByRole("button", { name: "Acknowledge" }).click();
      await visible(teacher.page.getByText("Thank you: your acknowledgement is recorded"));
      await visible(mine.getByText(/^Acknowledged /));
      await screenshot(teacher.page, "policies-teacher-acknowledged");

      await owner.page.reload();
      await visible(card.getByText(/^1 of \d+ acknowledged$/));
      await card.getByRole("button", { name: "Who has acknowledged" }).click();
      const acks = owner.page.getByRole("dialog", { name: `${POLICY}, version 1` });
      await acks.getByRole("tab", { name: "Acknowledged" }).click();
      await visible(acks.getByText("Priya Sharma"));
      await screenshot(owner.page, "policies-owner-acknowledgements");
      await acks.getByRole("button", { name: "Close" }).click();
    } finally {
      await owner.context.close();
      await teacher.context.close();
    }
  });
});

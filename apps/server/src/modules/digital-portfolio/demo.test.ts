import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { seedDemoData } from "../../db/demo-seed.ts";
import { createFileStore } from "../../files/store.ts";

const folder = mkdtempSync(path.join(tmpdir(), "sprout-portfolio-demo-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const files = createFileStore(folder);
const { app, database, clock } = await createTestApp({ seed: false, files });
await seedDemoData(database.db, clock.now(), files);
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
const admin = as(app, await signIn(app, DEMO_EMAILS.admin));

describe("the demo portfolio", () => {
  it("the demo parent's children have consent and drawn photos, served as real JPEGs", async () => {
    const children = (await parent.get("/api/digital-portfolio/children")).json().children;
    expect(children.map((child: { consent: string }) => child.consent)).toEqual(["group", "own"]);
    const page = (await parent.get(`/api/digital-portfolio/child/${children[0].child_id}`)).json();
    // Three from the days before, and this morning's finger painting (the test clock is at noon).
    expect(page.total).toBe(4);
    expect(page.items[0].title).toBe("Finger painting");
    const thumbnail = await parent.get(page.items[0].thumbnail_url);
    expect(thumbnail.statusCode).toBe(200);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 480 });
    // Seven photos and their thumbnails; the demo's documents are the PDFs beside them.
    const stored = readdirSync(folder);
    expect(stored.filter((name) => name.endsWith(".jpg"))).toHaveLength(14);
    expect(stored.filter((name) => name.endsWith(".pdf"))).toHaveLength(8);
    expect(stored).toHaveLength(22);
  });

  it("the admin dashboard has figures from them, over several of the last 7 days", async () => {
    const stats = (await admin.get("/api/digital-portfolio/center/stats")).json();
    expect(stats.overall).toMatchObject({ total_items: 7, images: 7, children_with_portfolios: 2, active_teachers: 1 });
    const days = stats.recentActivity.filter((day: { items_count: number }) => day.items_count > 0);
    expect(days.length).toBeGreaterThan(2);
  });
});

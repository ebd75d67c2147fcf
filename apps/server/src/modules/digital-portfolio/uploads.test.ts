import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PORTFOLIO_MESSAGES } from "@sprout/shared/schemas/digital-portfolio";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { clip, form, pngPhoto, sendForm } from "../../../test/digital-portfolio-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { students } from "../../db/schema/children.ts";
import { portfolioItems } from "../../db/schema/digital-portfolio.ts";
import { INCOMING, OWN_PREFIX } from "../../files/incoming.ts";
import { createFileStore } from "../../files/store.ts";

/** Uploads stream to disk with their limits, clips bring a poster, items can be deleted (brief G). */
const folder = mkdtempSync(path.join(tmpdir(), "sprout-portfolio-files-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const { app, database } = await createTestApp({ files: createFileStore(folder) });
const db = database.db;

const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
const parentSession = await signIn(app, DEMO_EMAILS.parent);
const teacher = as(app, teacherSession);
const parent = as(app, parentSession);
const admin = as(app, await signIn(app, DEMO_EMAILS.admin));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));

const [aanya] = await db
  .select()
  .from(students)
  .where(and(eq(students.firstName, "Aanya"), eq(students.lastName, "Malhotra")));
await parent.put(`/api/digital-portfolio/consent/${aanya!.id}`, { consent: "own" });

const stored = () => readdirSync(folder).sort();
// Only this worker's: the other test worker may be receiving its own uploads meanwhile.
const incoming = () => readdirSync(INCOMING).filter((name) => name.startsWith(OWN_PREFIX));
const items = async () => (await db.select({ n: count() }).from(portfolioItems))[0]!.n;
const upload = (url: "upload" | "batch-upload", fields: Record<string, string>, parts: Parameters<typeof form>[1]) =>
  sendForm(app, teacherSession, `/api/digital-portfolio/${url}`, form({ childId: aanya!.id, ...fields }, parts));
const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

describe("uploads stream to the store with their limits", () => {
  it("a photo over 15 MB is refused with the spec's message and leaves no file and no row", async () => {
    const before = { files: stored(), items: await items() };
    const huge = Buffer.concat([jpegHead, Buffer.alloc(15 * 1024 * 1024 + 10)]);
    const response = await upload("upload", {}, [
      { field: "file", name: "huge.jpg", type: "image/jpeg", content: huge },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(PORTFOLIO_MESSAGES.imageTooLarge);
    expect(stored()).toEqual(before.files);
    expect(await items()).toBe(before.items);
  });

  it("a clip over 50 MB is refused; in a batch the photo already received is removed too", async () => {
    const before = { files: stored(), items: await items(), incoming: incoming() };
    const response = await upload("batch-upload", {}, [
      { field: "files", name: "ok.png", type: "image/png", content: await pngPhoto() },
      { field: "files", name: "long.mp4", type: "video/mp4", content: clip(50 * 1024 * 1024) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(PORTFOLIO_MESSAGES.videoTooLarge);
    expect(stored()).toEqual(before.files);
    expect(await items()).toBe(before.items);
    expect(incoming().filter((name) => !before.incoming.includes(name))).toEqual([]);
  });

  it("a kind that is not taken is refused as it starts, without storing it", async () => {
    const before = stored();
    const response = await upload("upload", {}, [
      { field: "file", name: "notes.txt", type: "text/plain", content: Buffer.alloc(100_000, 65) },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe(PORTFOLIO_MESSAGES.fileType);
    expect(stored()).toEqual(before);
  });

  it("a photo within the limit is decoded from the stored file into a display size and a thumbnail", async () => {
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#48c" } })
      .jpeg()
      .toBuffer();
    const response = await upload("upload", {}, [
      { field: "file", name: "wide.jpg", type: "image/jpeg", content: photo },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [item] = response.json().items;
    const thumb = await sharp((await teacher.get(item.thumbnail_url)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([480, 240]);
    const display = await sharp((await teacher.get(item.file_url)).rawPayload).metadata();
    expect([display.width, display.height]).toEqual([1600, 800]);
  });
});

describe("clip poster frames", () => {
  it("a clip's poster part becomes its thumbnail; the clip itself is stored scrubbed", async () => {
    const response = await upload("upload", { title: "First steps" }, [
      { field: "file", name: "steps.mp4", type: "video/mp4", content: clip() },
      { field: "poster", name: "poster.png", type: "image/png", content: await pngPhoto("#c33") },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [item] = response.json().items;
    expect(item.media_type).toBe("video");
    expect(item.thumbnail_url).toBe(`/api/digital-portfolio/${item.id}/thumbnail`);
    const poster = await parent.get(item.thumbnail_url);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers["content-type"]).toBe("image/jpeg");
    const { dominant } = await sharp(poster.rawPayload).stats();
    expect(dominant.r).toBeGreaterThan(150);
    const video = await parent.get(item.file_url);
    expect(video.headers["content-type"]).toBe("video/mp4");
    expect(video.rawPayload.includes(Buffer.from("+12.9716", "latin1"))).toBe(false);
  });

  it("in a batch each clip takes its own poster[i]; a clip without one has no thumbnail", async () => {
    const response = await upload("batch-upload", {}, [
      { field: "files", name: "a.mp4", type: "video/mp4", content: clip() },
      { field: "files", name: "b.mp4", type: "video/mp4", content: clip() },
      { field: "poster[1]", name: "b.png", type: "image/png", content: await pngPhoto() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [first, second] = response.json().items;
    expect(first.thumbnail_url).toBeNull();
    expect((await teacher.get(second.thumbnail_url)).statusCode).toBe(200);
  });

  it("a poster that is not an image refuses the upload and stores nothing", async () => {
    const before = { files: stored(), items: await items() };
    const response = await upload("upload", {}, [
      { field: "file", name: "c.mp4", type: "video/mp4", content: clip() },
      { field: "poster", name: "poster.png", type: "image/png", content: clip() },
    ]);
    expect(response.statusCode).toBe(415);
    expect(stored()).toEqual(before.files);
    expect(await items()).toBe(before.items);
  });
});

describe("deleting items", () => {
  const one = async (title: string) =>
    (
      await upload("upload", { title }, [
        { field: "file", name: "x.png", type: "image/png", content: await pngPhoto() },
      ])
    ).json().items[0];
  const namesOf = async (id: string) =>
    (await db.select().from(portfolioItems).where(eq(portfolioItems.id, id))).flatMap((row) => [
      row.storedName,
      row.thumbStoredName!,
    ]);

  it("the uploader deletes: row, files and tags gone after the commit, audited; parents cannot", async () => {
    const item = await one("Painting");
    expect(item.can_delete).toBe(true);
    const listed = (await parent.get(`/api/digital-portfolio/child/${aanya!.id}`)).json().items;
    expect(listed.find((row: { id: string }) => row.id === item.id).can_delete).toBeUndefined();
    const names = await namesOf(item.id);
    expect(names.every((name) => stored().includes(name))).toBe(true);

    expect((await parent.delete(`/api/digital-portfolio/${item.id}`)).statusCode).toBe(403);
    expect(await namesOf(item.id)).toEqual(names);

    const deleted = await teacher.delete(`/api/digital-portfolio/${item.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await namesOf(item.id)).toEqual([]);
    expect(names.some((name) => stored().includes(name))).toBe(false);
    expect((await parent.get(item.file_url)).statusCode).toBe(404);
    expect((await teacher.delete(`/api/digital-portfolio/${item.id}`)).statusCode).toBe(404);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "portfolio.deleted"), eq(auditLog.entityId, item.id)));
    expect(audit?.before).toMatchObject({ title: "Painting", child_id: aanya!.id });
  });

  it("the centre's admin and director delete any item of the centre", async () => {
    const first = await one("Blocks");
    const second = await one("Sand");
    expect((await admin.delete(`/api/digital-portfolio/${first.id}`)).statusCode).toBe(204);
    expect((await director.delete(`/api/digital-portfolio/${second.id}`)).statusCode).toBe(204);
    expect(await namesOf(first.id)).toEqual([]);
    expect(await namesOf(second.id)).toEqual([]);
  });
});

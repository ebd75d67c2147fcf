import { PORTFOLIO_MESSAGES } from "@sprout/shared/schemas/digital-portfolio";
import { SCREEN_HEADER } from "@sprout/shared/screen";
import { and, eq, ne } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { classrooms, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { portfolioItemChildren, portfolioItems, portfolioViews } from "../../db/schema/digital-portfolio.ts";
import { users } from "../../db/schema/users.ts";
import { storeAnswers } from "../privacy/consent-store.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);

const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
const parentSession = await signIn(app, DEMO_EMAILS.parent);
const teacher = as(app, teacherSession);
const parent = as(app, parentSession);
const admin = as(app, await signIn(app, DEMO_EMAILS.admin));
const owner = as(app, await signIn(app, DEMO_EMAILS.owner));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));

const roomNamed = async (centreId: string, name: string) =>
  (
    await db
      .select()
      .from(classrooms)
      .where(and(eq(classrooms.centerId, centreId), eq(classrooms.name, name)))
  )[0]!;
// The demo teacher leads Toddlers (Aanya's room) and assists in Pre-Kindy (Kabir's); Creche is not theirs.
const toddlers = await roomNamed(home!.id, "Toddlers");
const creche = await roomNamed(home!.id, "Creche");
const childNamed = async (first: string) =>
  (
    await db
      .select()
      .from(students)
      .where(and(eq(students.firstName, first), eq(students.lastName, "Malhotra")))
  )[0]!;
const aanya = await childNamed("Aanya");
const [classmate] = await db
  .select()
  .from(students)
  .where(and(eq(students.classroomId, toddlers.id), ne(students.id, aanya.id), ne(students.status, "left")));
const [crecheChild] = await db.select().from(students).where(eq(students.classroomId, creche.id));
const [otherChild] = await db.select().from(students).where(eq(students.centerId, other!.id));

/** A photo as a phone takes it: rotated by EXIF orientation 6 and carrying a GPS position. */
const phonePhoto = () =>
  sharp({ create: { width: 80, height: 40, channels: 3, background: "#3a7" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "77/1 35/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
const pngPhoto = () =>
  sharp({ create: { width: 30, height: 30, channels: 4, background: "#f00a" } })
    .png()
    .toBuffer();

/** An MP4 whose user-data box holds where it was recorded (as phones write it). */
function clip(withMovie = true) {
  const box = (type: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + body.length);
    header.write(type, 4, "latin1");
    return Buffer.concat([header, body]);
  };
  const ftyp = box("ftyp", Buffer.from("isom\0\0\0\0isommp41", "latin1"));
  const udta = box("udta", box("\u00a9xyz", Buffer.from("+12.9716+077.5946/", "latin1")));
  const moov = box("moov", Buffer.concat([box("mvhd", Buffer.alloc(100)), udta]));
  return Buffer.concat([ftyp, ...(withMovie ? [moov] : []), box("mdat", Buffer.alloc(64, 7))]);
}

type Part = { field: string; name: string; type: string; content: Buffer };
const form = (fields: Record<string, string>, files: Part[]) => {
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--sprout\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files)
    chunks.push(
      Buffer.from(
        `--sprout\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  chunks.push(Buffer.from("--sprout--\r\n"));
  return Buffer.concat(chunks);
};
const send = (session: SignedIn, url: string, body: Buffer) =>
  app.inject({
    method: "POST",
    url,
    headers: { ...session.headers, "content-type": "multipart/form-data; boundary=sprout" },
    payload: body,
  });
const upload = async (childId: string, content: Buffer, extra: Record<string, string> = {}, name = "park.jpg") =>
  send(
    teacherSession,
    "/api/digital-portfolio/upload",
    form({ childId, ...extra }, [{ field: "file", name, type: "image/jpeg", content }]),
  );
const setConsent = async (childId: string, consent: "none" | "own" | "group") =>
  storeAnswers(db, {
    childId,
    answers: { portfolio_photos: consent !== "none", group_photos: consent === "group" },
    noticeId: null,
    by: null,
    at: new Date(),
  });
const served = async (session: ReturnType<typeof as>, url: string) => {
  const response = await session.get(url);
  return { status: response.statusCode, body: response.rawPayload, headers: response.headers };
};

describe("photo consent", () => {
  it("a teacher cannot upload a photo of a child whose parent has not consented", async () => {
    const response = await upload(aanya.id, await phonePhoto());
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(PORTFOLIO_MESSAGES.noConsent("Aanya Malhotra"));
  });

  it("the child's parent sets it; teachers read it but cannot change it; another family's child is 404", async () => {
    const saved = await parent.put(`/api/digital-portfolio/consent/${aanya.id}`, { consent: "own" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ child_id: aanya.id, consent: "own" });
    expect((await teacher.get(`/api/digital-portfolio/consent/${aanya.id}`)).json().consent).toBe("own");
    expect((await teacher.put(`/api/digital-portfolio/consent/${aanya.id}`, { consent: "none" })).statusCode).toBe(403);
    expect((await parent.put(`/api/digital-portfolio/consent/${classmate!.id}`, { consent: "group" })).statusCode).toBe(
      404,
    );
    expect((await parent.put(`/api/digital-portfolio/consent/${aanya.id}`, { consent: "always" })).statusCode).toBe(
      400,
    );
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "photo_consent.set"));
    expect(audit?.after).toEqual({ consent: "own" });
    const picker = (await teacher.get("/api/digital-portfolio/children")).json().children;
    expect(picker.find((child: { child_id: string }) => child.child_id === aanya.id)?.consent).toBe("own");
    expect(picker.some((child: { child_id: string }) => child.child_id === crecheChild!.id)).toBe(false);
  });
});

describe("uploads", () => {
  it("re-encodes a phone photo: orientation applied, EXIF and GPS gone from the stored and served files", async () => {
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from("PhoneMaker"))).toBe(true);
    expect(before.exif?.includes(Buffer.from("12/1", "latin1")) || before.exif!.length > 100).toBe(true);
    const response = await upload(aanya.id, original, { title: "Sand pit" });
    expect(response.statusCode).toBe(201);
    const [item] = response.json().items;
    expect(item).toMatchObject({ title: "Sand pit", child_name: "Aanya Malhotra", media_type: "image" });
    // The display file, the thumbnail and the saved download: none keeps the phone's metadata.
    for (const url of [item.file_url, item.thumbnail_url, `${item.file_url}?download=1`]) {
      const file = await served(teacher, url);
      expect(file.status).toBe(200);
      expect(file.headers["content-type"]).toBe("image/jpeg");
      const meta = await sharp(file.body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file.body.includes(Buffer.from("PhoneMaker"))).toBe(false);
      // Orientation 6 turns the 80x40 landscape into a 40x80 portrait.
      expect(meta.height! > meta.width!).toBe(true);
    }
    const saved = await served(parent, `${item.file_url}?download=1`);
    expect(saved.headers["content-disposition"]).toMatch(/^attachment/);
    const meta = await sharp(saved.body).metadata();
    expect([meta.exif, meta.orientation]).toEqual([undefined, undefined]);
    expect(saved.body.includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  it("a batch stores every photo with its own capture metadata and capture method", async () => {
    const photos = await Promise.all([phonePhoto(), pngPhoto(), phonePhoto()]);
    const response = await send(
      teacherSession,
      "/api/digital-portfolio/batch-upload",
      form(
        {
          childId: aanya.id,
          // Two camera shots and, between them, a file from the device's gallery.
          "captureMethod[0]": "camera",
          "captureMethod[2]": "camera",
          "captureMetadata[0]": JSON.stringify({ timestamp: "2026-11-20T06:00:00Z", width: 1920, height: 1080 }),
          "captureMetadata[2]": JSON.stringify({ edited: true }),
        },
        photos.map((content, index) => ({
          field: "files",
          name: `capture-${index}.${index === 1 ? "png" : "jpg"}`,
          type: index === 1 ? "image/png" : "image/jpeg",
          content,
        })),
      ),
    );
    expect(response.statusCode).toBe(201);
    const items = response.json().items;
    expect(items).toHaveLength(3);
    expect(items.map((item: { capture_method: string }) => item.capture_method)).toEqual([
      "camera",
      "upload",
      "camera",
    ]);
    expect(items[0].capture_metadata).toEqual({ timestamp: "2026-11-20T06:00:00Z", width: 1920, height: 1080 });
    expect(items[2].capture_metadata).toEqual({ edited: true });
    const png = await served(teacher, items[1].file_url);
    expect((await sharp(png.body).metadata()).format).toBe("jpeg");
    // Stored as a JPEG, the PNG is saved as one: the name says what the file is.
    expect(items[1].file_name).toBe("capture-1.png");
    const download = await served(teacher, `${items[1].file_url}?download=1`);
    expect(download.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''capture-1.jpg");
    const unknownMethod = await send(
      teacherSession,
      "/api/digital-portfolio/batch-upload",
      form({ childId: aanya.id, "captureMethod[0]": "drone" }, [
        { field: "files", name: "a.png", type: "image/png", content: photos[1]! },
      ]),
    );
    expect(unknownMethod.statusCode).toBe(400);
  });

  it("refuses what does not decode as what it claims, and other kinds of file", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
    const text = Buffer.from("just some words in a file named like a photo");
    const refused = [
      await upload(aanya.id, pdf, {}, "form.pdf"),
      await upload(aanya.id, fakeJpeg),
      await upload(aanya.id, text),
      await upload(aanya.id, clip(false), {}, "broken.mp4"),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([415, 415, 415, 415]);
    expect(refused[1]!.json().error).toBe(PORTFOLIO_MESSAGES.unreadable);
    expect(refused[0]!.json().error).toBe(PORTFOLIO_MESSAGES.fileType);
    const stats = (await teacher.get(`/api/digital-portfolio/stats/${aanya.id}`)).json();
    expect(stats.total_items).toBe(4);
  });

  it("accepts a short clip, counted as a video, without the place it was recorded", async () => {
    const response = await upload(aanya.id, clip(), {}, "first-steps.mp4");
    expect(response.statusCode).toBe(201);
    const [item] = response.json().items;
    expect(item).toMatchObject({ media_type: "video", thumbnail_url: null });
    const file = await served(teacher, item.file_url);
    expect(file.headers["content-type"]).toBe("video/mp4");
    expect(file.body.includes(Buffer.from("+12.9716", "latin1"))).toBe(false);
    expect(file.body.includes(Buffer.from("mvhd", "latin1"))).toBe(true);
    expect((await teacher.get(`/api/digital-portfolio/stats/${aanya.id}`)).json()).toMatchObject({
      total_items: 5,
      images: 4,
      videos: 1,
    });
  });

  it("only teachers of the child's room upload; a child of another room or centre is 404", async () => {
    await setConsent(crecheChild!.id, "group");
    expect((await upload(crecheChild!.id, await pngPhoto())).statusCode).toBe(404);
    expect((await upload(otherChild!.id, await pngPhoto())).statusCode).toBe(404);
    const asAdmin = await app.inject({
      method: "POST",
      url: "/api/digital-portfolio/upload",
      headers: {
        ...(await signIn(app, DEMO_EMAILS.admin)).headers,
        "content-type": "multipart/form-data; boundary=sprout",
      },
      payload: form({ childId: aanya.id }, [
        { field: "file", name: "a.png", type: "image/png", content: await pngPhoto() },
      ]),
    });
    expect(asAdmin.statusCode).toBe(403);
  });
});

describe("gallery, favourites and scope", () => {
  it("pages 12 at a time with the type and favourite filters", async () => {
    const page = (await parent.get(`/api/digital-portfolio/child/${aanya.id}?limit=2&type=image`)).json();
    expect(page).toMatchObject({ total: 4, totalPages: 2, page: 1 });
    expect(page.items[0].size_bytes).toBeUndefined();
    const defaults = (await parent.get(`/api/digital-portfolio/child/${aanya.id}`)).json();
    expect(defaults.items).toHaveLength(5);
    expect((await parent.get(`/api/digital-portfolio/child/${aanya.id}?sortBy=size`)).statusCode).toBe(400);
  });

  it("teachers toggle favourites; parents cannot", async () => {
    const [first] = (await teacher.get(`/api/digital-portfolio/child/${aanya.id}?type=image`)).json().items;
    const marked = await teacher.patch(`/api/digital-portfolio/${first.id}/favorite`, { is_favorite: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().is_favorite).toBe(true);
    expect((await parent.patch(`/api/digital-portfolio/${first.id}/favorite`, { is_favorite: false })).statusCode).toBe(
      403,
    );
    const favourites = (await parent.get(`/api/digital-portfolio/child/${aanya.id}?favorite=true`)).json();
    expect(favourites.items.map((item: { id: string }) => item.id)).toEqual([first.id]);
    const unmarked = await teacher.patch(`/api/digital-portfolio/${first.id}/favorite`, { is_favorite: false });
    expect(unmarked.json().is_favorite).toBe(false);
  });

  it("another family's child, item, thumbnail and file answer 404; staff views are logged, a parent's are not", async () => {
    await setConsent(classmate!.id, "own");
    const theirs = (await upload(classmate!.id, await pngPhoto())).json().items[0];
    expect((await parent.get(`/api/digital-portfolio/child/${classmate!.id}`)).statusCode).toBe(404);
    expect((await parent.get(`/api/digital-portfolio/stats/${classmate!.id}`)).statusCode).toBe(404);
    expect((await parent.get(theirs.file_url)).statusCode).toBe(404);
    expect((await parent.get(theirs.thumbnail_url)).statusCode).toBe(404);
    expect((await parent.get(`${theirs.file_url}?download=1`)).statusCode).toBe(404);
    expect((await director.get(theirs.file_url)).statusCode).toBe(403);
    expect((await admin.get(theirs.file_url)).statusCode).toBe(200);

    const ownItem = (await parent.get(`/api/digital-portfolio/child/${aanya.id}?type=image`)).json().items[0];
    const download = await parent.get(`${ownItem.file_url}?download=1`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment/);
    const views = await db.select().from(portfolioViews).where(eq(portfolioViews.itemId, theirs.id));
    expect(views).toHaveLength(1);
    expect(
      await db.select().from(portfolioViews).where(eq(portfolioViews.viewerId, parentSession.user.id)),
    ).toHaveLength(0);
  });

  it("the centre view has child and teacher filters; nothing of another centre", async () => {
    const all = (await admin.get("/api/digital-portfolio/center/all?limit=48")).json();
    expect(all.total).toBe(6);
    const onlyClassmate = (await admin.get(`/api/digital-portfolio/center/all?childId=${classmate!.id}`)).json();
    expect(onlyClassmate.total).toBe(1);
    const byTeacher = (
      await admin.get(`/api/digital-portfolio/center/all?uploadedBy=${teacherSession.user.id}`)
    ).json();
    expect(byTeacher.total).toBe(6);
    expect((await teacher.get("/api/digital-portfolio/center/all")).statusCode).toBe(403);
    expect((await owner.get(`/api/digital-portfolio/child/${otherChild!.id}`)).statusCode).toBe(200);
  });
});

describe("group photos and withdrawn consent", () => {
  it("a group photo needs every tagged child's group consent", async () => {
    const refused = await upload(aanya.id, await pngPhoto(), { taggedChildIds: classmate!.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(PORTFOLIO_MESSAGES.noGroupConsent("Aanya Malhotra"));
    await parent.put(`/api/digital-portfolio/consent/${aanya.id}`, { consent: "group" });
    await setConsent(classmate!.id, "group");
    const group = await upload(aanya.id, await pngPhoto(), { taggedChildIds: classmate!.id, title: "Circle time" });
    expect(group.statusCode).toBe(201);
    const item = group.json().items[0];
    expect(item.tagged_children).toEqual([expect.stringMatching(classmate!.firstName)]);
    const seenByParent = (await parent.get(`/api/digital-portfolio/child/${aanya.id}`)).json().items;
    const parentsCopy = seenByParent.find((one: { id: string }) => one.id === item.id);
    expect(parentsCopy.tagged_children).toEqual([]);
    expect((await teacher.get(`/api/digital-portfolio/child/${classmate!.id}`)).json().total).toBe(2);
  });

  it("one family narrowing consent hides the group photo from the others at once", async () => {
    await setConsent(classmate!.id, "own");
    const circle = (await admin.get("/api/digital-portfolio/center/all?limit=48")).json().items;
    expect(circle.some((one: { title: string }) => one.title === "Circle time")).toBe(false);
    const parents = (await parent.get(`/api/digital-portfolio/child/${aanya.id}`)).json().items;
    expect(parents.some((one: { title: string }) => one.title === "Circle time")).toBe(false);
    await setConsent(classmate!.id, "group");
  });

  it("a parent withdrawing consent hides their child's photos from staff but not from the family", async () => {
    const before = (await teacher.get(`/api/digital-portfolio/child/${aanya.id}`)).json();
    expect(before.total).toBe(6);
    await parent.put(`/api/digital-portfolio/consent/${aanya.id}`, { consent: "none" });
    expect((await teacher.get(`/api/digital-portfolio/child/${aanya.id}`)).json().total).toBe(0);
    expect((await admin.get(`/api/digital-portfolio/child/${aanya.id}`)).json().total).toBe(0);
    expect((await teacher.get(before.items[0].file_url)).statusCode).toBe(404);
    // The group photo is hidden from the classmate's side too, while Aanya's family keeps every photo.
    expect((await teacher.get(`/api/digital-portfolio/child/${classmate!.id}`)).json().total).toBe(1);
    expect((await parent.get(`/api/digital-portfolio/child/${aanya.id}`)).json().total).toBe(6);
    expect((await parent.get(before.items[0].file_url)).statusCode).toBe(200);
    await parent.put(`/api/digital-portfolio/consent/${aanya.id}`, { consent: "group" });
  });
});

describe("centre statistics", () => {
  it("counts, storage, the last 7 days and the top lists come from the database, for leaders only", async () => {
    const response = await admin.get("/api/digital-portfolio/center/stats");
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json();
    expect(stats.overall).toMatchObject({ total_items: 7, images: 6, videos: 1, children_with_portfolios: 2 });
    expect(stats.overall.active_teachers).toBe(1);
    expect(stats.overall.total_size).toBeGreaterThan(1000);
    expect(stats.recentActivity).toHaveLength(7);
    expect(stats.recentActivity.at(-1)).toEqual({ upload_date: "2026-11-20", items_count: 7 });
    expect(stats.topChildren[0]).toMatchObject({ child_name: "Aanya Malhotra", total_items: 6 });
    expect(stats.activeTeachers[0]).toMatchObject({ teacher_name: "Priya Sharma", total_uploads: 7 });
    expect(stats.teacherUploads).toHaveLength(1);
    expect((await teacher.get("/api/digital-portfolio/center/stats")).statusCode).toBe(403);
    expect((await parent.get("/api/digital-portfolio/center/stats")).statusCode).toBe(403);
  });
});

/** A parent of Aanya's classmate: another family of the same room. */
async function classmateFamily() {
  const user = await createCentreUser(db, home!.id, "parent", "classmate.family@sprout.test");
  const [guardian] = await db
    .insert(guardians)
    .values({ centerId: home!.id, firstName: "Classmate", lastName: "Family", userId: user.id })
    .returning();
  await db.insert(studentGuardians).values({ studentId: classmate!.id, guardianId: guardian!.id, relation: "Father" });
  return as(app, await signIn(app, "classmate.family@sprout.test"));
}

/** A photo row of a child, uploaded by someone (rows only: a refused call never opens the file). */
async function itemRow(child: typeof aanya, uploadedBy: string) {
  const [row] = await db
    .insert(portfolioItems)
    .values({
      centerId: child.centerId,
      studentId: child.id,
      classroomId: child.classroomId,
      title: "Row only",
      fileName: "row.jpg",
      mediaType: "image",
      mimeType: "image/jpeg",
      storedName: `${crypto.randomUUID()}.jpg`,
      thumbStoredName: `${crypto.randomUUID()}.jpg`,
      sizeBytes: 10,
      uploadedBy,
      createdAt: new Date(),
    })
    .returning();
  await db.insert(portfolioItemChildren).values({ itemId: row!.id, studentId: child.id });
  return row!;
}

describe("a group photo never shows another family's child against their consent", () => {
  let group: { id: string; file_url: string; thumbnail_url: string };
  let families: { family: ReturnType<typeof as>; child: string }[];
  beforeAll(async () => {
    const classmateParent = await classmateFamily();
    await setConsent(aanya.id, "group");
    await setConsent(classmate!.id, "group");
    const uploaded = await upload(aanya.id, await pngPhoto(), {
      taggedChildIds: classmate!.id,
      title: "Painting together",
    });
    group = uploaded.json().items[0];
    families = [
      { family: parent, child: aanya.id },
      { family: classmateParent, child: classmate!.id },
    ];
  });
  /** What each family gets of the group photo: in their child's list, and its file, thumbnail and download. */
  const seenBy = async ({ family, child }: (typeof families)[number]) => {
    const listed = (await family.get(`/api/digital-portfolio/child/${child}?limit=48`)).json().items;
    return {
      listed: listed.some((one: { id: string }) => one.id === group.id),
      file: (await family.get(group.file_url)).statusCode,
      thumbnail: (await family.get(group.thumbnail_url)).statusCode,
      download: (await family.get(`${group.file_url}?download=1`)).statusCode,
      link: (await family.get(`/api/digital-portfolio/${group.id}/download-link`)).statusCode,
    };
  };
  const shown = { listed: true, file: 200, thumbnail: 200, download: 200, link: 200 };
  const hidden = { listed: false, file: 404, thumbnail: 404, download: 404, link: 404 };

  it("with both families' group consent each family sees it", async () => {
    for (const side of families) expect(await seenBy(side)).toEqual(shown);
  });

  it("when both families withdraw consent, neither sees the other's child", async () => {
    await setConsent(aanya.id, "none");
    await setConsent(classmate!.id, "none");
    for (const side of families) expect(await seenBy(side)).toEqual(hidden);
  });

  it("one child in their own portfolio only and the other with none: hidden from both families", async () => {
    await setConsent(aanya.id, "own");
    await setConsent(classmate!.id, "none");
    for (const side of families) expect(await seenBy(side)).toEqual(hidden);
  });

  it("a family's own withdrawal hides nothing from them while the other child allows it", async () => {
    await setConsent(aanya.id, "none");
    await setConsent(classmate!.id, "group");
    expect(await seenBy(families[0]!)).toEqual(shown);
    expect(await seenBy(families[1]!)).toEqual(hidden);
    await setConsent(aanya.id, "group");
  });

  it("staff reads of the photo's file, thumbnail and download are in both children's access log", async () => {
    const logged = async (child: string) =>
      (
        await director.get(`/api/privacy/access-log?child_id=${child}&staff_id=${teacherSession.user.id}&limit=100`)
      ).json();
    const before = await Promise.all(families.map(({ child }) => logged(child)));
    // The reads below are the log's newest.
    clock.advance(60_000);
    for (const url of [group.file_url, group.thumbnail_url, `${group.file_url}?download=1`]) {
      const read = await app.inject({
        method: "GET",
        url,
        headers: { ...teacherSession.headers, [SCREEN_HEADER]: "/digital-portfolio" },
      });
      expect(read.statusCode).toBe(200);
    }
    for (const [index, { child }] of families.entries()) {
      const after = await logged(child);
      expect(after.pagination.total).toBe(before[index].pagination.total + 3);
      expect(after.entries.slice(0, 3)).toEqual(
        Array.from({ length: 3 }, () =>
          expect.objectContaining({ kind: "photos", child_id: child, screen: "/digital-portfolio" }),
        ),
      );
    }
    // A family's own views are not logged.
    const total = (await logged(aanya.id)).pagination.total;
    await parent.get(group.file_url);
    expect((await logged(aanya.id)).pagination.total).toBe(total);
  });
});

describe("an item outside the caller's scope is not found", () => {
  let otherRoom: typeof portfolioItems.$inferSelect;
  let otherCentre: typeof portfolioItems.$inferSelect;
  let colleagues: typeof portfolioItems.$inferSelect;
  beforeAll(async () => {
    // Every child here allows photos: what refuses the calls is scope alone.
    const [adminUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.admin));
    await setConsent(crecheChild!.id, "group");
    await setConsent(otherChild!.id, "group");
    otherRoom = await itemRow(crecheChild!, adminUser!.id);
    otherCentre = await itemRow(otherChild!, adminUser!.id);
    colleagues = await itemRow(aanya, adminUser!.id);
  });
  const calls = (id: string) => ({
    file: `/api/digital-portfolio/${id}/file`,
    thumbnail: `/api/digital-portfolio/${id}/thumbnail`,
    download: `/api/digital-portfolio/${id}/file?download=1`,
    link: `/api/digital-portfolio/${id}/download-link`,
  });
  const statuses = async (session: ReturnType<typeof as>, id: string) =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(calls(id)).map(async ([name, url]) => [name, (await session.get(url)).statusCode]),
      ),
    );
  const notFound = { file: 404, thumbnail: 404, download: 404, link: 404 };

  it("a teacher: another room's item (file, thumbnail, favourite, delete) answers 404", async () => {
    expect(await statuses(teacher, otherRoom.id)).toEqual(notFound);
    const favourite = await teacher.patch(`/api/digital-portfolio/${otherRoom.id}/favorite`, { is_favorite: true });
    expect(favourite.statusCode).toBe(404);
    expect((await teacher.delete(`/api/digital-portfolio/${otherRoom.id}`)).statusCode).toBe(404);
    const [unchanged] = await db.select().from(portfolioItems).where(eq(portfolioItems.id, otherRoom.id));
    expect(unchanged?.isFavorite).toBe(false);
  });

  it("an admin: another centre's item answers 404, to read or delete", async () => {
    expect(await statuses(admin, otherCentre.id)).toEqual(notFound);
    expect((await admin.delete(`/api/digital-portfolio/${otherCentre.id}`)).statusCode).toBe(404);
    expect((await director.delete(`/api/digital-portfolio/${otherCentre.id}`)).statusCode).toBe(404);
    expect(await db.select().from(portfolioItems).where(eq(portfolioItems.id, otherCentre.id))).toHaveLength(1);
  });

  it("a teacher deleting an item someone else uploaded in their room gets 404; a centre leader may", async () => {
    expect((await teacher.get(calls(colleagues.id).link)).statusCode).toBe(200);
    expect((await teacher.delete(`/api/digital-portfolio/${colleagues.id}`)).statusCode).toBe(404);
    expect(await db.select().from(portfolioItems).where(eq(portfolioItems.id, colleagues.id))).toHaveLength(1);
    expect((await admin.delete(`/api/digital-portfolio/${colleagues.id}`)).statusCode).toBe(204);
  });
});

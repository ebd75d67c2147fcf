import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BODY_OBJECT_MESSAGE, NUL_MESSAGE, UNICODE_MESSAGE } from "@sprout/shared/schemas/primitives";
import { and, count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, describe, expect, it } from "vitest";
import { pngPhoto } from "../../test/digital-portfolio-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../test/harness.ts";
import { assignmentFiles, assignments } from "../db/schema/assignments.ts";
import { auditLog } from "../db/schema/audit.ts";
import { healthNotes, immunisations, medications, observationLogs, stars } from "../db/schema/child-day.ts";
import { classroomTeachers, students } from "../db/schema/children.ts";
import { portfolioItems } from "../db/schema/digital-portfolio.ts";
import { documents } from "../db/schema/documents.ts";
import { enquiries } from "../db/schema/enquiries.ts";
import { users } from "../db/schema/users.ts";
import { createFileStore } from "../files/store.ts";
import { illFormedText } from "./input-guard.ts";

/**
 * Issue 31, point 4: the requests the fuzzing answered with 500. Each is refused with 400 and the
 * usual error body before anything changes; a stored file gone from disk is a 404; a user's PDF
 * leaves as an attachment the browser will not run.
 */
const folder = mkdtempSync(path.join(tmpdir(), "sprout-hostile-files-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const warnings: { msg: string; file?: string }[] = [];
const { app, database } = await createTestApp({
  files: createFileStore(folder),
  logger: { level: "warn", stream: { write: (line: string) => void warnings.push(JSON.parse(line)) } },
});
const db = database.db;

const directorSession = await signIn(app, DEMO_EMAILS.center_director);
const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
const parentSession = await signIn(app, DEMO_EMAILS.parent);
const director = as(app, directorSession);
const teacher = as(app, teacherSession);
const parent = as(app, parentSession);

// Aanya is the demo parent's child, in a room the demo teacher teaches.
const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const [room] = await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacherUser!.id));
const [aanya] = await db
  .select()
  .from(students)
  .where(and(eq(students.firstName, "Aanya"), eq(students.lastName, "Malhotra")));
await db.update(students).set({ classroomId: room!.classroomId }).where(eq(students.id, aanya!.id));
await parent.put(`/api/digital-portfolio/consent/${aanya!.id}`, { consent: "own" });

const rows = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
/** Every table a refused request could have written to, counted. */
const counts = async () => ({
  enquiries: await rows(enquiries),
  medications: await rows(medications),
  immunisations: await rows(immunisations),
  healthNotes: await rows(healthNotes),
  stars: await rows(stars),
  observations: await rows(observationLogs),
  assignments: await rows(assignments),
  assignmentFiles: await rows(assignmentFiles),
  portfolio: await rows(portfolioItems),
  documents: await rows(documents),
  audit: await rows(auditLog),
  files: readdirSync(folder).length,
});

/** A JSON request whose body is sent exactly as written. */
const rawJson = (session: SignedIn, method: "POST" | "PUT", url: string, body: string) =>
  app.inject({ method, url, headers: { ...session.headers, "content-type": "application/json" }, payload: body });

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
const sendForm = (session: SignedIn, url: string, body: Buffer) =>
  app.inject({
    method: "POST",
    url,
    headers: { ...session.headers, "content-type": "multipart/form-data; boundary=sprout" },
    payload: body,
  });

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction 2 0 R>>endobj\n2 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const TODAY = "2026-11-20"; // the test clock's date in the centre's time zone

function expectRefused(response: { statusCode: number; body: string; json(): unknown }, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ error: message, code: "VALIDATION_ERROR" });
}

const enquiry = {
  child_name: "Meera Shah",
  parent_name: "Ritu Shah",
  mobile_number: "9876543210",
  source: "Walk-in",
  major_program: "Pre-school",
  specific_program: "TODDLERS",
};
const created = await director.post("/api/enquiries", enquiry);
const enquiryId = created.json().id as string;

describe("JSON bodies that are not an object", () => {
  it("null on POST and PUT /api/enquiries is refused and changes nothing", async () => {
    expect(created.statusCode, created.body).toBe(201);
    const before = await counts();
    expectRefused(await rawJson(directorSession, "POST", "/api/enquiries", "null"), BODY_OBJECT_MESSAGE);
    expectRefused(await rawJson(directorSession, "PUT", `/api/enquiries/${enquiryId}`, "null"), BODY_OBJECT_MESSAGE);
    expect(await counts()).toEqual(before);
    const [row] = await db.select().from(enquiries).where(eq(enquiries.id, enquiryId));
    expect(row).toMatchObject({ childName: "Meera Shah" });
  });

  it("null on the medication and immunisation routes is refused and changes nothing", async () => {
    const before = await counts();
    for (const url of [`/api/child-health/${aanya!.id}/medications`, `/api/child-health/${aanya!.id}/immunisations`])
      expectRefused(await rawJson(parentSession, "POST", url, "null"), BODY_OBJECT_MESSAGE);
    expect(await counts()).toEqual(before);
  });

  it("a number, a string, a boolean or an array as the whole body is refused", async () => {
    const before = await counts();
    for (const body of ["3", '"x"', "true", "[]", JSON.stringify([enquiry])])
      expectRefused(await rawJson(directorSession, "POST", "/api/enquiries", body), BODY_OBJECT_MESSAGE);
    expect(await counts()).toEqual(before);
  });
});

describe("lone surrogates and NUL characters", () => {
  it("a lone surrogate in an allergy's details or a star's reason is refused, naming the field", async () => {
    const before = await counts();
    const standing = await teacher.post(`/api/child-health/${aanya!.id}/standing`, {
      kind: "allergy",
      details: "Peanuts \ud800",
    });
    expectRefused(standing, UNICODE_MESSAGE);
    expect((standing.json() as { details: unknown }).details).toEqual({ details: UNICODE_MESSAGE });
    const star = await teacher.post("/api/stars", { child_id: aanya!.id, reason: "\ud800 Shared her crayons" });
    expectRefused(star, UNICODE_MESSAGE);
    expect((star.json() as { details: unknown }).details).toEqual({ reason: UNICODE_MESSAGE });
    // A key holding one, deep inside the body, is refused too.
    expectRefused(
      await teacher.post("/api/stars", { child_id: aanya!.id, reason: "ok", extra: [{ "\udfff": 1 }] }),
      UNICODE_MESSAGE,
    );
    expect(await counts()).toEqual(before);
  });

  it("a pair of surrogates (an emoji) is ordinary text and is kept", async () => {
    const star = await teacher.post("/api/stars", { child_id: aanya!.id, reason: "Helped a friend \ud83c\udf1f" });
    expect(star.statusCode, star.body).toBe(201);
  });

  it("NUL in a query string or a path is refused, naming the parameter", async () => {
    const before = await counts();
    const query = await director.get("/api/enquiries?search=a%00b");
    expectRefused(query, NUL_MESSAGE);
    expect((query.json() as { details: unknown }).details).toEqual({ search: NUL_MESSAGE });
    expectRefused(await director.put(`/api/enquiries/${enquiryId}%00`, enquiry), NUL_MESSAGE);
    expect(await counts()).toEqual(before);
  });

  it("a lone surrogate cannot come through an address, and the guard refuses one in a query", async () => {
    // U+D800 written as UTF-8 bytes is not UTF-8: a query keeps it as the literal text, a path is refused.
    const query = await director.get("/api/enquiries?search=%ED%A0%80");
    expect(query.statusCode, query.body).toBe(200);
    const path = await director.put("/api/enquiries/%ED%A0%80", enquiry);
    expect(path.statusCode, path.body).toBe(400);
    expect(path.json()).toEqual({ error: "The address is not valid", code: "BAD_URL" });
    expect(illFormedText({ query: { search: "a\ud800b" }, params: {}, body: undefined })).toEqual({
      field: "search",
      message: UNICODE_MESSAGE,
    });
    expect(illFormedText({ query: {}, params: { id: "\u0000" }, body: { ok: ["fine", "\ud83c\udf1f"] } })).toEqual({
      field: "id",
      message: NUL_MESSAGE,
    });
  });

  it("NUL in an upload's file name is refused for the portfolio, observations and assignments", async () => {
    const before = await counts();
    const photo = await pngPhoto();
    const portfolio = await sendForm(
      teacherSession,
      "/api/digital-portfolio/upload",
      form({ childId: aanya!.id }, [{ field: "file", name: "pl\u0000ay.png", type: "image/png", content: photo }]),
    );
    expectRefused(portfolio, NUL_MESSAGE);
    const observation = await sendForm(
      teacherSession,
      "/api/observation-logs",
      form({ child_id: aanya!.id, date: TODAY, milestone: "Physical development", notes: "Climbed" }, [
        { field: "attachments", name: "frame\u0000.png", type: "image/png", content: photo },
      ]),
    );
    expectRefused(observation, NUL_MESSAGE);
    const assignment = await sendForm(
      teacherSession,
      "/api/assignments",
      form({ title: "Leaves", classroom_id: room!.classroomId }, [
        { field: "attachments", name: "sheet\u0000.pdf", type: "application/pdf", content: PDF },
      ]),
    );
    expectRefused(assignment, NUL_MESSAGE);
    // In a text field of the form, and in a field's name.
    expectRefused(
      await sendForm(
        teacherSession,
        "/api/assignments",
        form({ title: "Le\u0000aves", classroom_id: room!.classroomId }, []),
      ),
      NUL_MESSAGE,
    );
    expectRefused(
      await sendForm(
        teacherSession,
        "/api/assignments",
        form({ "ti\u0000tle": "Leaves", classroom_id: room!.classroomId }, []),
      ),
      NUL_MESSAGE,
    );
    expect(await counts()).toEqual(before);
  });
});

describe("serving stored files", () => {
  const uploadDocument = (name: string, type: string, content: Buffer) =>
    sendForm(
      directorSession,
      "/api/documents/upload",
      form({ type: "policy" }, [{ field: "file", name, type, content }]),
    );

  it("a user's PDF is sent as an attachment, sandboxed and not sniffed", async () => {
    const uploaded = await uploadDocument("script.pdf", "application/pdf", PDF);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const served = await director.get(`/api/documents/${uploaded.json().id}/file`);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-disposition"]).toMatch(/^attachment; /);
    expect(served.headers["content-security-policy"]).toBe("sandbox");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it("so is a PDF attached to an assignment, served from another area through the same helper", async () => {
    const set = await sendForm(
      teacherSession,
      "/api/assignments",
      form({ title: "Leaves", classroom_id: room!.classroomId }, [
        { field: "attachments", name: "leaves.pdf", type: "application/pdf", content: PDF },
      ]),
    );
    expect(set.statusCode, set.body).toBe(201);
    const served = await parent.get(set.json().attachments[0].url);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''leaves.pdf");
    expect(served.headers["content-security-policy"]).toBe("sandbox");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("a user's image may still be shown inline, never sniffed", async () => {
    const uploaded = await uploadDocument("photo.png", "image/png", await pngPhoto());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const served = await director.get(`/api/documents/${uploaded.json().id}/file`);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-disposition"]).toMatch(/^inline; /);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("a stored file gone from the disk answers 404 in the app's error format", async () => {
    const before = readdirSync(folder);
    const uploaded = await uploadDocument("gone.pdf", "application/pdf", PDF);
    const [storedName] = readdirSync(folder).filter((name) => !before.includes(name));
    rmSync(path.join(folder, storedName!));
    const served = await director.get(`/api/documents/${uploaded.json().id}/file`);
    expect(served.statusCode, served.body).toBe(404);
    expect(served.headers["content-type"]).toMatch(/^application\/json/);
    expect(served.headers["content-disposition"]).toBeUndefined();
    expect(served.json()).toEqual({ error: "File not found", code: "NOT_FOUND" });
    expect(warnings).toContainEqual(expect.objectContaining({ file: storedName, msg: "stored file missing" }));
  });
});

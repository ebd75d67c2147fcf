import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
// @ts-expect-error s3rver ships no types; it is a real S3-compatible server on the local disk
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { form, pngPhoto, sendForm } from "../../../test/digital-portfolio-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { students } from "../../db/schema/children.ts";
import { portfolioViews } from "../../db/schema/digital-portfolio.ts";
import { createS3FileStore, parseStorageUrl } from "../../files/s3-store.ts";

/** On object storage a download is a short-lived signed address, handed out after the access check. */
const folder = mkdtempSync(path.join(tmpdir(), "sprout-s3rver-portfolio-"));
const server = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: folder,
  configureBuckets: [{ name: "sprout-files" }],
});
const { port } = (await server.run()) as AddressInfo;
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});
const files = createS3FileStore(parseStorageUrl(`s3+http://S3RVER:S3RVER@127.0.0.1:${port}/sprout-files/uploads`));
const { app, database } = await createTestApp({ files });
const db = database.db;

const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
const parentSession = await signIn(app, DEMO_EMAILS.parent);
const teacher = as(app, teacherSession);
const parent = as(app, parentSession);
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const [aanya] = await db
  .select()
  .from(students)
  .where(and(eq(students.firstName, "Aanya"), eq(students.lastName, "Malhotra")));
await parent.put(`/api/digital-portfolio/consent/${aanya!.id}`, { consent: "own" });
const response = await sendForm(
  app,
  teacherSession,
  "/api/digital-portfolio/upload",
  form({ childId: aanya!.id, title: "Sand pit" }, [
    { field: "file", name: "sand pit.png", type: "image/png", content: await pngPhoto() },
  ]),
);
const item = response.json().items[0];

describe("signed download addresses on S3", () => {
  it("the parent gets a 5-minute signed address that downloads the photo as an attachment", async () => {
    const link = await parent.get(`/api/digital-portfolio/${item.id}/download-link`);
    expect(link.statusCode).toBe(200);
    const { url, expires_at } = link.json();
    const signed = new URL(url);
    expect(signed.origin).toBe(`http://127.0.0.1:${port}`);
    expect(signed.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(200_000);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''sand%20pit.jpg");
    expect((await sharp(Buffer.from(await fetched.arrayBuffer())).metadata()).format).toBe("jpeg");
  });

  it("?download=1 redirects to a signed address; thumbnails and the inline file still stream", async () => {
    const download = await teacher.get(`${item.file_url}?download=1`);
    expect(download.statusCode).toBe(302);
    expect(download.headers.location).toMatch(/X-Amz-Signature=/);
    const thumbnail = await teacher.get(item.thumbnail_url);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/jpeg");
    const views = await db.select().from(portfolioViews).where(eq(portfolioViews.itemId, item.id));
    expect(views.map((view) => view.variant).sort()).toEqual(["download", "thumbnail"]);
  });

  it("no address without passing the access check: withdrawn consent, roles without the gallery, unknown items", async () => {
    expect((await director.get(`/api/digital-portfolio/${item.id}/download-link`)).statusCode).toBe(403);
    expect(
      (await parent.get("/api/digital-portfolio/00000000-0000-4000-8000-000000000000/download-link")).statusCode,
    ).toBe(404);
    await parent.put(`/api/digital-portfolio/consent/${aanya!.id}`, { consent: "none" });
    const hidden = await teacher.get(`/api/digital-portfolio/${item.id}/download-link`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toMatch(/X-Amz/);
    expect((await teacher.get(`${item.file_url}?download=1`)).statusCode).toBe(404);
    await parent.put(`/api/digital-portfolio/consent/${aanya!.id}`, { consent: "own" });
  });

  it("an address stops working once it expires", async () => {
    const stored = new URL((await parent.get(`/api/digital-portfolio/${item.id}/download-link`)).json().url);
    const storedName = stored.pathname.split("/").at(-1)!;
    const short = await files.signedUrl!(storedName, {
      fileName: "a.jpg",
      mimeType: "image/jpeg",
      disposition: "attachment",
      expiresInSeconds: 3,
    });
    expect((await fetch(short.url)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect((await fetch(short.url)).status).toBe(403);
  });
});

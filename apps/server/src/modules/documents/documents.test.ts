import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from "@sprout/shared/schemas/documents";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { sniff } from "../../files/sniff.ts";

const { app, database } = await createTestApp();
const [, andheri] = await demoCentres(database.db);
await createCentreUser(database.db, andheri!.id, "center_director", "director.andheri@sprout.test");
const director = await signIn(app, DEMO_EMAILS.center_director);
const otherDirector = await signIn(app, "director.andheri@sprout.test");
const teacher = await signIn(app, DEMO_EMAILS.teacher);
const parent = await signIn(app, DEMO_EMAILS.parent);
const superAdmin = await signIn(app, DEMO_EMAILS.super_admin);
const owner = await signIn(app, DEMO_EMAILS.owner);

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2e7d5b" } })
  .png()
  .toBuffer();

function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const boundary = "----sprout-test-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const upload = (
  session: SignedIn,
  fields: Record<string, string>,
  file?: { name: string; type: string; content: Buffer },
) => {
  const body = multipart(fields, file);
  return app.inject({
    method: "POST",
    url: "/api/documents/upload",
    headers: { ...session.headers, ...body.headers },
    payload: body.payload,
  });
};

describe("documents", () => {
  let policyId = "";
  let contractId = "";

  it("uploads a file checked by its content and stores it under a generated name", async () => {
    const response = await upload(
      director,
      { type: "policy", description: "Sick child policy" },
      { name: "../../sick-policy.pdf", type: "application/pdf", content: PDF },
    );
    expect(response.statusCode).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({
      name: "sick-policy.pdf",
      type: "policy",
      description: "Sick child policy",
      uploadedBy: "Sunita Iyer",
      mime_type: "application/pdf",
      size: PDF.length,
      center_name: "Sprout Koramangala",
    });
    expect(item.url).toBe(`/api/documents/${item.id}/file`);
    policyId = item.id;

    // The browser's claimed type and the file's name do not matter: the bytes do.
    const png = await upload(
      director,
      { type: "contract" },
      { name: "lease.pdf", type: "application/pdf", content: PNG },
    );
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ name: "lease.pdf.png", mime_type: "image/png" });
    contractId = png.json().id;
  });

  it("refuses files whose content is not an allowed kind, whatever their name", async () => {
    const script = await upload(
      director,
      { type: "form" },
      { name: "form.pdf", type: "application/pdf", content: Buffer.from("<html><script>alert(1)</script></html>") },
    );
    expect(script.statusCode).toBe(415);
    expect(script.json().error).toBe(DOCUMENT_MESSAGES.badType);
    const exe = await upload(
      director,
      { type: "form" },
      {
        name: "setup.docx",
        type: "application/octet-stream",
        content: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(100)]),
      },
    );
    expect(exe.statusCode).toBe(415);
  });

  it("refuses files over the size limit, and uploads without a file or a type", async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x20)]);
    const tooBig = await upload(
      director,
      { type: "report" },
      { name: "big.pdf", type: "application/pdf", content: big },
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe(DOCUMENT_MESSAGES.tooLarge);
    const noFile = await upload(director, { type: "report" });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error).toBe(DOCUMENT_MESSAGES.fileRequired);
    const noType = await upload(director, {}, { name: "a.pdf", type: "application/pdf", content: PDF });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().error).toBe(DOCUMENT_MESSAGES.typeRequired);
  });

  it("lists the centre's documents to its staff; parents see policies and forms only", async () => {
    const mine = (await as(app, director).get("/api/documents")).json().documents;
    expect(mine.map((doc: { id: string }) => doc.id).sort()).toEqual([policyId, contractId].sort());
    expect((await as(app, teacher).get("/api/documents")).json().documents).toHaveLength(2);
    const forParents = (await as(app, parent).get("/api/documents")).json().documents;
    expect(forParents.map((doc: { id: string }) => doc.id)).toEqual([policyId]);
    expect((await as(app, otherDirector).get("/api/documents")).json().documents).toEqual([]);
    expect((await as(app, owner).get(`/api/documents?center_id=${andheri!.id}`)).json().documents).toEqual([]);
  });

  it("pages the documents on the server, newest first, with one total and a search", async () => {
    const first = (await as(app, director).get("/api/documents?limit=1")).json();
    expect(first.documents).toHaveLength(1);
    expect(first.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
    const second = (await as(app, director).get("/api/documents?limit=1&page=2")).json();
    expect(second.documents[0].id).not.toBe(first.documents[0].id);
    expect(Date.parse(second.documents[0].uploadDate)).toBeLessThanOrEqual(Date.parse(first.documents[0].uploadDate));
    expect((await as(app, director).get("/api/documents?limit=101")).statusCode).toBe(400);
    const policy = (await as(app, director).get("/api/documents"))
      .json()
      .documents.find((doc: { id: string }) => doc.id === policyId);
    const found = (
      await as(app, director).get(`/api/documents?search=${encodeURIComponent(policy.name.slice(0, 6))}`)
    ).json();
    expect(found.documents.map((doc: { id: string }) => doc.id)).toContain(policyId);
    expect((await as(app, director).get("/api/documents?search=no-such-file")).json()).toMatchObject({
      documents: [],
      pagination: { total: 0 },
    });
  });

  it("re-encodes photos so that their EXIF (camera, GPS) is gone, and refuses images that do not decode", async () => {
    const photo = await sharp({ create: { width: 16, height: 12, channels: 3, background: "#ffcc00" } })
      .jpeg()
      .withExif({
        IFD0: { Make: "PhoneCam", Artist: "Parent" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 56/1 0/1" },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const uploaded = await upload(
      director,
      { type: "form" },
      { name: "photo.jpg", type: "image/jpeg", content: photo },
    );
    expect(uploaded.statusCode).toBe(201);
    const served = await as(app, director).get(`/api/documents/${uploaded.json().id}/file`);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 16, 12]);

    const corrupt = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const refused = await upload(
      director,
      { type: "form" },
      { name: "broken.png", type: "image/png", content: corrupt },
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.json().code).toBe("UNREADABLE_IMAGE");
  });

  it("serves the file only to those who may see it", async () => {
    const file = await as(app, teacher).get(`/api/documents/${policyId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toContain("sick-policy.pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await as(app, otherDirector).get(`/api/documents/${policyId}/file`)).statusCode).toBe(404);
    expect((await as(app, parent).get(`/api/documents/${contractId}/file`)).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `/api/documents/${policyId}/file` })).statusCode).toBe(401);
  });

  it("lets a super admin share a document with the whole organisation", async () => {
    const response = await upload(
      superAdmin,
      { type: "form", description: "Admission form" },
      { name: "admission.pdf", type: "application/pdf", content: PDF },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ center_id: null, center_name: null });
    expect((await as(app, otherDirector).get("/api/documents")).json().documents).toHaveLength(1);
    const refused = await as(app, otherDirector).delete(`/api/documents/${response.json().id}`);
    expect(refused.statusCode).toBe(403);
    const ownerUpload = await upload(owner, { type: "form" }, { name: "a.pdf", type: "application/pdf", content: PDF });
    expect(ownerUpload.statusCode).toBe(400);
    expect(ownerUpload.json().error).toBe(DOCUMENT_MESSAGES.chooseCentre);
    expect(
      (
        await upload(
          otherDirector,
          { type: "form", center_id: (await demoCentres(database.db))[0]!.id },
          { name: "a.pdf", type: "application/pdf", content: PDF },
        )
      ).statusCode,
    ).toBe(404);
  });

  it("deletes a document and its file; another centre's is not found", async () => {
    expect((await as(app, otherDirector).delete(`/api/documents/${contractId}`)).statusCode).toBe(404);
    const response = await as(app, director).delete(`/api/documents/${contractId}`);
    expect(response.statusCode).toBe(200);
    expect((await as(app, director).get(`/api/documents/${contractId}/file`)).statusCode).toBe(404);
    expect((await as(app, director).delete(`/api/documents/${contractId}`)).statusCode).toBe(404);
  });
});

describe("sniff", () => {
  it("recognises Office files by the entries of their zip", () => {
    const entry = (name: string) => {
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(name.length, 26);
      return Buffer.concat([header, Buffer.from(name)]);
    };
    expect(sniff(Buffer.concat([entry("[Content_Types].xml"), entry("word/document.xml")]))?.ext).toBe("docx");
    expect(sniff(Buffer.concat([entry("[Content_Types].xml"), entry("xl/workbook.xml")]))?.ext).toBe("xlsx");
    expect(sniff(Buffer.concat([entry("evil.js")]))).toBeNull();
    expect(sniff(Buffer.from("GIF89a....."))?.mime).toBe("image/gif");
  });
});

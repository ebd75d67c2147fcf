import { BUDGET_MESSAGES } from "@sprout/shared/schemas/budget";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { demoIds } from "../../../test/demo-ids.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [, other] = await demoCentres(db);
// The demo owner stops owning the other centre.
await demoIds(db);

let finance: SignedIn;
let owner: SignedIn;
let director: SignedIn;
let admin: SignedIn;
let teacher: SignedIn;
let otherDirector: SignedIn;

beforeAll(async () => {
  await createCentreUser(db, other!.id, "center_director", "director.quotes.other@sprout.test");
  [finance, owner, director, admin, teacher, otherDirector] = await Promise.all([
    signIn(app, DEMO_EMAILS.financial_manager),
    signIn(app, DEMO_EMAILS.owner),
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.admin),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, "director.quotes.other@sprout.test"),
  ]);
});

const PDF = Buffer.from("%PDF-1.4\n%quote\n");

async function uploadQuote(session: SignedIn, content: Buffer, name = "quote.pdf") {
  const form = new FormData();
  form.append("quote", new Blob([new Uint8Array(content)]), name);
  const request = new Request("http://x", { method: "POST", body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return app.inject({
    method: "POST",
    url: "/api/budget/quotes",
    headers: { ...session.headers, "content-type": request.headers.get("content-type")! },
    payload,
  });
}

/** A request far above any demo limit, so that it waits for a decision. */
const raise = (session: SignedIn, quoteId?: string, description = "New climbing frame") =>
  as(app, session).post("/api/budget/requests", {
    description,
    amount: 480000,
    category: "equipment",
    justification: "The old frame is cracked",
    ...(quoteId && { quote_id: quoteId }),
  });

describe("quotes on budget requests", () => {
  it("take an image or a PDF under 5 MB, judged by content, with clear messages", async () => {
    const text = await uploadQuote(director, Buffer.from("not a quote at all"), "quote.pdf");
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(BUDGET_MESSAGES.quoteType);

    const big = await uploadQuote(director, Buffer.concat([PDF, Buffer.alloc(5_242_880)]), "big.pdf");
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe(BUDGET_MESSAGES.receiptTooLarge);

    const empty = await uploadQuote(director, Buffer.alloc(0), "empty.pdf");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(BUDGET_MESSAGES.quoteRequired);

    expect((await uploadQuote(teacher, PDF)).statusCode).toBe(403);

    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#36c" } })
      .png()
      .toBuffer();
    const image = await uploadQuote(director, png, "photo of quote.png");
    expect(image.statusCode).toBe(201);
    expect(image.json()).toMatchObject({
      name: "photo of quote.png",
      url: expect.stringMatching(/^\/api\/budget\/quotes\//),
    });
  });

  it("open for the requester and the approvers of the centre, and for nobody else", async () => {
    const uploaded = (await uploadQuote(director, PDF, "Kids Gym quote.pdf")).json();
    // Before the request names it, only the uploader may open it.
    expect((await as(app, finance).get(uploaded.url)).statusCode).toBe(404);
    expect((await as(app, director).get(uploaded.url)).statusCode).toBe(200);

    const raised = await raise(director, uploaded.id);
    expect(raised.statusCode).toBe(201);
    expect(raised.json().request).toMatchObject({
      status: "pending",
      quote: { url: uploaded.url, name: "Kids Gym quote.pdf" },
    });

    const dashboard = (await as(app, finance).get("/api/financial-manager/dashboard")).json();
    const card = dashboard.pendingApprovals.find((row: { id: string }) => row.id === raised.json().request.id);
    expect(card.quote).toEqual({ url: uploaded.url, name: "Kids Gym quote.pdf" });

    for (const session of [director, finance, owner]) {
      const opened = await as(app, session).get(uploaded.url);
      expect(opened.statusCode, session.user.role).toBe(200);
      expect(opened.headers["content-type"]).toBe("application/pdf");
      expect(opened.headers["content-disposition"]).toContain("Kids%20Gym%20quote.pdf");
      expect(opened.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
    // A colleague at the centre, another centre's director and a teacher: not theirs to read.
    expect((await as(app, admin).get(uploaded.url)).statusCode).toBe(404);
    expect((await as(app, otherDirector).get(uploaded.url)).statusCode).toBe(404);
    expect((await as(app, teacher).get(uploaded.url)).statusCode).toBe(403);
  });

  it("refuse a director who only sees the centre's requests, and an owner of another centre", async () => {
    const uploaded = (await uploadQuote(admin, PDF, "paint.pdf")).json();
    expect((await raise(admin, uploaded.id, "Paint for the hall")).statusCode).toBe(201);
    expect((await as(app, director).get(uploaded.url)).statusCode).toBe(404);
    expect((await as(app, finance).get(uploaded.url)).statusCode).toBe(200);

    const elsewhere = (await uploadQuote(otherDirector, PDF, "other.pdf")).json();
    expect((await raise(otherDirector, elsewhere.id, "Other centre's frame")).statusCode).toBe(201);
    expect((await as(app, owner).get(elsewhere.url)).statusCode).toBe(404);
    expect((await as(app, finance).get(elsewhere.url)).statusCode).toBe(200);
  });

  it("belong to one request of the uploader's: a used or someone else's quote is refused", async () => {
    const uploaded = (await uploadQuote(director, PDF)).json();
    expect((await raise(director, uploaded.id, "First use")).statusCode).toBe(201);
    const reused = await raise(director, uploaded.id, "Second use");
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe(BUDGET_MESSAGES.quoteUnknown);

    const admins = (await uploadQuote(admin, PDF)).json();
    const stolen = await raise(director, admins.id, "Someone else's quote");
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe(BUDGET_MESSAGES.quoteUnknown);
    expect((await raise(director, "not-a-uuid", "Bad id")).statusCode).toBe(400);
  });
});

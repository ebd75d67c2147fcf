import { BUDGET_MESSAGES } from "@sprout/shared/schemas/budget";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { demoIds } from "../../../test/demo-ids.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder } from "../../../test/realtime-support.ts";
import { mailOutbox } from "../../db/schema/account.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { budgetRequests } from "../../db/schema/budget.ts";
import { users } from "../../db/schema/users.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const url = await listen(app);
const [home, other, third] = await demoCentres(db);
// The demo owner stops owning the other centre: an owner too is refused its records.
await demoIds(db);

let finance: SignedIn;
let owner: SignedIn;
let director: SignedIn;
let admin: SignedIn;
let teacher: SignedIn;
let otherDirector: SignedIn;
let thirdDirector: SignedIn;

beforeAll(async () => {
  await createCentreUser(db, other!.id, "center_director", "director.budget.other@sprout.test");
  await createCentreUser(db, third!.id, "center_director", "director.budget.third@sprout.test");
  [finance, owner, director, admin, teacher, otherDirector, thirdDirector] = await Promise.all([
    signIn(app, DEMO_EMAILS.financial_manager),
    signIn(app, DEMO_EMAILS.owner),
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.admin),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, "director.budget.other@sprout.test"),
    signIn(app, "director.budget.third@sprout.test"),
  ]);
});

const multipart = (field: string, content: Buffer, name: string) => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(content)]), name);
  const request = new Request("http://x", { method: "POST", body: form });
  return request
    .arrayBuffer()
    .then((payload) => ({ type: request.headers.get("content-type")!, payload: Buffer.from(payload) }));
};
const uploadReceipt = async (session: SignedIn, content: Buffer, name = "receipt.png") => {
  const body = await multipart("receipt", content, name);
  return app.inject({
    method: "POST",
    url: "/api/expenses/upload-receipt",
    headers: { ...session.headers, "content-type": body.type },
    payload: body.payload,
  });
};

const limit = (overrides: Record<string, unknown> = {}) => ({
  center_id: home!.id,
  role: "center_director",
  approval_limit: 10000,
  fiscal_year: "2026-27",
  category: "supplies",
  is_active: true,
  notes: "Classroom supplies",
  ...overrides,
});
const request = (amount: number, category = "supplies") => ({
  description: `Craft material ${amount}`,
  amount,
  category,
  justification: "Art week",
});

describe("budget limits", () => {
  it("are set by the financial manager, listed, searched and changed; a second for the same slot is 409", async () => {
    const created = await as(app, finance).post("/api/financial-manager/budget-limits", limit());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      center_name: home!.name,
      role: "center_director",
      approval_limit: 10000,
      used_amount: 0,
      fiscal_year: "2026-27",
      category: "supplies",
      is_active: true,
    });
    const again = await as(app, finance).post("/api/financial-manager/budget-limits", limit());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BUDGET_MESSAGES.limitExists);

    const found = await as(app, finance).get("/api/financial-manager/budget-limits?search=center director");
    expect(found.json().limits.map((row: { id: string }) => row.id)).toContain(created.json().id);
    const none = await as(app, finance).get("/api/financial-manager/budget-limits?search=no such centre");
    expect(none.json().limits).toHaveLength(0);

    const general = await as(app, owner).post(
      "/api/financial-manager/budget-limits",
      limit({ role: "admin", category: "food", approval_limit: 2000 }),
    );
    expect(general.statusCode).toBe(201);
    const changed = await as(app, owner).put(
      `/api/financial-manager/budget-limits/${general.json().id}`,
      limit({ role: "admin", category: "food", approval_limit: 3000, notes: "Raised" }),
    );
    expect(changed.json()).toMatchObject({ approval_limit: 3000, notes: "Raised", category: "food" });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, general.json().id), eq(auditLog.action, "budget_limit.updated")));
    expect(audit).toBeDefined();
  });

  it("refuse a bad fiscal year and another centre's limit for an owner who does not own it", async () => {
    const bad = await as(app, finance).post("/api/financial-manager/budget-limits", limit({ fiscal_year: "2026-28" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(BUDGET_MESSAGES.fiscalYear);
    const foreign = await as(app, owner).post(
      "/api/financial-manager/budget-limits",
      limit({ center_id: other!.id, role: "admin" }),
    );
    expect(foreign.statusCode).toBe(404);
    expect((await as(app, director).post("/api/financial-manager/budget-limits", limit())).statusCode).toBe(403);
  });
});

describe("budget requests", () => {
  it("are approved automatically while they fit in the requester's limit for the category, else wait", async () => {
    const first = await as(app, director).post("/api/budget/requests", request(4000));
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(BUDGET_MESSAGES.autoApproved);
    expect(first.json().request).toMatchObject({ status: "approved", auto_approved: true, fiscal_year: "2026-27" });

    const over = await as(app, director).post("/api/budget/requests", request(7000));
    expect(over.json().message).toBe(BUDGET_MESSAGES.waiting);
    expect(over.json().request).toMatchObject({ status: "pending", auto_approved: false });

    const fits = await as(app, director).post("/api/budget/requests", request(6000));
    expect(fits.json().request.status).toBe("approved");
    // Another category draws on the director's general limit (the demo's ₹25,000, ₹8,500 used).
    const food = await as(app, director).post("/api/budget/requests", request(20000, "food"));
    expect(food.json().request.status).toBe("pending");
    const small = await as(app, director).post("/api/budget/requests", request(1500, "food"));
    expect(small.json().request.status).toBe("approved");

    const limits = await as(app, finance).get("/api/financial-manager/budget-limits?search=director");
    const supplies = limits.json().limits.find((row: { category: string | null }) => row.category === "supplies");
    expect(supplies.used_amount).toBe(10000);
  });

  it("draw on a limit atomically: of several at once only those that fit are approved", async () => {
    await as(app, finance).post(
      "/api/financial-manager/budget-limits",
      limit({ category: "maintenance", approval_limit: 5000 }),
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => as(app, director).post("/api/budget/requests", request(1000, "maintenance"))),
    );
    const approved = answers.filter((answer) => answer.json().request.status === "approved");
    expect(approved).toHaveLength(5);
  });

  it("are listed: the centre's for the director, one's own for an admin; a teacher may not ask", async () => {
    const mine = await as(app, admin).post("/api/budget/requests", request(500, "other"));
    expect(mine.json().request.status).toBe("approved");
    const adminList = (await as(app, admin).get("/api/budget/requests")).json().requests;
    expect(adminList.map((row: { id: string }) => row.id)).toContain(mine.json().request.id);
    expect(new Set(adminList.map((row: { requester_name: string }) => row.requester_name))).toEqual(
      new Set([mine.json().request.requester_name]),
    );
    const directorList = await as(app, director).get("/api/budget/requests?limit=50");
    expect(directorList.json().pagination.total_items).toBeGreaterThan(5);
    expect((await as(app, teacher).post("/api/budget/requests", request(10))).statusCode).toBe(403);
    const missing = await as(app, director).post("/api/budget/requests", { amount: 10, category: "food" });
    expect(missing.statusCode).toBe(400);
  });
});

describe("approvals", () => {
  it("decide waiting requests one by one (bulk), audit them, tell the requester, and refuse a second decision", async () => {
    const waiting = await as(app, director).get("/api/budget/requests?status=pending&limit=50");
    const ids: string[] = waiting
      .json()
      .requests.slice(0, 2)
      .map((row: { id: string }) => row.id);
    expect(ids).toHaveLength(2);
    const dashboard = await as(app, finance).get("/api/financial-manager/dashboard");
    expect(dashboard.json().pendingApprovals.map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining(ids));

    const decided = await Promise.all(
      ids.map((id) =>
        as(app, finance).put(`/api/financial-manager/approvals/${id}`, { action: "approve", notes: "Bulk approve" }),
      ),
    );
    for (const answer of decided) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        status: "approved",
        decision_notes: "Bulk approve",
        decided_by_name: "Rohit Agarwal",
      });
    }
    const twice = await as(app, owner).put(`/api/financial-manager/approvals/${ids[0]}`, { action: "reject" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(BUDGET_MESSAGES.alreadyDecided);

    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "budget_request.approved"));
    expect(audits.map((row) => row.entityId)).toEqual(expect.arrayContaining(ids));
    const bell = await as(app, director).get("/api/notifications");
    expect(
      bell.json().notifications.filter((line: { kind: string }) => line.kind === "budget").length,
    ).toBeGreaterThanOrEqual(2);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, DEMO_EMAILS.center_director));
    expect(mails.filter((mail) => mail.subject === "Your budget request was approved").length).toBeGreaterThanOrEqual(
      2,
    );
    // The same bell lines, read by a director who chose Hindi.
    expect((await as(app, director).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    const hindiBell = (await as(app, director).get("/api/notifications")).json();
    expect(hindiBell.notifications.some((line: { title: string }) => line.title.startsWith("बजट अनुरोध मंज़ूर: "))).toBe(
      true,
    );
    await db.update(users).set({ language: null }).where(eq(users.id, director.user.id));

    const seen = await as(app, director).get("/api/budget/requests?status=approved&limit=50");
    expect(seen.json().requests.find((row: { id: string }) => row.id === ids[1]).decision_notes).toBe("Bulk approve");
  });

  it("are refused to the director (who asks) and for another centre's request (404)", async () => {
    const foreign = await as(app, otherDirector).post("/api/budget/requests", request(30000, "rent"));
    expect(foreign.json().request.status).toBe("pending");
    const id = foreign.json().request.id;
    expect((await as(app, owner).put(`/api/financial-manager/approvals/${id}`, { action: "approve" })).statusCode).toBe(
      404,
    );
    expect(
      (await as(app, director).put(`/api/financial-manager/approvals/${id}`, { action: "approve" })).statusCode,
    ).toBe(403);
    const rejected = await as(app, finance).put(`/api/financial-manager/approvals/${id}`, {
      action: "reject",
      notes: "Not this year",
    });
    expect(rejected.json().status).toBe("rejected");
    const bad = await as(app, finance).put(`/api/financial-manager/approvals/${id}`, { action: "maybe" });
    expect(bad.statusCode).toBe(400);
  });
});

describe("finance notifications", () => {
  it("list the latest decisions at the caller's centres, latest first, whatever else rings the bell", async () => {
    const raised = await as(app, director).post("/api/budget/requests", request(70000, "equipment"));
    const id = raised.json().request.id;
    // The test clock stands still; this decision comes a minute after the others.
    clock.advance(60_000);
    await as(app, finance).put(`/api/financial-manager/approvals/${id}`, { action: "reject", notes: "Next year" });
    const decided = (await as(app, finance).get("/api/budget/requests?decided=true&limit=10")).json().requests;
    expect(decided[0]).toMatchObject({ id, status: "rejected", decision_notes: "Next year" });
    expect(decided.every((row: { status: string }) => row.status !== "pending")).toBe(true);
    const times = decided.map((row: { decided_at: string }) => row.decided_at);
    expect(times).toEqual([...times].sort().reverse());
    const owners = (await as(app, owner).get("/api/budget/requests?decided=true&limit=50")).json().requests;
    expect(owners.some((row: { center_id: string }) => row.center_id === other!.id)).toBe(false);
  });
});

describe("owners", () => {
  it("decide a waiting request of a centre they own", async () => {
    const raised = await as(app, director).post("/api/budget/requests", request(50000, "equipment"));
    expect(raised.json().request.status).toBe("pending");
    const id = raised.json().request.id;
    const decided = await as(app, owner).put(`/api/financial-manager/approvals/${id}`, {
      action: "approve",
      notes: "Owner's approval",
    });
    expect(decided.statusCode).toBe(200);
    const [me] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, owner.user.id));
    expect(decided.json()).toMatchObject({
      status: "approved",
      decided_by_name: me!.name,
      decision_notes: "Owner's approval",
    });
    const seen = await as(app, director).get("/api/budget/requests?status=approved&limit=50");
    expect(seen.json().requests.find((row: { id: string }) => row.id === id).decided_by_name).toBe(me!.name);
  });

  it("raise requests for a centre they own, which wait for someone else (not in their own Pending Approvals)", async () => {
    const raised = await as(app, owner).post("/api/budget/requests", { ...request(3000, "food"), center_id: home!.id });
    expect(raised.statusCode).toBe(201);
    expect(raised.json().request).toMatchObject({ status: "pending", center_id: home!.id });
    const id = raised.json().request.id;
    const foreign = await as(app, owner).post("/api/budget/requests", {
      ...request(3000, "food"),
      center_id: other!.id,
    });
    expect(foreign.statusCode).toBe(404);

    const toDecide = (await as(app, owner).get("/api/budget/requests?to_decide=true&limit=50")).json();
    expect(toDecide.requests.map((row: { id: string }) => row.id)).not.toContain(id);
    expect(toDecide.requests.every((row: { status: string }) => row.status === "pending")).toBe(true);
    const dashboard = (await as(app, owner).get("/api/financial-manager/dashboard")).json();
    expect(dashboard.pendingApprovals.map((row: { id: string }) => row.id)).not.toContain(id);
    expect(dashboard.overview.pendingApprovals).toBe(toDecide.pagination.total_items);
    const own = await as(app, owner).put(`/api/financial-manager/approvals/${id}`, { action: "approve" });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(BUDGET_MESSAGES.ownRequest);

    const financeQueue = (await as(app, finance).get("/api/budget/requests?to_decide=true&limit=50")).json();
    expect(financeQueue.requests.map((row: { id: string }) => row.id)).toContain(id);
    // Oldest waiting first.
    const created = financeQueue.requests.map((row: { created_at: string }) => row.created_at);
    expect(created).toEqual([...created].sort());
    expect((await as(app, director).get("/api/budget/requests?to_decide=true")).statusCode).toBe(403);
    expect((await as(app, finance).get("/api/budget/requests?to_decide=perhaps")).statusCode).toBe(400);
  });

  it("list the centres one keeps books for, with their time zones, for the expense and request forms", async () => {
    const directors = (await as(app, director).get("/api/budget/centres")).json().centers;
    expect(directors).toEqual([{ id: home!.id, name: home!.name, time_zone: home!.timeZone }]);
    const owners = (await as(app, owner).get("/api/budget/centres")).json().centers;
    expect(owners.map((centre: { id: string }) => centre.id)).toContain(home!.id);
    expect(owners.map((centre: { id: string }) => centre.id)).not.toContain(other!.id);
    expect((await as(app, teacher).get("/api/budget/centres")).statusCode).toBe(403);
  });

  it("see on their dashboard only the centres they own", async () => {
    const mine = (await as(app, owner).get("/api/financial-manager/dashboard")).json();
    const all = (await as(app, finance).get("/api/financial-manager/dashboard")).json();
    const centreIds = (answer: { centers: { id: string }[] }) => answer.centers.map((centre) => centre.id);
    expect(centreIds(all)).toContain(other!.id);
    expect(centreIds(mine)).not.toContain(other!.id);
    expect(mine.centers.find((centre: { id: string }) => centre.id === home!.id).time_zone).toBe("Asia/Kolkata");
    expect(all.pendingApprovals.some((row: { center_name: string }) => row.center_name === other!.name)).toBe(true);
    expect(mine.pendingApprovals.some((row: { center_name: string }) => row.center_name === other!.name)).toBe(false);
    expect(mine.budgetLimits.some((row: { center_name: string }) => row.center_name === other!.name)).toBe(false);
    expect(all.oversightItems.some((item: { id: string }) => item.id.endsWith(other!.id))).toBe(true);
    expect(mine.oversightItems.some((item: { id: string }) => item.id.endsWith(other!.id))).toBe(false);
    expect(mine.overview.totalBudget).toBeLessThan(all.overview.totalBudget);
    expect(mine.overview.pendingApprovals).toBeLessThan(all.overview.pendingApprovals);
  });
});

describe("the budget-update event", () => {
  it("reaches the centre's staff when a request is raised and when it is decided, and no other centre", async () => {
    const directorSocket = recorder(await connect(url, director));
    const otherSocket = recorder(await connect(url, otherDirector));
    const raised = await as(app, admin).post("/api/budget/requests", request(90000, "equipment"));
    const id = raised.json().request.id;
    expect(raised.json().request.status).toBe("pending");
    expect(
      await directorSocket.next("budget-update", (event: { request_id: string }) => event.request_id === id),
    ).toEqual({ center_id: home!.id, request_id: id, status: "pending" });
    await as(app, finance).put(`/api/financial-manager/approvals/${id}`, { action: "reject", notes: "Next term" });
    expect(
      await directorSocket.next(
        "budget-update",
        (event: { request_id: string; status: string }) => event.request_id === id && event.status !== "pending",
      ),
    ).toEqual({ center_id: home!.id, request_id: id, status: "rejected" });
    // A second decision is refused (409) and announces nothing.
    await as(app, owner).put(`/api/financial-manager/approvals/${id}`, { action: "approve" });
    const auto = await as(app, admin).post("/api/budget/requests", request(10, "other"));
    await directorSocket.next(
      "budget-update",
      (event: { request_id: string }) => event.request_id === auto.json().request.id,
    );
    expect(
      directorSocket.events("budget-update").filter((event) => (event as { request_id: string }).request_id === id),
    ).toHaveLength(2);
    expect(otherSocket.events("budget-update")).toEqual([]);
  });
});

describe("expenses and receipts", () => {
  let receiptPath = "";

  it("take an image or PDF receipt under 5 MB, judged by content", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#3a3" } })
      .png()
      .toBuffer();
    const image = await uploadReceipt(director, png);
    expect(image.statusCode).toBe(201);
    receiptPath = image.json().path;
    expect(receiptPath).toMatch(/^\/api\/expenses\/receipts\/[0-9a-f-]{36}$/);
    expect((await uploadReceipt(director, Buffer.from("%PDF-1.4\n%test"), "bill.pdf")).statusCode).toBe(201);

    const text = await uploadReceipt(director, Buffer.from("just some text"), "fake.png");
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(BUDGET_MESSAGES.receiptType);
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(5_242_880)]);
    const tooBig = await uploadReceipt(director, big, "big.pdf");
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe(BUDGET_MESSAGES.receiptTooLarge);
  });

  it("are logged with a GSTIN, today as the default date, online as the default mode, and a receipt", async () => {
    const badGst = await as(app, director).post("/api/expenses/log", {
      amount: 1200,
      category: "supplies",
      description: "Crayons",
      GST: "29ABCDE1234F1Z",
    });
    expect(badGst.statusCode).toBe(400);
    expect(badGst.json().error).toBe(BUDGET_MESSAGES.gstin);

    const logged = await as(app, director).post("/api/expenses/log", {
      amount: 1200.5,
      category: "supplies",
      subcategory: "Art",
      description: "Crayons",
      vendor: "Kids Mart",
      GST: "29abcde1234f1z5",
      receipt_image_url: receiptPath,
    });
    expect(logged.statusCode).toBe(201);
    expect(logged.json()).toMatchObject({
      date: "2026-11-20",
      amount: 1200.5,
      payment_mode: "online",
      GST: "29ABCDE1234F1Z5",
      receipt_image_url: receiptPath,
      recurring: "No",
      center_name: home!.name,
    });
    // A receipt goes on one expense only.
    const reused = await as(app, director).post("/api/expenses/log", {
      amount: 10,
      category: "supplies",
      description: "Again",
      receipt_image_url: receiptPath,
    });
    expect(reused.statusCode).toBe(400);

    const opened = await as(app, finance).get(receiptPath);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-type"]).toBe("image/png");
    expect((await as(app, otherDirector).get(receiptPath)).statusCode).toBe(404);

    const recent = await as(app, finance).get("/api/expenses?limit=10");
    expect(recent.json().expenses[0]).toMatchObject({ description: "Crayons", amount: 1200.5 });
  });

  it("can be tied to an approved request, whose spent amount follows", async () => {
    const approved = await as(app, director).get("/api/budget/requests?status=approved&limit=50");
    const target = approved
      .json()
      .requests.find((row: { description: string }) => row.description === "Craft material 4000");
    const tied = await as(app, director).post("/api/expenses/log", {
      amount: 4500,
      category: "supplies",
      description: "Craft material",
      payment_mode: "UPI",
      request_id: target.id,
    });
    expect(tied.statusCode).toBe(201);
    const after = await as(app, director).get("/api/budget/requests?status=approved&limit=50");
    expect(after.json().requests.find((row: { id: string }) => row.id === target.id).spent_amount).toBe(4500);
    const oversight = (await as(app, finance).get("/api/financial-manager/dashboard")).json().oversightItems;
    expect(oversight).toContainEqual(
      expect.objectContaining({ id: `overspent:${target.id}`, severity: "critical", amount: 500 }),
    );
    const pending = await as(app, director).get("/api/budget/requests?status=pending");
    const refused = await as(app, director).post("/api/expenses/log", {
      amount: 1,
      category: "food",
      description: "Not approved",
      request_id: pending.json().requests[0].id,
    });
    expect(refused.statusCode).toBe(400);
  });

  it("flag a centre over its monthly budget and large expenses without receipts", async () => {
    await as(app, director).post("/api/expenses/log", {
      amount: 130000,
      category: "rent",
      description: "Quarterly rent",
      payment_mode: "RTGS",
      date: "2026-11-02",
    });
    const dashboard = (await as(app, finance).get("/api/financial-manager/dashboard")).json();
    const ids = dashboard.oversightItems.map((item: { id: string }) => item.id);
    expect(ids).toContain(`monthly-budget:${home!.id}`);
    expect(ids).toContain(`no-receipt:${home!.id}`);
    expect(dashboard.overview.oversightItems).toBe(dashboard.oversightItems.length);
    const rent = dashboard.analytics.budgetDistribution.find((slice: { name: string }) => slice.name === "Rent");
    expect(rent.value).toBeGreaterThanOrEqual(130000);
    const future = await as(app, director).post("/api/expenses/log", {
      amount: 1,
      category: "rent",
      description: "Tomorrow",
      date: "2026-11-21",
    });
    expect(future.json().error).toBe(BUDGET_MESSAGES.dateFuture);
  });

  it("flag requests waiting more than 7 days, from the day they were raised", async () => {
    const waitingId = `waiting:${third!.id}`;
    const raised = await as(app, thirdDirector).post("/api/budget/requests", request(900000, "equipment"));
    expect(raised.json().request.status).toBe("pending");
    expect(raised.json().message).toBe(BUDGET_MESSAGES.waiting);
    const id = raised.json().request.id;
    const items = async () => (await as(app, finance).get("/api/financial-manager/dashboard")).json().oversightItems;
    const DAY = 86_400_000;
    const raisedAt = new Date(raised.json().request.created_at).getTime();
    await db
      .update(budgetRequests)
      .set({ createdAt: new Date(raisedAt - 6 * DAY) })
      .where(eq(budgetRequests.id, id));
    expect((await items()).map((item: { id: string }) => item.id)).not.toContain(waitingId);
    await db
      .update(budgetRequests)
      .set({ createdAt: new Date(raisedAt - 8 * DAY) })
      .where(eq(budgetRequests.id, id));
    expect(await items()).toContainEqual(
      expect.objectContaining({
        id: waitingId,
        severity: "warning",
        amount: 900000,
        title: `Requests waiting more than 7 days at ${third!.name}`,
        description: "1 budget request has waited more than 7 days for a decision.",
      }),
    );
    // A finance manager who reads Hindi reads the same flag in Hindi.
    expect((await as(app, finance).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    try {
      expect(await items()).toContainEqual(
        expect.objectContaining({
          id: waitingId,
          title: `${third!.name} में 7 दिन से ज़्यादा से रुके अनुरोध`,
          description: "1 बजट अनुरोध 7 दिन से ज़्यादा से फ़ैसले का इंतज़ार कर रहा है।",
        }),
      );
    } finally {
      await as(app, finance).put("/api/account/preferences", { language: "en" });
    }
    // Once decided it no longer waits.
    await as(app, finance).put(`/api/financial-manager/approvals/${id}`, { action: "reject" });
    expect((await items()).map((item: { id: string }) => item.id)).not.toContain(waitingId);
  });

  it("flag a spending spike against the centre's own monthly average", async () => {
    const spikeId = `spike:${third!.id}`;
    const items = async () => (await as(app, finance).get("/api/financial-manager/dashboard")).json().oversightItems;
    // The demo's third centre has only this month's rent (₹72,000): no average yet, so no spike.
    expect((await items()).map((item: { id: string }) => item.id)).not.toContain(spikeId);
    // ₹60,000 over the six months before: an average of ₹10,000, against which ₹72,000 is 7.2 times.
    const earlier = await as(app, thirdDirector).post("/api/expenses/log", {
      amount: 60000,
      category: "maintenance",
      description: "Roof repair",
      date: "2026-08-12",
    });
    expect(earlier.statusCode).toBe(201);
    expect(await items()).toContainEqual(
      expect.objectContaining({
        id: spikeId,
        severity: "info",
        amount: 72000,
        description: expect.stringContaining("7.2 times"),
      }),
    );
    // ₹5,00,000 before: an average of about ₹83,333, and ₹72,000 is no spike.
    await as(app, thirdDirector).post("/api/expenses/log", {
      amount: 440000,
      category: "maintenance",
      description: "New wing",
      date: "2026-09-03",
    });
    expect((await items()).map((item: { id: string }) => item.id)).not.toContain(spikeId);
  });

  it("export to an .xlsx with typed dates and amounts and a totals row", async () => {
    const answer = await as(app, finance).get(
      "/api/expenses/export?start_date=2026-11-01&end_date=2026-11-30&category=supplies",
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toMatch(/attachment; filename="expenses_export_\d{8}_\d{6}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Expenses")!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Date");
    expect(sheet.getRow(1).getCell(6).value).toBe("Amount");
    const rows = sheet.getRows(2, sheet.rowCount - 1)!;
    const body = rows.slice(0, -1);
    expect(body.map((row) => row.getCell(5).value).sort()).toEqual(["Craft material", "Crayons"]);
    const craft = body.find((row) => row.getCell(5).value === "Craft material")!;
    expect(craft.getCell(1).value).toEqual(new Date("2026-11-20T00:00:00Z"));
    expect(craft.getCell(6).value).toBe(4500);
    expect(craft.getCell(6).numFmt).toContain("₹");
    const total = rows.at(-1)!;
    expect(total.getCell(1).value).toBe("Total");
    expect(total.getCell(6).value).toMatchObject({ result: 5700.5 });
    expect(workbook.getWorksheet("Budget Requests")!.getRow(1).getCell(8).value).toBe("Status");

    const bad = await as(app, finance).get("/api/expenses/export?start_date=2026-02-30");
    expect(bad.statusCode).toBe(400);
    expect((await as(app, teacher).get("/api/expenses/export")).statusCode).toBe(403);
  });

  it("names the export by the centre's date and time: 23:30 UTC is the next morning in Kolkata (issue 30, point 8)", async () => {
    const before = clock.now();
    clock.set(new Date("2026-11-20T23:30:00Z"));
    try {
      const late = await signIn(app, DEMO_EMAILS.financial_manager);
      const answer = await as(app, late).get("/api/expenses/export?category=supplies");
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers["content-disposition"]).toBe('attachment; filename="expenses_export_20261121_050000.xlsx"');
    } finally {
      clock.set(before);
    }
  });
});

import { BILLING_MESSAGES } from "@sprout/shared/schemas/billing";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { INVOICE_MESSAGES } from "./messages.ts";
import { runMarkOverdue } from "./overdue-job.ts";

const { app, clock, database } = await createTestApp();
const db = database.db;

const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
const admin = as(app, await signIn(app, DEMO_EMAILS.admin));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));

// Centre 0 is the demo staff's centre; then the others.
const centres = await query<{ id: string; center_name: string }>(
  db,
  "select c.id, c.center_name from centers c order by (c.id = (select center_id from users where email = 'admin@sprout.test')) desc, c.center_name",
);
const childOf = async (centre: number, where = "status = 'active'") =>
  (
    await query<{ id: string; first_name: string; last_name: string }>(
      db,
      `select id, first_name, last_name from students where center_id = '${centres[centre]!.id}' and ${where} order by student_id desc limit 1`,
    )
  )[0]!;
const parentChildren = await query<{ id: string; first_name: string }>(
  db,
  "select s.id, s.first_name from students s join student_guardians sg on sg.student_id = s.id join guardians g on g.id = sg.guardian_id join users u on u.id = g.user_id where u.email = 'parent@sprout.test'",
);

describe("invoice requests", () => {
  it("validates the dialog's fields with the spec's messages", async () => {
    const empty = await admin.post("/api/invoices/requests", {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toMatchObject({
      child_id: BILLING_MESSAGES.studentRequired,
      amount: BILLING_MESSAGES.amountRequired,
      dueDate: BILLING_MESSAGES.dueDateRequired,
    });
    const child = await childOf(0);
    const decimals = await admin.post("/api/invoices/requests", {
      child_id: child.id,
      amount: 10.555,
      dueDate: "2026-12-01",
    });
    expect(decimals.json().error).toBe(BILLING_MESSAGES.amountDecimals);
    const zero = await admin.post("/api/invoices/requests", { child_id: child.id, amount: 0, dueDate: "2026-12-01" });
    expect(zero.json().error).toBe(BILLING_MESSAGES.amountPositive);
    const past = await admin.post("/api/invoices/requests", { child_id: child.id, amount: 100, dueDate: "2026-11-19" });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(BILLING_MESSAGES.dueDatePast);
  });

  it("another centre's child is not found", async () => {
    const other = await childOf(1);
    const response = await admin.post("/api/invoices/requests", {
      child_id: other.id,
      amount: 100,
      dueDate: "2026-12-01",
    });
    expect(response.statusCode).toBe(404);
  });

  it("Pending -> Approved creates one invoice; a decided request cannot be decided again", async () => {
    const child = await childOf(0);
    const created = await admin.post("/api/invoices/requests", {
      child_id: child.id,
      amount: "2500.50",
      dueDate: "2026-12-05",
      description: "Winter camp",
    });
    expect(created.statusCode).toBe(201);
    const request = created.json().request;
    expect(request).toMatchObject({
      status: "Pending",
      amount: 2500.5,
      due_date: "2026-12-05",
      child_name: `${child.first_name} ${child.last_name}`,
      invoice_id: null,
    });

    const list = await admin.get("/api/invoices/requests");
    expect(list.json().requests.map((entry: { id: string }) => entry.id)).toContain(request.id);
    // Another centre's staff cannot see or decide it.
    const stranger = as(app, await signIn(app, DEMO_EMAILS.owner));
    expect((await stranger.get("/api/invoices/requests")).statusCode).toBe(200);

    const approved = await director.post(`/api/invoices/requests/${request.id}/approve`);
    expect(approved.statusCode).toBe(200);
    const body = approved.json();
    expect(body.request.status).toBe("Approved");
    expect(body.request.invoice_number).toMatch(/^[A-Z0-9]{1,3}\/26-27\/\d{6}$/);
    expect(body.message).toContain(body.request.invoice_number);

    const invoice = (await finance.get(`/api/invoices/${body.request.invoice_id}`)).json();
    expect(invoice).toMatchObject({
      kind: "request",
      total_amount: 2500.5,
      balance: 2500.5,
      status: "Pending",
      issue_date: "2026-11-20",
      due_date: "2026-12-05",
      lines: [{ description: "Winter camp", amount: 2500.5 }],
    });

    const again = await director.post(`/api/invoices/requests/${request.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("This request has already been approved");
    const reject = await director.post(`/api/invoices/requests/${request.id}/reject`, { reason: "late" });
    expect(reject.statusCode).toBe(409);
    const invoices = await query<{ count: number }>(
      db,
      `select count(*)::int as count from invoices where request_id = '${request.id}'`,
    );
    expect(invoices[0]!.count).toBe(1);
  });

  it("Pending -> Rejected needs a reason and is audited", async () => {
    const child = await childOf(0);
    const request = (
      await admin.post("/api/invoices/requests", { child_id: child.id, amount: 800, dueDate: "2026-12-01" })
    ).json().request;
    const noReason = await admin.post(`/api/invoices/requests/${request.id}/reject`, { reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(BILLING_MESSAGES.rejectReasonRequired);
    const rejected = await admin.post(`/api/invoices/requests/${request.id}/reject`, { reason: "Duplicate request" });
    expect(rejected.json().request).toMatchObject({
      status: "Rejected",
      reject_reason: "Duplicate request",
      invoice_id: null,
    });
    const audit = await query<{ action: string }>(
      db,
      `select action from audit_log where entity_id = '${request.id}' order by at`,
    );
    expect(audit.map((row) => row.action)).toEqual(["invoice_request.create", "invoice_request.reject"]);
  });

  it("pages Pending first; the pending count and the total cover every page, a status filter narrows the total", async () => {
    const child = await childOf(0);
    for (const amount of [101, 102, 103])
      await admin.post("/api/invoices/requests", { child_id: child.id, amount, dueDate: "2026-12-01" });
    const counted = async (status?: string) =>
      (
        await query<{ count: number }>(
          db,
          `select count(*)::int as count from invoice_requests where center_id = '${centres[0]!.id}'${status ? ` and status = '${status}'` : ""}`,
        )
      )[0]!.count;
    const first = (await director.get("/api/invoices/requests?page=1&limit=2")).json();
    const second = (await director.get("/api/invoices/requests?page=2&limit=2")).json();
    expect(first.requests).toHaveLength(2);
    expect(first.pagination).toMatchObject({ page: 1, limit: 2, total: await counted() });
    expect(first.pending).toBe(await counted("Pending"));
    const ids = (page: { requests: { id: string }[] }) => page.requests.map((entry) => entry.id);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    expect(first.requests.every((entry: { status: string }) => entry.status === "Pending")).toBe(true);

    const approved = (await director.get("/api/invoices/requests?status=Approved&limit=100")).json();
    expect(approved.pagination.total).toBe(await counted("Approved"));
    expect(approved.requests.every((entry: { status: string }) => entry.status === "Approved")).toBe(true);
    expect(approved.pending).toBe(await counted("Pending"));
    expect((await director.get("/api/invoices/requests?limit=0")).statusCode).toBe(400);
  });

  it("a centre's director gets 404 for another centre's request", async () => {
    const owner = as(app, await signIn(app, DEMO_EMAILS.owner));
    const other = await childOf(1);
    const request = (
      await owner.post("/api/invoices/requests", { child_id: other.id, amount: 800, dueDate: "2026-12-01" })
    ).json().request;
    expect((await director.post(`/api/invoices/requests/${request.id}/approve`)).statusCode).toBe(404);
    expect((await director.post(`/api/invoices/requests/${request.id}/reject`, { reason: "x" })).statusCode).toBe(404);
  });
});

describe("payments, rounding and status", () => {
  async function newInvoice(amount: number | string) {
    const child = await childOf(0);
    const request = (
      await admin.post("/api/invoices/requests", { child_id: child.id, amount, dueDate: "2026-12-10" })
    ).json().request;
    return (await finance.post(`/api/invoices/requests/${request.id}/approve`)).json().request.invoice_id as string;
  }

  it("part payments add up exactly in paise; paid in full makes the invoice Paid", async () => {
    const id = await newInvoice(10000);
    for (const amount of [3333.33, 3333.33]) {
      const response = await finance.post(`/api/invoices/${id}/payments`, {
        amount,
        paid_on: "2026-11-20",
        mode: "upi",
        reference: "UPI123",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().invoice.status).toBe("Pending");
    }
    const tooMuch = await finance.post(`/api/invoices/${id}/payments`, {
      amount: 3333.35,
      paid_on: "2026-11-20",
      mode: "cash",
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe("Amount exceeds the balance due of ₹3,333.34");
    const last = await finance.post(`/api/invoices/${id}/payments`, {
      amount: 3333.34,
      paid_on: "2026-11-20",
      mode: "cash",
    });
    expect(last.json().invoice).toMatchObject({ status: "Paid", amount_paid: 10000, balance: 0 });
    expect(last.json().message).toContain("is now Paid");
    const stored = await query<{ paid_paise: string; total_paise: string; sum: string }>(
      db,
      `select paid_paise, total_paise, (select sum(amount_paise) from payments where invoice_id = '${id}') as sum from invoices where id = '${id}'`,
    );
    expect(Number(stored[0]!.paid_paise)).toBe(1_000_000);
    expect(Number(stored[0]!.sum)).toBe(1_000_000);
    const again = await finance.post(`/api/invoices/${id}/payments`, {
      amount: 1,
      paid_on: "2026-11-20",
      mode: "cash",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(INVOICE_MESSAGES.alreadyPaid);
  });

  it("0.1 + 0.2 is 0.30 exactly; three decimals are refused", async () => {
    const id = await newInvoice(0.3);
    await finance.post(`/api/invoices/${id}/payments`, { amount: 0.1, paid_on: "2026-11-20", mode: "cash" });
    const second = await finance.post(`/api/invoices/${id}/payments`, {
      amount: 0.2,
      paid_on: "2026-11-20",
      mode: "cash",
    });
    expect(second.json().invoice).toMatchObject({ status: "Paid", amount_paid: 0.3, balance: 0 });
    const other = await newInvoice(100);
    const decimals = await finance.post(`/api/invoices/${other}/payments`, {
      amount: 33.333,
      paid_on: "2026-11-20",
      mode: "cash",
    });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().error).toBe(BILLING_MESSAGES.amountDecimals);
    const future = await finance.post(`/api/invoices/${other}/payments`, {
      amount: 10,
      paid_on: "2026-11-21",
      mode: "cash",
    });
    expect(future.json().error).toBe(BILLING_MESSAGES.paymentDateFuture);
    const noMode = await finance.post(`/api/invoices/${other}/payments`, { amount: 10, paid_on: "2026-11-20" });
    expect(noMode.json().error).toBe(BILLING_MESSAGES.paymentModeRequired);
  });

  it("cancel needs a reason, keeps the invoice, and refuses invoices with payments", async () => {
    const id = await newInvoice(500);
    expect((await admin.post(`/api/invoices/${id}/cancel`, { reason: "" })).json().error).toBe(
      BILLING_MESSAGES.cancelReasonRequired,
    );
    const cancelled = await admin.post(`/api/invoices/${id}/cancel`, { reason: "Raised twice" });
    expect(cancelled.json().invoice).toMatchObject({ status: "Cancelled", cancel_reason: "Raised twice" });
    const pay = await finance.post(`/api/invoices/${id}/payments`, { amount: 10, paid_on: "2026-11-20", mode: "cash" });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error).toBe(INVOICE_MESSAGES.cancelled);
    const partPaid = await newInvoice(500);
    await finance.post(`/api/invoices/${partPaid}/payments`, { amount: 100, paid_on: "2026-11-20", mode: "cash" });
    const refused = await admin.post(`/api/invoices/${partPaid}/cancel`, { reason: "Wrong" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(INVOICE_MESSAGES.hasPayments);
    expect((await query(db, `select id from invoices where id = '${id}'`)).length).toBe(1);
  });

  it("the overdue job moves Pending invoices past their due date (centre time) to Overdue, once", async () => {
    const id = await newInvoice(1200);
    await finance.post(`/api/invoices/${id}/payments`, { amount: 200, paid_on: "2026-11-20", mode: "cash" });
    const statusOf = async () =>
      (await query<{ status: string }>(db, `select status from invoices where id = '${id}'`))[0]!.status;
    // Due 2026-12-10: still due on the 10th in Kolkata, overdue from 00:00 IST on the 11th (18:30Z on the 10th).
    try {
      clock.set(new Date("2026-12-10T18:00:00Z"));
      await runMarkOverdue(db, clock);
      expect(await statusOf()).toBe("Pending");
      clock.set(new Date("2026-12-10T18:31:00Z"));
      const first = await runMarkOverdue(db, clock);
      expect(first.ran).toBe(true);
      expect(first.overdue).toBeGreaterThanOrEqual(1);
      expect(await statusOf()).toBe("Overdue");
      expect((await runMarkOverdue(db, clock)).overdue).toBe(0);
    } finally {
      clock.set(new Date("2026-11-20T06:30:00Z"));
    }
    const audit = await query<{ action: string }>(
      db,
      `select action from audit_log where entity_id = '${id}' and action = 'invoice.overdue'`,
    );
    expect(audit).toHaveLength(1);
    // Paying the rest of an overdue invoice makes it Paid.
    const paid = await finance.post(`/api/invoices/${id}/payments`, {
      amount: 1000,
      paid_on: "2026-11-20",
      mode: "card",
    });
    expect(paid.json().invoice.status).toBe("Paid");
  });
});

describe("invoice list", () => {
  it("answers {invoices, pagination} with page sizes 5/10/25/50 and the spec's fields", async () => {
    const page = await finance.get("/api/invoices?page=1&limit=5");
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.invoices).toHaveLength(5);
    expect(body.pagination).toMatchObject({ current_page: 1, items_per_page: 5 });
    expect(body.pagination.total_pages).toBe(Math.ceil(body.pagination.total_items / 5));
    expect(Object.keys(body.invoices[0])).toEqual(
      expect.arrayContaining([
        "id",
        "invoice_number",
        "child_first_name",
        "child_last_name",
        "classroom_name",
        "student_id",
        "issue_date",
        "due_date",
        "total_amount",
        "status",
      ]),
    );
    expect((await finance.get("/api/invoices")).json().pagination.items_per_page).toBe(10);
    expect((await finance.get("/api/invoices?limit=7")).statusCode).toBe(400);
  });

  it("filters by status and searches by child name", async () => {
    const overdue = (await finance.get("/api/invoices?status=Overdue&limit=50")).json();
    expect(overdue.invoices.length).toBeGreaterThan(0);
    expect(overdue.invoices.every((invoice: { status: string }) => invoice.status === "Overdue")).toBe(true);
    const name = overdue.invoices[0].child_first_name as string;
    const found = (
      await finance.get(`/api/invoices?child_name=${encodeURIComponent(name.toLowerCase())}&limit=50`)
    ).json();
    expect(found.invoices.length).toBeGreaterThan(0);
    expect(
      found.invoices.every((invoice: { child_first_name: string; child_last_name: string }) =>
        `${invoice.child_first_name} ${invoice.child_last_name}`.toLowerCase().includes(name.toLowerCase()),
      ),
    ).toBe(true);
    expect((await finance.get("/api/invoices?child_name=zzzz-nobody")).json()).toMatchObject({
      invoices: [],
      pagination: { total_items: 0, total_pages: 1 },
    });
    expect((await finance.get("/api/invoices?child_name=%25")).json().invoices).toEqual([]);
  });

  it("a name search answers the same rows in the same order, counted exactly under the cap", async () => {
    const matching = await query<{ id: string }>(
      db,
      `select i.id from invoices i join students s on s.id = i.student_id
       where (s.first_name || ' ' || s.last_name) ilike '%a%'
       order by i.issue_date desc, i.invoice_number desc`,
    );
    expect(matching.length).toBeGreaterThan(5);
    const ids = (page: { invoices: { id: string }[] }) => page.invoices.map((invoice) => invoice.id);
    const first = (await finance.get("/api/invoices?child_name=a&limit=5")).json();
    expect(ids(first)).toEqual(matching.slice(0, 5).map((row) => row.id));
    expect(first.pagination).toMatchObject({ total_items: matching.length, total_is_lower_bound: false });
    const second = (await finance.get("/api/invoices?child_name=a&limit=5&page=2")).json();
    expect(ids(second)).toEqual(matching.slice(5, 10).map((row) => row.id));
    expect((await finance.get("/api/invoices?limit=5")).json().pagination.total_is_lower_bound).toBe(false);
  });

  it("a parent sees only their own children's invoices; another family's invoice is 404", async () => {
    const mine = (await parent.get("/api/invoices?limit=50")).json();
    const ids = parentChildren.map((child) => child.id);
    expect(mine.invoices.length).toBeGreaterThan(0);
    expect(mine.invoices.every((invoice: { child_id: string }) => ids.includes(invoice.child_id))).toBe(true);
    const others = await query<{ id: string }>(
      db,
      `select id from invoices where student_id not in (${ids.map((id) => `'${id}'`).join(",")}) limit 1`,
    );
    expect((await parent.get(`/api/invoices/${others[0]!.id}`)).statusCode).toBe(404);
  });

  it("a centre's staff see only their centre; another centre's invoice is 404", async () => {
    const owner = as(app, await signIn(app, DEMO_EMAILS.owner));
    const child = await childOf(2);
    const request = (
      await owner.post("/api/invoices/requests", { child_id: child.id, amount: 900, dueDate: "2026-12-01" })
    ).json().request;
    const invoiceId = (await finance.post(`/api/invoices/requests/${request.id}/approve`)).json().request.invoice_id;
    expect((await director.get(`/api/invoices/${invoiceId}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/invoices/${invoiceId}/cancel`, { reason: "x" })).statusCode).toBe(404);
    const listed = (await admin.get("/api/invoices?limit=50")).json();
    expect(
      listed.invoices.every((invoice: { center_name: string }) => invoice.center_name === centres[0]!.center_name),
    ).toBe(true);
    expect((await admin.get(`/api/invoices?center_id=${centres[2]!.id}`)).statusCode).toBe(404);
  });

  it("a parent lists one child's invoices with child_id; another family's child is 404", async () => {
    const child = parentChildren[0]!;
    const own = await query<{ count: number }>(
      db,
      `select count(*)::int as count from invoices where student_id = '${child.id}'`,
    );
    const page = (await parent.get(`/api/invoices?child_id=${child.id}&limit=50`)).json();
    expect(page.pagination.total_items).toBe(own[0]!.count);
    expect(page.invoices.every((invoice: { child_id: string }) => invoice.child_id === child.id)).toBe(true);
    const other = await query<{ id: string }>(
      db,
      `select id from students where id not in (${parentChildren.map((row) => `'${row.id}'`).join(",")}) limit 1`,
    );
    expect((await parent.get(`/api/invoices?child_id=${other[0]!.id}`)).statusCode).toBe(404);
    expect((await parent.get("/api/invoices?child_id=not-a-uuid")).statusCode).toBe(400);
  });

  it("the dashboard's Pending and Overdue Invoices each match the list filtered by that status", async () => {
    const overview = (await admin.get("/api/analytics/overview")).json();
    const listed = async (status: string) =>
      (await admin.get(`/api/invoices?status=${status}&limit=5`)).json().pagination.total_items;
    expect(overview.pending_invoices).toBe(await listed("Pending"));
    expect(overview.overdue_invoices).toBe(await listed("Overdue"));
    const counted = await query<{ status: string; count: number }>(
      db,
      `select status, count(*)::int as count from invoices where center_id = '${centres[0]!.id}' group by status`,
    );
    const of = (status: string) => counted.find((row) => row.status === status)?.count ?? 0;
    expect(overview.pending_invoices).toBe(of("Pending"));
    expect(overview.overdue_invoices).toBe(of("Overdue"));
    const family = await query<{ status: string; count: number }>(
      db,
      `select status, count(*)::int as count from invoices where student_id in (${parentChildren.map((child) => `'${child.id}'`).join(",")}) group by status`,
    );
    const parentOverview = (await parent.get("/api/analytics/overview")).json();
    expect(parentOverview.pending_invoices).toBe(family.find((row) => row.status === "Pending")?.count ?? 0);
    expect(parentOverview.overdue_invoices).toBe(family.find((row) => row.status === "Overdue")?.count ?? 0);
  });
});

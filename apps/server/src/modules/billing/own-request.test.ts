import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { childrenOf, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { invoiceRequests } from "../../db/schema/billing.ts";
import { INVOICE_MESSAGES } from "./messages.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [koramangala] = await demoCentres(db);
const [child] = await childrenOf(db, koramangala!.id);
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const owner = as(app, await signIn(app, DEMO_EMAILS.owner));

describe("segregation of duties on invoice requests", () => {
  it("the person who raised a request cannot approve it; someone else can", async () => {
    const raised = await director.post("/api/invoices/requests", {
      child_id: child!.id,
      amount: 1800,
      dueDate: "2026-12-10",
      description: "Annual day costume",
    });
    expect(raised.statusCode, raised.body).toBe(201);
    const id = raised.json().request.id as string;

    const own = await director.post(`/api/invoices/requests/${id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: INVOICE_MESSAGES.ownRequest, code: "FORBIDDEN" });
    const [still] = await db.select().from(invoiceRequests).where(eq(invoiceRequests.id, id));
    expect(still).toMatchObject({ status: "Pending", decidedBy: null });

    const approved = await owner.post(`/api/invoices/requests/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request.status).toBe("Approved");
    const decided = await db
      .select()
      .from(invoiceRequests)
      .where(and(eq(invoiceRequests.id, id), eq(invoiceRequests.status, "Approved")));
    expect(decided).toHaveLength(1);
  });
});

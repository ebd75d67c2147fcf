import { LINK_MESSAGES } from "@sprout/shared/schemas/link-requests";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { mailOutbox } from "../../db/schema/account.ts";
import { guardians, studentGuardians } from "../../db/schema/children.ts";
import { guardianLinkRequests } from "../../db/schema/link-requests.ts";

/**
 * Issue 20, point 6: typing an existing account's e-mail into the admission form links nothing
 * and reveals nothing; the account's owner accepts (or declines) from their own sign-in.
 */
const { app, database } = await createTestApp();
const db = database.db;
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));

async function admit(childFirstName: string, email: string) {
  const enquiry = await director.post("/api/enquiries", {
    child_name: `${childFirstName} Kapoor`,
    child_dob: "2023-04-02",
    parent_name: "Meera Kapoor",
    mobile_number: "+91 98765 43210",
    email,
    source: "Walk-in",
    major_program: "Pre-school",
    specific_program: "TODDLERS",
    status: "Closed",
  });
  expect(enquiry.statusCode, enquiry.body).toBe(201);
  const [room] = (await director.get("/api/classrooms")).json() as { id: string }[];
  const response = await director.post(`/api/admissions/convert/${enquiry.json().id}`, {
    child: { firstName: childFirstName, lastName: "Kapoor", dateOfBirth: "2023-04-02", gender: "Female" },
    parents: [{ firstName: "Meera", lastName: "Kapoor", relation: "Mother", phone: "98765 43210", email }],
    classroomId: room!.id,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { message: string; student: { id: string; first_name: string }; invited: string[] };
}

/** The answer without what differs by child (ids, numbers, names). */
const shape = (answer: Awaited<ReturnType<typeof admit>>) => ({
  message: answer.message,
  keys: Object.keys(answer).sort(),
  studentKeys: Object.keys(answer.student).sort(),
  invited: answer.invited.length,
});

const myChildren = async (session: ReturnType<typeof as>) =>
  ((await session.get("/api/parents/my-children")).json() as { first_name: string }[]).map((child) => child.first_name);

describe("admission with an existing account's e-mail", () => {
  it("links nothing, and answers exactly as for an address without an account", async () => {
    const fresh = await admit("Tara", "meera.kapoor@example.in");
    const otherFamily = await admit("Zoya", DEMO_EMAILS.parent);
    const staff = await admit("Nisha", DEMO_EMAILS.teacher);
    expect(fresh.invited).toEqual(["meera.kapoor@example.in"]);
    expect(otherFamily.invited).toEqual([DEMO_EMAILS.parent]);
    expect(staff.invited).toEqual([DEMO_EMAILS.teacher]);
    expect(shape(otherFamily)).toEqual(shape(fresh));
    expect(shape(staff)).toEqual(shape(fresh));

    // The other family's account has not got the child; the guardian record has no sign-in.
    const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
    expect(await myChildren(parent)).not.toContain("Zoya");
    const [guardian] = await db
      .select({ userId: guardians.userId })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(eq(studentGuardians.studentId, otherFamily.student.id));
    expect(guardian!.userId).toBeNull();
    // A staff account gets no request at all, only a notice that it cannot be linked.
    expect(
      await db.select().from(guardianLinkRequests).where(eq(guardianLinkRequests.studentId, staff.student.id)),
    ).toEqual([]);
    const mails = await db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, DEMO_EMAILS.parent));
    expect(mails.map((mail) => mail.subject)).toContain("Sprout: is Zoya Kapoor your child?");
  });

  it("the parent sees the request in their own sign-in; accepting links the child, once; declining does not", async () => {
    const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
    const requests = (await parent.get("/api/parents/link-requests")).json() as {
      id: string;
      child_first_name: string;
    }[];
    expect(requests.map((request) => request.child_first_name)).toEqual(["Zoya"]);

    // Nobody else can answer it: staff are refused, and a request for another account is not found.
    expect((await director.post(`/api/parents/link-requests/${requests[0]!.id}/accept`)).statusCode).toBe(403);
    const forFresh = await admit("Kiara", "meera.kapoor@example.in");
    const [freshRequest] = await db
      .select({ id: guardianLinkRequests.id })
      .from(guardianLinkRequests)
      .where(eq(guardianLinkRequests.studentId, forFresh.student.id));
    expect((await parent.post(`/api/parents/link-requests/${freshRequest!.id}/accept`)).statusCode).toBe(404);

    const accepted = await parent.post(`/api/parents/link-requests/${requests[0]!.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(LINK_MESSAGES.accepted("Zoya Kapoor"));
    expect(await myChildren(parent)).toContain("Zoya");
    expect((await parent.post(`/api/parents/link-requests/${requests[0]!.id}/accept`)).statusCode).toBe(404);
    expect((await parent.get("/api/parents/link-requests")).json()).toEqual([]);

    const another = await admit("Riya", DEMO_EMAILS.parent);
    const [pending] = (await parent.get("/api/parents/link-requests")).json() as { id: string }[];
    const declined = await parent.post(`/api/parents/link-requests/${pending!.id}/decline`);
    expect(declined.json().message).toBe(LINK_MESSAGES.declined);
    expect(await myChildren(parent)).not.toContain("Riya");
    const [request] = await db
      .select({ status: guardianLinkRequests.status })
      .from(guardianLinkRequests)
      .where(and(eq(guardianLinkRequests.studentId, another.student.id)));
    expect(request!.status).toBe("declined");
  });
});

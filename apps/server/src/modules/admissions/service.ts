import { english } from "@sprout/shared/i18n/english";
import type { Language } from "@sprout/shared/i18n/languages";
import type { Role } from "@sprout/shared/roles";
import { ADMISSION_MESSAGES, type AdmissionResponse, admissionSchema } from "@sprout/shared/schemas/admissions";
import { ENQUIRY_MESSAGES, fieldErrors, todayIn } from "@sprout/shared/schemas/enquiries";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { guardianLinkRequests } from "../../db/schema/link-requests.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { EnquiriesService } from "../enquiries/service.ts";
import { noticeMail } from "./mail.ts";
import { mayBeAskedToLink } from "./policy.ts";

/** Sends a new account its e-mailed invitation to set a password (the account area's mechanism). */
export interface Inviter {
  invite(user: { id: string; email: string; fullName: string }, appUrl: string): Promise<unknown>;
}

interface Logger {
  error(object: object, message: string): void;
}

interface Deps {
  db: Database;
  clock: Clock;
  enquiries: EnquiriesService;
  inviter: Inviter;
  mailer: Pick<Mailer, "send">;
  log?: Logger;
}

/**
 * Admission: a closed enquiry becomes an enrolled child. The student, the guardians, their links,
 * the classroom placement and the parents' sign-ins are made in one transaction; invitations are
 * e-mailed once it has committed.
 */
export function createAdmissionsService({ db, clock, enquiries: enquiryService, inviter, mailer, log }: Deps) {
  return {
    async convert(caller: Caller, enquiryId: string, body: unknown, appUrl: string): Promise<AdmissionResponse> {
      const scope = await caller.scope();
      const found = await enquiryService.findInScope(scope, enquiryId);
      const enquiry = found.enquiry;
      if (enquiry.studentId) throw conflict(ENQUIRY_MESSAGES.alreadyAdmitted);
      if (enquiry.status !== "Closed") throw conflict(english("server.closeEnquiryFirst"));

      const [centre] = await db
        .select({ timeZone: centers.timeZone, name: centers.name })
        .from(centers)
        .where(eq(centers.id, enquiry.centerId));
      const today = todayIn(centre!.timeZone, clock.now());
      const parsed = admissionSchema({ today }).safeParse(body);
      if (!parsed.success) {
        const details = fieldErrors(parsed.error);
        throw badRequest(Object.values(details)[0] ?? ENQUIRY_MESSAGES.fixErrors, details);
      }
      const admission = parsed.data;

      const [room] = await db
        .select({ id: classrooms.id, name: classrooms.name })
        .from(classrooms)
        .where(and(eq(classrooms.id, admission.classroomId), eq(classrooms.centerId, enquiry.centerId)));
      if (!room)
        throw badRequest(ADMISSION_MESSAGES.classroomUnknown, { classroomId: ADMISSION_MESSAGES.classroomUnknown });

      const now = clock.now();
      const enrollmentDate = admission.probableJoiningDate ?? today;

      const outcome = await db.transaction(async (tx) => {
        // Claims the enquiry first: a second conversion, even a simultaneous one, finds it taken.
        const [claimed] = await tx
          .update(enquiries)
          .set({
            convertedAt: now,
            updatedAt: now,
            probableJoiningDate: admission.probableJoiningDate ?? enquiry.probableJoiningDate,
          })
          .where(and(eq(enquiries.id, enquiry.id), isNull(enquiries.convertedAt), eq(enquiries.status, "Closed")))
          .returning({ id: enquiries.id });
        if (!claimed) throw conflict(ENQUIRY_MESSAGES.alreadyAdmitted);

        const [student] = await tx
          .insert(students)
          .values({
            centerId: enquiry.centerId,
            classroomId: room.id,
            firstName: admission.child.firstName,
            lastName: admission.child.lastName,
            gender: admission.child.gender,
            dateOfBirth: admission.child.dateOfBirth,
            status: "active",
            enrollmentDate,
            programName: `${enquiry.majorProgram} - ${enquiry.specificProgram}`,
            createdAt: now,
            updatedAt: now,
          })
          .returning();

        const invitations: { id: string; email: string; fullName: string }[] = [];
        const notices: { email: string; kind: "link_request" | "not_linkable"; language: Language | null }[] = [];
        for (const parent of admission.parents) {
          const fullName = `${parent.firstName} ${parent.lastName}`.trim();
          let userId: string | null = null;
          let existing: { id: string; role: Role; organisationId: string; language: Language | null } | undefined;
          if (parent.email) {
            [existing] = await tx
              .select({
                id: users.id,
                role: users.role,
                organisationId: users.organisationId,
                language: users.language,
              })
              .from(users)
              .where(eq(sql`lower(${users.email})`, parent.email));
            if (!existing) {
              const [created] = await tx
                .insert(users)
                .values({
                  organisationId: caller.organisationId,
                  email: parent.email,
                  passwordHash: null,
                  fullName,
                  role: "parent",
                  centerId: enquiry.centerId,
                  phoneNumber: parent.phone,
                  createdAt: now,
                  updatedAt: now,
                })
                .returning({ id: users.id, email: users.email, fullName: users.fullName });
              userId = created!.id;
              invitations.push(created!);
            }
          }

          // A brother or sister already at the centre: the same guardian record serves both,
          // unless that record belongs to a sign-in (reusing it would hand this child to the
          // account without its owner's consent) or the address has an account of its own.
          const [sibling] =
            parent.email && !existing
              ? await tx
                  .select({ id: guardians.id })
                  .from(guardians)
                  .where(
                    and(
                      eq(guardians.centerId, enquiry.centerId),
                      eq(sql`lower(${guardians.email})`, parent.email),
                      isNull(guardians.userId),
                    ),
                  )
                  .limit(1)
              : [];
          let guardianId = sibling?.id;
          if (sibling && userId) await tx.update(guardians).set({ userId }).where(eq(guardians.id, sibling.id));
          if (!guardianId) {
            const [guardian] = await tx
              .insert(guardians)
              .values({
                centerId: enquiry.centerId,
                firstName: parent.firstName,
                lastName: parent.lastName,
                phone: parent.phone,
                email: parent.email,
                userId,
                createdAt: now,
              })
              .returning({ id: guardians.id });
            guardianId = guardian!.id;
          }
          await tx
            .insert(studentGuardians)
            .values({ studentId: student!.id, guardianId, relation: parent.relation, isPrimary: parent.isPrimary });

          // An existing parent sign-in of this organisation is asked, never linked; any other
          // account (staff, another organisation) is told it cannot be linked. Either way the
          // address is e-mailed, so the answer is the same whether or not it has an account.
          if (existing && parent.email) {
            const linkable = mayBeAskedToLink(caller, existing);
            if (linkable)
              await tx.insert(guardianLinkRequests).values({
                organisationId: caller.organisationId,
                userId: existing.id,
                guardianId,
                studentId: student!.id,
                requestedBy: caller.userId,
                createdAt: now,
              });
            notices.push({
              email: parent.email,
              kind: linkable ? "link_request" : "not_linkable",
              language: existing.language,
            });
          }
        }

        await tx.update(enquiries).set({ studentId: student!.id }).where(eq(enquiries.id, enquiry.id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "enquiry_admitted",
          entity: "student",
          entityId: student!.id,
          after: {
            enquiryId: enquiry.id,
            studentId: student!.studentId,
            classroom: room.name,
            parents: admission.parents.length,
            invited: invitations.map((user) => user.email),
            link_requests: notices.filter((notice) => notice.kind === "link_request").map((notice) => notice.email),
          },
        });
        return { student: student!, invitations, notices };
      });

      // Mail leaves only once the admission is committed; a failed e-mail does not undo it (the
      // parent can still use "Forgot your password?", and a link request waits in their portal).
      const childName = `${outcome.student.firstName} ${outcome.student.lastName}`.trim();
      const invited: string[] = [];
      const deliveries = [
        ...outcome.invitations.map((user) => ({ email: user.email, send: () => inviter.invite(user, appUrl) })),
        ...outcome.notices.map((notice) => ({
          email: notice.email,
          send: () => mailer.send(noticeMail(notice, childName, centre!.name, appUrl)),
        })),
      ];
      for (const delivery of deliveries) {
        try {
          await delivery.send();
          invited.push(delivery.email);
        } catch (error) {
          log?.error({ err: error }, "admission e-mail could not be sent");
        }
      }
      // In the order the parents were typed, so the answer does not group addresses by kind.
      const typed = admission.parents.map((parent) => parent.email).filter((email): email is string => !!email);
      invited.sort((a, b) => typed.indexOf(a) - typed.indexOf(b));

      return {
        message: ADMISSION_MESSAGES.admitted,
        student: {
          id: outcome.student.id,
          student_id: outcome.student.studentId,
          first_name: outcome.student.firstName,
          last_name: outcome.student.lastName,
          class_id: room.id,
          classroom_name: room.name,
          enrollment_date: outcome.student.enrollmentDate,
        },
        invited,
      };
    },
  };
}
export type AdmissionsService = ReturnType<typeof createAdmissionsService>;

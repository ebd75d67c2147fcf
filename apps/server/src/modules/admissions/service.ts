import { ADMISSION_MESSAGES, type AdmissionResponse, admissionSchema } from "@sprout/shared/schemas/admissions";
import { ENQUIRY_MESSAGES, fieldErrors, todayIn } from "@sprout/shared/schemas/enquiries";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, HttpError } from "../../lib/errors.ts";
import type { EnquiriesService } from "../enquiries/service.ts";

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
  log?: Logger;
}

/**
 * Admission: a closed enquiry becomes an enrolled child. The student, the guardians, their links,
 * the classroom placement and the parents' sign-ins are made in one transaction; invitations are
 * e-mailed once it has committed.
 */
export function createAdmissionsService({ db, clock, enquiries: enquiryService, inviter, log }: Deps) {
  return {
    async convert(caller: Caller, enquiryId: string, body: unknown, appUrl: string): Promise<AdmissionResponse> {
      const scope = await caller.scope();
      const found = await enquiryService.findInScope(scope, enquiryId);
      const enquiry = found.enquiry;
      if (enquiry.studentId) throw conflict(ENQUIRY_MESSAGES.alreadyAdmitted);
      if (enquiry.status !== "Closed") throw conflict("Save the enquiry as Closed before admitting the child");

      const [centre] = await db
        .select({ timeZone: centers.timeZone })
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
        const linked: string[] = [];
        for (const [index, parent] of admission.parents.entries()) {
          const fullName = `${parent.firstName} ${parent.lastName}`.trim();
          let userId: string | null = null;
          if (parent.email) {
            const [existing] = await tx
              .select({ id: users.id, role: users.role, organisationId: users.organisationId })
              .from(users)
              .where(eq(sql`lower(${users.email})`, parent.email));
            if (existing && (existing.role !== "parent" || existing.organisationId !== caller.organisationId)) {
              // Half-way on purpose: the student and earlier guardians are already written; the
              // transaction takes them back.
              throw new HttpError(409, "EMAIL_TAKEN", ADMISSION_MESSAGES.emailTaken, {
                [`parents.${index}.email`]: ADMISSION_MESSAGES.emailTaken,
              });
            }
            if (existing) {
              userId = existing.id;
              linked.push(parent.email);
            } else {
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

          // A brother or sister already at the centre: the same guardian record serves both.
          const [sibling] = parent.email
            ? await tx
                .select({ id: guardians.id, userId: guardians.userId })
                .from(guardians)
                .where(and(eq(guardians.centerId, enquiry.centerId), eq(sql`lower(${guardians.email})`, parent.email)))
                .limit(1)
            : [];
          let guardianId = sibling?.id;
          if (sibling && !sibling.userId && userId)
            await tx.update(guardians).set({ userId }).where(eq(guardians.id, sibling.id));
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
          },
        });
        return { student: student!, invitations, linked };
      });

      // Invitations leave only once the admission is committed; a failed e-mail does not undo it
      // (the parent can still use "Forgot your password?").
      const invited: string[] = [];
      for (const user of outcome.invitations) {
        try {
          await inviter.invite(user, appUrl);
          invited.push(user.email);
        } catch (error) {
          log?.error({ err: error, userId: user.id }, "parent invitation could not be sent");
        }
      }

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
        linked: outcome.linked,
      };
    },
  };
}
export type AdmissionsService = ReturnType<typeof createAdmissionsService>;

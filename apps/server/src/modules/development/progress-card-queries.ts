import { type PublishedCard, publishedCard } from "@sprout/shared/schemas/development/card";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { may } from "../../auth/access.ts";
import { type Caller, mayReadChild, type Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, classroomTeachers, students } from "../../db/schema/children.ts";
import {
  assessmentHistory,
  assessmentTerms,
  childAssessments,
  progressCardAcknowledgements,
} from "../../db/schema/development.ts";
import { photoConsents, portfolioItemChildren, portfolioItems } from "../../db/schema/digital-portfolio.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { notFound } from "../../lib/errors.ts";
import { consentAllows } from "../digital-portfolio/policy.ts";

/*
 * The reads the progress card's services share (issue 36, point 4): a published card found
 * through the caller's scope, and the photos of it that consent allows now.
 */

export const childName = sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`;

/** A published assessment with its child, term and centre, and the card (its last publication). */
export interface FoundCard {
  assessmentId: string;
  version: number;
  publishedAt: Date;
  card: PublishedCard;
  child: {
    id: string;
    name: string;
    dateOfBirth: string | null;
    centerId: string;
    classroomId: string | null;
    classroomName: string | null;
  };
  term: { id: string; name: string; startsOn: string; endsOn: string; frameworkKey: string };
  centre: { id: string; name: string; organisationId: string; timeZone: string; language: string };
}

/**
 * The card of an assessment the caller may read, or 404: the child outside the caller's scope
 * (another family, another classroom, another centre), or nothing published yet (a draft).
 * What families see is the last publication, even while a reissue is being prepared.
 */
export async function findCard(db: Database, scope: Scope, assessmentId: string): Promise<FoundCard> {
  const [row] = await db
    .select({
      assessmentId: childAssessments.id,
      childId: students.id,
      name: childName,
      dateOfBirth: students.dateOfBirth,
      centerId: students.centerId,
      classroomId: students.classroomId,
      classroomName: classrooms.name,
      termId: assessmentTerms.id,
      termName: assessmentTerms.name,
      startsOn: assessmentTerms.startsOn,
      endsOn: assessmentTerms.endsOn,
      frameworkKey: assessmentTerms.frameworkKey,
      centreName: centers.name,
      organisationId: centers.organisationId,
      timeZone: centers.timeZone,
      language: centers.language,
      version: assessmentHistory.version,
      card: assessmentHistory.card,
      publishedAt: assessmentHistory.publishedAt,
    })
    .from(childAssessments)
    .innerJoin(students, eq(students.id, childAssessments.studentId))
    .innerJoin(assessmentTerms, eq(assessmentTerms.id, childAssessments.termId))
    .innerJoin(centers, eq(centers.id, childAssessments.centerId))
    .leftJoin(classrooms, eq(classrooms.id, students.classroomId))
    .innerJoin(assessmentHistory, eq(assessmentHistory.assessmentId, childAssessments.id))
    .where(eq(childAssessments.id, assessmentId))
    .orderBy(desc(assessmentHistory.version))
    .limit(1);
  if (!row) throw notFound("Progress card");
  const child = { id: row.childId, centerId: row.centerId, classroomId: row.classroomId };
  if (!mayReadChild(scope, child)) throw notFound("Progress card");
  return {
    assessmentId: row.assessmentId,
    version: row.version,
    publishedAt: row.publishedAt,
    card: publishedCard.parse(row.card),
    child: {
      ...child,
      name: row.name,
      dateOfBirth: row.dateOfBirth,
      classroomName: row.classroomName,
    },
    term: {
      id: row.termId,
      name: row.termName,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      frameworkKey: row.frameworkKey,
    },
    centre: {
      id: row.centerId,
      name: row.centreName,
      organisationId: row.organisationId,
      timeZone: row.timeZone,
      language: row.language,
    },
  };
}

/** The card's photos that may be shown now: images whose every pictured child's consent allows them. */
export async function allowedPhotos(db: Database, card: FoundCard) {
  const ids = card.card.photo_item_ids;
  if (ids.length === 0) return [];
  const [items, tags] = await Promise.all([
    db
      .select({
        id: portfolioItems.id,
        title: portfolioItems.title,
        isGroup: portfolioItems.isGroup,
        mediaType: portfolioItems.mediaType,
        storedName: portfolioItems.storedName,
        thumbStoredName: portfolioItems.thumbStoredName,
        studentId: portfolioItems.studentId,
      })
      .from(portfolioItems)
      .where(and(inArray(portfolioItems.id, ids), eq(portfolioItems.centerId, card.centre.id))),
    db
      .select({ itemId: portfolioItemChildren.itemId, consent: photoConsents.consent })
      .from(portfolioItemChildren)
      .leftJoin(photoConsents, eq(photoConsents.studentId, portfolioItemChildren.studentId))
      .where(inArray(portfolioItemChildren.itemId, ids)),
  ]);
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids
    .map((id) => byId.get(id))
    .filter((item) => item !== undefined)
    .filter(
      (item) =>
        item.mediaType === "image" &&
        item.thumbStoredName !== null &&
        tags.some((tag) => tag.itemId === item.id) &&
        tags.filter((tag) => tag.itemId === item.id).every((tag) => consentAllows(tag.consent ?? "none", item.isGroup)),
    );
}
export type AllowedPhoto = Awaited<ReturnType<typeof allowedPhotos>>[number];

/** The names of a classroom's teachers, the lead first. */
export async function teacherNames(db: Database, classroomId: string | null): Promise<string[]> {
  if (!classroomId) return [];
  const rows = await db
    .select({ name: users.fullName })
    .from(classroomTeachers)
    .innerJoin(users, eq(users.id, classroomTeachers.teacherId))
    .where(eq(classroomTeachers.classroomId, classroomId))
    .orderBy(sql`${classroomTeachers.role} = 'lead' desc`, asc(users.fullName));
  return rows.map((row) => row.name);
}

/** When the child's family (any guardian) acknowledged this version, if they have. */
export async function acknowledgedAt(db: Database, assessmentId: string, version: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: progressCardAcknowledgements.acknowledgedAt })
    .from(progressCardAcknowledgements)
    .where(
      and(
        eq(progressCardAcknowledgements.assessmentId, assessmentId),
        eq(progressCardAcknowledgements.version, version),
      ),
    )
    .orderBy(asc(progressCardAcknowledgements.acknowledgedAt))
    .limit(1);
  return row?.at ?? null;
}

/** Whether the caller is a guardian of the child (may write the parent's page and acknowledge). */
export const isGuardianOf = (caller: Caller, scope: Scope, childId: string) =>
  may(caller, "progressCards.respond") && (scope.childIds ?? []).includes(childId);

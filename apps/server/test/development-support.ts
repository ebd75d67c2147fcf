import { ALL_ABOUT_ME_FIELDS, type PublishedCard } from "@sprout/shared/schemas/development/card";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../src/db/client.ts";
import {
  assessmentHistory,
  assessmentTermClassrooms,
  assessmentTerms,
  childAssessments,
} from "../src/db/schema/development.ts";
import { portfolioItemChildren, portfolioItems } from "../src/db/schema/digital-portfolio.ts";
import type { FileStore } from "../src/files/store.ts";
import { BUILT_IN_FRAMEWORKS, DEFAULT_FRAMEWORK_KEY } from "../src/modules/development/framework-store.ts";

/*
 * Published assessments for the progress card's tests (issue 36), written exactly as publication
 * writes them: a term for some classrooms, the child's assessment marked published at a version,
 * and one history row per publication whose `card` is a valid `publishedCard` with real NCF-FS
 * competency codes and level keys. Test data only.
 */

export const NCF = BUILT_IN_FRAMEWORKS.get(DEFAULT_FRAMEWORK_KEY)!;
export const LEVEL_KEYS = NCF.file.levels.map((level) => level.key);
/** The first competencies of each domain, in the framework's order. */
export const competenciesOf = (domainCode: string, count = 3) =>
  NCF.file.domains
    .find((domain) => domain.code === domainCode)!
    .goals.flatMap((goal) => goal.competencies)
    .slice(0, count)
    .map((competency) => competency);

export async function openTerm(
  db: Database,
  input: { centerId: string; name: string; startsOn: string; endsOn: string; classroomIds: string[] },
) {
  const [term] = await db
    .insert(assessmentTerms)
    .values({
      centerId: input.centerId,
      name: input.name,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      frameworkKey: DEFAULT_FRAMEWORK_KEY,
      createdAt: new Date("2026-06-01T04:00:00Z"),
    })
    .returning();
  if (input.classroomIds.length)
    await db
      .insert(assessmentTermClassrooms)
      .values(input.classroomIds.map((classroomId) => ({ termId: term!.id, classroomId })));
  return term!;
}

export interface CardContent {
  levels?: { competency_code: string; level: string; comment?: string }[];
  narratives?: { domain_code: string; narrative: string }[];
  photoItemIds?: string[];
  allAboutMe?: PublishedCard["all_about_me"];
  levelLabels?: Record<string, string>;
}

/** A publishedCard for a term, every field valid. */
export function cardFor(term: typeof assessmentTerms.$inferSelect, content: CardContent): PublishedCard {
  return {
    framework_key: DEFAULT_FRAMEWORK_KEY,
    term: { id: term.id, name: term.name, starts_on: term.startsOn, ends_on: term.endsOn },
    level_labels: content.levelLabels ?? Object.fromEntries(NCF.file.levels.map((level) => [level.key, level.label])),
    levels: (content.levels ?? []).map((entry) => ({ comment: "", ...entry })),
    narratives: content.narratives ?? [],
    photo_item_ids: content.photoItemIds ?? [],
    all_about_me: content.allAboutMe ?? {},
  };
}

/**
 * Publishes (or, when the child already has one in the term, reissues) a child's assessment:
 * status published, version + 1, and the history row that is the card.
 */
export async function publish(
  db: Database,
  input: {
    term: typeof assessmentTerms.$inferSelect;
    childId: string;
    classroomId: string | null;
    publishedBy?: string | null;
    at?: Date;
    reason?: string;
  } & CardContent,
) {
  const at = input.at ?? new Date("2026-11-15T06:00:00Z");
  const card = cardFor(input.term, input);
  const [existing] = await db
    .select()
    .from(childAssessments)
    .where(and(eq(childAssessments.termId, input.term.id), eq(childAssessments.studentId, input.childId)));
  const version = (existing?.version ?? 0) + 1;
  const values = {
    status: "published" as const,
    version,
    allAboutMe: card.all_about_me as Record<string, string>,
    updatedAt: at,
    publishedAt: at,
  };
  const [assessment] = existing
    ? await db.update(childAssessments).set(values).where(eq(childAssessments.id, existing.id)).returning()
    : await db
        .insert(childAssessments)
        .values({
          ...values,
          termId: input.term.id,
          centerId: input.term.centerId,
          classroomId: input.classroomId,
          studentId: input.childId,
        })
        .returning();
  await db.insert(assessmentHistory).values({
    assessmentId: assessment!.id,
    version,
    card,
    reason: input.reason ?? null,
    publishedBy: input.publishedBy ?? null,
    publishedAt: at,
  });
  return assessment!;
}

/** A draft assessment (never published): no history, version 0. */
export async function draft(
  db: Database,
  input: { term: typeof assessmentTerms.$inferSelect; childId: string; classroomId: string | null },
) {
  const [row] = await db
    .insert(childAssessments)
    .values({
      termId: input.term.id,
      centerId: input.term.centerId,
      classroomId: input.classroomId,
      studentId: input.childId,
      updatedAt: new Date("2026-11-10T06:00:00Z"),
    })
    .returning();
  return row!;
}

/** A real JPEG (a coloured square with a stripe), as the portfolio keeps its thumbnails. */
export async function jpegPhoto(colour = "#3a7", size = 480): Promise<Buffer> {
  const stripe = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${colour}"/><rect y="${size / 3}" width="${size}" height="${size / 6}" fill="#fff"/></svg>`,
  );
  return sharp(stripe).jpeg({ quality: 80 }).toBuffer();
}

/** A photo of one child in the portfolio, its files in the store. */
export async function portfolioPhoto(
  db: Database,
  files: FileStore,
  input: { centerId: string; childId: string; classroomId: string | null; title: string; colour?: string },
) {
  const image = await jpegPhoto(input.colour);
  const [storedName, thumbStoredName] = await Promise.all([files.save(image, "jpg"), files.save(image, "jpg")]);
  const [item] = await db
    .insert(portfolioItems)
    .values({
      centerId: input.centerId,
      studentId: input.childId,
      classroomId: input.classroomId,
      title: input.title,
      fileName: `${input.title}.jpg`,
      mediaType: "image",
      mimeType: "image/jpeg",
      storedName,
      thumbStoredName,
      sizeBytes: image.length,
      width: 480,
      height: 480,
      createdAt: new Date("2026-11-01T06:00:00Z"),
    })
    .returning({ id: portfolioItems.id });
  await db.insert(portfolioItemChildren).values({ itemId: item!.id, studentId: input.childId });
  return item!.id;
}

export const aboutMe = (name: string): PublishedCard["all_about_me"] =>
  Object.fromEntries(ALL_ABOUT_ME_FIELDS.map((field) => [field, field === "my_name_is" ? name : `${field} answer`]));

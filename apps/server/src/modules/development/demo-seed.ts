import { ALL_ABOUT_ME_FIELDS, type AllAboutMeField, type PublishedCard } from "@sprout/shared/schemas/development/card";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import {
  assessmentHistory,
  assessmentLevels,
  assessmentNarratives,
  assessmentPhotos,
  assessmentTermClassrooms,
  assessmentTerms,
  childAssessments,
} from "../../db/schema/development.ts";
import { bandOf, consentedPhotos, monthsBetween } from "./assessment-queries.ts";
import { BUILT_IN_FRAMEWORKS, DEFAULT_FRAMEWORK_KEY } from "./framework-store.ts";

/*
 * The demo's terms (issue 36): a past term with published assessments for most children of the
 * first centre's pre-school rooms (the demo parent's children among them), and the current term
 * with drafts in progress. Everything is chosen from the child's place in the list: the same demo
 * every time.
 */

const PAST = { name: "Term 1, 2026-27", startsOn: "2026-06-01", endsOn: "2026-09-30" };
const CURRENT = { name: "Term 2, 2026-27", startsOn: "2026-10-01", endsOn: "2026-12-31" };

const NARRATIVES: Record<string, string[]> = {
  PD: [
    "{name} runs, climbs and balances with growing confidence and washes hands before meals without a reminder.",
    "{name} enjoys the garden and the climbing frame, and is learning to hold a crayon with a steady grip.",
  ],
  SED: [
    "{name} greets friends by name, takes turns in group games and is beginning to share materials readily.",
    "{name} settles quickly in the morning and comforts a friend who is upset.",
  ],
  CD: [
    "{name} sorts blocks by colour and size, counts up to ten and asks many 'why' questions about the world.",
    "{name} notices patterns in beads and leaves and enjoys simple matching games.",
  ],
  LLD: [
    "{name} listens to stories with interest, retells parts of them and joins in with rhymes in Kannada and English.",
    "{name} is using longer sentences, names pictures in books and enjoys scribbling 'letters'.",
  ],
  ACD: [
    "{name} loves painting with fingers and brushes, and moves happily to music during circle time.",
    "{name} enjoys clay and role play, and sings the morning songs with the group.",
  ],
  PLH: [
    "{name} stays with a puzzle until it is done and tidies up materials after play.",
    "{name} is curious, tries new activities and is learning to wait for a turn.",
  ],
};

const PAGE: Record<AllAboutMeField, string[]> = {
  my_name_is: ["{name}"],
  i_live_with: ["Amma, Appa and my grandmother", "My mummy, papa and little brother", "Amma, Appa and my sister"],
  i_like_to_play: ["With blocks and cars", "In the sand pit", "With my doll and the kitchen set", "Hide and seek"],
  my_favourite_food: ["Idli with chutney", "Dal rice", "Mango", "Dosa", "Banana"],
  my_friends: ["Aarav and Diya", "Myra", "Kabir and Anaya", "Everyone in my class"],
  i_am_good_at: ["Jumping", "Singing rhymes", "Drawing circles", "Helping my teacher"],
  when_i_grow_up: ["I want to be a doctor", "I want to drive a bus", "I want to be a teacher", "I want to fly planes"],
};

const pick = <T>(list: readonly T[], seed: number) => list[seed % list.length]!;

export async function seedDevelopmentDemo(
  tx: Database,
  centre: { id: string },
  roomIds: string[],
  people: { coordinator: string; teachers: Map<string, string> },
) {
  const framework = BUILT_IN_FRAMEWORKS.get(DEFAULT_FRAMEWORK_KEY)!;
  const levelKeys = framework.file.levels.map((level) => level.key);
  const levelLabels = Object.fromEntries(framework.file.levels.map((level) => [level.key, level.label]));
  const rooms = await tx
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(inArray(classrooms.id, roomIds))
    .orderBy(asc(classrooms.name));
  const children = await tx
    .select({
      id: students.id,
      firstName: students.firstName,
      dateOfBirth: students.dateOfBirth,
      classroomId: students.classroomId,
    })
    .from(students)
    .where(and(inArray(students.classroomId, roomIds), eq(students.status, "active")))
    .orderBy(asc(students.studentId));

  async function openTerm(term: typeof PAST) {
    const [row] = await tx
      .insert(assessmentTerms)
      .values({
        centerId: centre.id,
        name: term.name,
        startsOn: term.startsOn,
        endsOn: term.endsOn,
        frameworkKey: framework.key,
        createdBy: people.coordinator,
        createdAt: new Date(`${term.startsOn}T04:30:00Z`),
      })
      .returning();
    await tx.insert(assessmentTermClassrooms).values(rooms.map((room) => ({ termId: row!.id, classroomId: room.id })));
    return row!;
  }

  /** Writes one child's assessment: how much of it depends on `share` (0 to 1) of the suggested competencies. */
  async function assess(
    term: typeof assessmentTerms.$inferSelect,
    child: (typeof children)[number],
    index: number,
    share: number,
    status: "draft" | "submitted" | "published",
  ) {
    const band = bandOf(framework, monthsBetween(child.dateOfBirth, term.startsOn));
    const suggested = [...framework.competencies.values()].filter(
      (placed) => band && placed.competency.age_bands.includes(band.key),
    );
    const chosen = suggested.slice(0, Math.round(suggested.length * share));
    // Each child has their own pace (a fifth mostly at the first level, a fifth mostly at the last),
    // a step either way on some competencies, and later terms a step up on every other one.
    const pace = [1, 0, 1, 2, 1][index % 5]!;
    // Reading, writing and numbers come later to half the class: those domains sit a step lower.
    const later = (domain: string) => (["LLD", "CD"].includes(domain) && index % 2 === 0 ? 1 : 0);
    const lift = term.name === PAST.name ? 0 : 1;
    const levelAt = (at: number, domain: string) => {
      const wobble = (index + at) % 4 === 0 ? -1 : (index + at) % 7 === 0 ? 1 : 0;
      const step = pace - later(domain) + wobble + (at % 2 === 0 ? lift : 0);
      return levelKeys[Math.max(0, Math.min(levelKeys.length - 1, step))]!;
    };
    const levels = chosen.map((placed, at) => ({
      competency_code: placed.competency.code,
      level: levelAt(at, placed.domain.code),
      comment: at % 7 === 0 ? `Seen often in ${placed.domain.name.toLowerCase()} activities.` : "",
    }));
    const domains = share >= 1 ? framework.file.domains : framework.file.domains.slice(0, Math.floor(share * 6));
    const narratives = domains.map((domain) => ({
      domain_code: domain.code,
      narrative: pick(NARRATIVES[domain.code] ?? ["{name} is growing well."], index + lift).replaceAll(
        "{name}",
        child.firstName,
      ),
    }));
    const fields = share >= 1 ? ALL_ABOUT_ME_FIELDS : ALL_ABOUT_ME_FIELDS.slice(0, Math.floor(share * 7));
    const page = Object.fromEntries(
      fields.map((field, at) => [field, pick(PAGE[field], index + at).replaceAll("{name}", child.firstName)]),
    );
    const photos = (await consentedPhotos(tx, child.id)).slice(0, share >= 1 ? 2 : 0).map((photo) => photo.id);
    const teacher = (child.classroomId && people.teachers.get(child.classroomId)) || people.coordinator;
    const updatedAt = new Date(`${term.endsOn}T06:00:00Z`);
    const publishedAt = new Date(`${term.endsOn}T09:00:00Z`);
    const current = term.name === CURRENT.name;
    const [row] = await tx
      .insert(childAssessments)
      .values({
        termId: term.id,
        centerId: centre.id,
        classroomId: child.classroomId,
        studentId: child.id,
        status,
        version: status === "published" ? 1 : 0,
        allAboutMe: page,
        updatedBy: teacher,
        updatedAt: current ? new Date("2026-11-18T06:00:00Z") : updatedAt,
        publishedAt: status === "published" ? publishedAt : null,
      })
      .returning({ id: childAssessments.id });
    const id = row!.id;
    if (levels.length)
      await tx.insert(assessmentLevels).values(
        levels.map((level) => ({
          assessmentId: id,
          competencyCode: level.competency_code,
          level: level.level,
          comment: level.comment,
        })),
      );
    if (narratives.length)
      await tx.insert(assessmentNarratives).values(
        narratives.map((narrative) => ({
          assessmentId: id,
          domainCode: narrative.domain_code,
          narrative: narrative.narrative,
        })),
      );
    if (photos.length)
      await tx
        .insert(assessmentPhotos)
        .values(photos.map((itemId, position) => ({ assessmentId: id, itemId, position })));
    if (status === "published") {
      const card: PublishedCard = {
        framework_key: framework.key,
        term: { id: term.id, name: term.name, starts_on: term.startsOn, ends_on: term.endsOn },
        level_labels: levelLabels,
        levels: [...levels].sort((a, b) => a.competency_code.localeCompare(b.competency_code)),
        narratives,
        photo_item_ids: photos,
        all_about_me: page,
      };
      await tx.insert(assessmentHistory).values({
        assessmentId: id,
        version: 1,
        card,
        reason: null,
        publishedBy: people.coordinator,
        publishedAt,
      });
    }
  }

  const past = await openTerm(PAST);
  for (const [index, child] of children.entries()) {
    // Most children's cards are published; every sixth was left in review when the term closed.
    if (index % 6 === 5) await assess(past, child, index, 1, "submitted");
    else await assess(past, child, index, 1, "published");
  }
  const current = await openTerm(CURRENT);
  for (const [index, child] of children.entries()) {
    // Drafts in progress: some children nearly done (a few submitted), some begun, some not yet.
    const step = index % 4;
    if (step === 3) continue;
    if (step === 0 && index % 8 === 0) await assess(current, child, index, 1, "submitted");
    else await assess(current, child, index, step === 0 ? 0.8 : step === 1 ? 0.5 : 0.25, "draft");
  }
}

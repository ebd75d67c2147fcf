import { wallClockInstant } from "@sprout/shared/schemas/attendance";
import { addDays } from "@sprout/shared/schemas/children";
import { and, eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../../db/client.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { portfolioItemChildren, portfolioItems } from "../../db/schema/digital-portfolio.ts";
import { centers, organisations } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import type { FileStore } from "../../files/store.ts";
import { centreDay } from "../attendance/time.ts";
import { storePhotoConsent } from "../privacy/consent-store.ts";

const W = 1200;
const H = 900;

/** Simple drawn scenes (no stock photos): what a day in the room looks like, in shapes. */
export const SCENES: { title: string; description: string; svg: string }[] = [
  {
    title: "Sunny garden walk",
    description: "Looking for flowers and ladybirds in the garden.",
    svg: `<rect width="${W}" height="${H}" fill="#8fd3f4"/><circle cx="980" cy="170" r="110" fill="#ffd54f"/>
      <rect y="560" width="${W}" height="340" fill="#66bb6a"/>
      ${[180, 380, 620, 840].map((x, i) => `<line x1="${x}" y1="700" x2="${x}" y2="600" stroke="#2e7d32" stroke-width="10"/><circle cx="${x}" cy="580" r="38" fill="${["#ef5350", "#ab47bc", "#ffa726", "#ec407a"][i]}"/><circle cx="${x}" cy="580" r="14" fill="#fff59d"/>`).join("")}`,
  },
  {
    title: "Block tower",
    description: "Eight blocks high before it toppled!",
    svg: `<rect width="${W}" height="${H}" fill="#fff3e0"/><rect y="760" width="${W}" height="140" fill="#bcaaa4"/>
      ${["#e53935", "#1e88e5", "#fdd835", "#43a047", "#8e24aa", "#fb8c00", "#00acc1", "#d81b60"].map((c, i) => `<rect x="${480 + (i % 2) * 30}" y="${680 - i * 80}" width="200" height="80" rx="8" fill="${c}" stroke="#5d4037" stroke-width="4"/>`).join("")}`,
  },
  {
    title: "Finger painting",
    description: "Mixing colours with our hands.",
    svg: `<rect width="${W}" height="${H}" fill="#fafafa"/>
      ${[
        [260, 260, "#e53935"],
        [560, 380, "#1e88e5"],
        [860, 280, "#fdd835"],
        [400, 620, "#43a047"],
        [780, 640, "#8e24aa"],
      ]
        .map(([x, y, c]) => `<ellipse cx="${x}" cy="${y}" rx="170" ry="120" fill="${c}" fill-opacity="0.75"/>`)
        .join("")}`,
  },
  {
    title: "Sand pit",
    description: "Building a castle with buckets and spades.",
    svg: `<rect width="${W}" height="${H}" fill="#b3e5fc"/><rect y="420" width="${W}" height="480" fill="#ffe082"/>
      <polygon points="420,640 520,420 620,640" fill="#ffca28" stroke="#8d6e63" stroke-width="6"/>
      <polygon points="620,640 700,480 780,640" fill="#ffca28" stroke="#8d6e63" stroke-width="6"/>
      <polygon points="880,560 1000,560 980,700 900,700" fill="#e53935"/><rect x="170" y="520" width="24" height="220" fill="#1e88e5"/>`,
  },
  {
    title: "Story time",
    description: "Reading our favourite picture book together.",
    svg: `<rect width="${W}" height="${H}" fill="#ede7f6"/>
      <polygon points="600,300 260,240 260,700 600,760" fill="#ffffff" stroke="#5e35b1" stroke-width="8"/>
      <polygon points="600,300 940,240 940,700 600,760" fill="#ffffff" stroke="#5e35b1" stroke-width="8"/>
      <circle cx="430" cy="470" r="80" fill="#ffb74d"/><rect x="700" y="400" width="160" height="140" fill="#4db6ac"/>`,
  },
];

/** One drawn scene as a JPEG and its thumbnail in a child's portfolio, taken by a teacher at a moment. */
export async function addDemoPhoto(
  db: Database,
  files: FileStore,
  input: {
    child: { id: string; centerId: string; classroomId: string | null };
    scene: (typeof SCENES)[number];
    takenAt: Date;
    teacherId: string;
    favourite: boolean;
  },
) {
  const { child, scene } = input;
  const drawn = sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${scene.svg}</svg>`),
  );
  const display = await drawn.clone().jpeg({ quality: 85 }).toBuffer();
  const thumbnail = await drawn.clone().resize({ width: 480 }).jpeg({ quality: 75 }).toBuffer();
  const storedName = await files.save(display, "jpg");
  const thumbStoredName = await files.save(thumbnail, "jpg");
  const [item] = await db
    .insert(portfolioItems)
    .values({
      centerId: child.centerId,
      studentId: child.id,
      classroomId: child.classroomId,
      title: scene.title,
      description: scene.description,
      fileName: `${scene.title.toLowerCase().replaceAll(" ", "-")}.jpg`,
      mediaType: "image",
      mimeType: "image/jpeg",
      storedName,
      thumbStoredName,
      sizeBytes: display.length + thumbnail.length,
      width: W,
      height: H,
      isFavorite: input.favourite,
      favoritedBy: input.favourite ? input.teacherId : null,
      captureMethod: "upload",
      uploadedBy: input.teacherId,
      createdAt: input.takenAt,
    })
    .returning({ id: portfolioItems.id });
  await db.insert(portfolioItemChildren).values({ itemId: item!.id, studentId: child.id });
}

/**
 * The demo's portfolio: the demo parent's children, with the parent's photo consent (Aanya group
 * photos, Kabir his own portfolio only), get photos the demo teacher took on the days before
 * today (today's come with the day in progress, demo-today.ts), so a first visit shows a real
 * gallery and the admin dashboard has figures. Only the demo loads it; files are written before
 * the rows (a failed seed leaves files the orphan sweep removes).
 */
export async function seedPortfolioDemo(db: Database, files: FileStore, now: Date) {
  const [organisation] = await db.select().from(organisations).limit(1);
  const [teacher] = await db.select().from(users).where(eq(users.email, "teacher@sprout.test"));
  const [parent] = await db.select().from(users).where(eq(users.email, "parent@sprout.test"));
  if (!organisation || !teacher || !parent) return 0;
  const children = await db
    .selectDistinct({
      id: students.id,
      firstName: students.firstName,
      centerId: students.centerId,
      classroomId: students.classroomId,
      timeZone: centers.timeZone,
    })
    .from(students)
    .innerJoin(centers, eq(centers.id, students.centerId))
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(guardians.userId, parent.id), isNotNull(students.classroomId)))
    .orderBy(students.firstName);
  const plan = children.map((child, index) => ({
    child,
    consent: index === 0 ? ("group" as const) : ("own" as const),
    scenes: index === 0 ? SCENES.slice(0, 3) : SCENES.slice(3),
  }));
  let made = 0;
  for (const { child, consent, scenes } of plan) {
    await storePhotoConsent(db, {
      organisationId: organisation.id,
      childId: child.id,
      consent,
      by: parent.id,
      at: now,
    });
    for (const [index, scene] of scenes.entries()) {
      // One photo a day over the days before today, late in the morning.
      const day = addDays(centreDay(child.timeZone, now), -(made + 1));
      const takenAt = wallClockInstant(day, `11:${String(10 + index * 12).padStart(2, "0")}`, child.timeZone);
      await addDemoPhoto(db, files, { child, scene, takenAt, teacherId: teacher.id, favourite: index === 0 });
      made += 1;
    }
  }
  return made;
}

import { DEFAULT_LANGUAGE, type Language } from "@sprout/shared/i18n/languages";
import { DIGEST_HOUR_DEFAULT, STANDING_KINDS } from "@sprout/shared/schemas/child-health";
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { attendanceStays } from "../../db/schema/attendance.ts";
import {
  childDaySettings,
  dailyDigests,
  digestOptOuts,
  foodEntries,
  healthNotes,
  medicationDoses,
  medications,
  observationLogs,
  pottyEntries,
  sleepEntries,
  stars,
} from "../../db/schema/child-day.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { JOB_LOCKS, runExclusive } from "../../jobs/lock.ts";
import type { Clock } from "../../lib/clock.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { digestAllowed } from "../privacy/consent-store.ts";
import { type ChildDigest, digestMail } from "./digest-mail.ts";

/** Parameters per statement stay well below PostgreSQL's 65,535. */
const CHUNK = 5000;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) =>
    items.slice(index * CHUNK, (index + 1) * CHUNK),
  );

interface Claimed {
  user_id: string;
  day: string;
}

/**
 * Claims today's digests: one row per parent and centre day, for parents who have not turned the
 * digest off and who have a child at a centre past its digest hour with anything recorded that
 * day. The insert skips rows that exist, so a parent is claimed once whoever runs the job.
 */
function claim(tx: Database, now: Date) {
  const dayOf = sql`(${now.toISOString()}::timestamptz at time zone c.time_zone)::date`;
  const recorded = (table: string, extra = "") =>
    sql.raw(`exists (select 1 from ${table} x where x.student_id = st.id and x.day = due.day${extra})`);
  return tx.execute(sql`
    with due as (
      select c.id as center_id, ${dayOf} as day
      from ${centers} c left join ${childDaySettings} s on s.center_id = c.id
      where extract(hour from ${now.toISOString()}::timestamptz at time zone c.time_zone)
        >= coalesce(s.digest_hour, ${DIGEST_HOUR_DEFAULT})
    ),
    active as (
      select st.id, due.day
      from ${students} st join due on due.center_id = st.center_id
      where st.status <> 'left' and (
        ${recorded("food_entries")} or ${recorded("sleep_entries")} or ${recorded("potty_entries")}
        or ${recorded("stars")} or ${recorded("medication_doses")} or ${recorded("observation_logs")}
        or ${recorded("attendance_stays")}
        or ${recorded("health_notes", ` and x.kind not in (${STANDING_KINDS.map((kind) => `'${kind}'`).join(", ")})`)}
      )
    )
    insert into ${dailyDigests} (user_id, day, sent_at)
    select distinct g.user_id, a.day, ${now.toISOString()}::timestamptz
    from active a
    join ${studentGuardians} sg on sg.student_id = a.id
    join ${guardians} g on g.id = sg.guardian_id
    join ${users} u on u.id = g.user_id
    where u.is_active and not exists (select 1 from ${digestOptOuts} o where o.user_id = g.user_id)
      and ${digestAllowed(sql`a.id`)}
    on conflict do nothing
    returning user_id, day::text as day`);
}

const timeAt = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);

/** Everything recorded that day for the given children, gathered per table in bounded reads. */
async function gather(db: Database, children: { id: string; day: string; timeZone: string }[]) {
  const days = [...new Set(children.map((child) => child.day))];
  const byChild = new Map<string, ChildDigest["entries"]>();
  const add = (id: string, line: ChildDigest["entries"][number]) => byChild.set(id, [...(byChild.get(id) ?? []), line]);
  const zone = new Map(children.map((child) => [child.id, child.timeZone]));
  for (const ids of chunks(children.map((child) => child.id))) {
    const on = (table: { studentId: AnyPgColumn; day: AnyPgColumn }) =>
      and(inArray(table.studentId, ids), inArray(table.day, days));
    const [stays, meals, naps, potty, starRows, doses, notes, logs] = await Promise.all([
      db
        .select({ id: attendanceStays.studentId, in: attendanceStays.checkInAt, out: attendanceStays.checkOutAt })
        .from(attendanceStays)
        .where(on(attendanceStays))
        .orderBy(asc(attendanceStays.checkInAt)),
      db
        .select({ id: foodEntries.studentId, meal: foodEntries.mealType, percent: foodEntries.foodConsumed })
        .from(foodEntries)
        .where(on(foodEntries))
        .orderBy(asc(foodEntries.createdAt)),
      db
        .select({ id: sleepEntries.studentId, start: sleepEntries.startTime, end: sleepEntries.endTime })
        .from(sleepEntries)
        .where(on(sleepEntries))
        .orderBy(asc(sleepEntries.startTime)),
      db
        .select({ id: pottyEntries.studentId, type: pottyEntries.type, status: pottyEntries.diaperStatus })
        .from(pottyEntries)
        .where(on(pottyEntries))
        .orderBy(asc(pottyEntries.createdAt)),
      db
        .select({ id: stars.studentId, reason: stars.reason })
        .from(stars)
        .where(on(stars))
        .orderBy(asc(stars.createdAt)),
      db
        .select({
          id: medicationDoses.studentId,
          name: medications.name,
          dose: medicationDoses.dose,
          time: medicationDoses.givenTime,
        })
        .from(medicationDoses)
        .innerJoin(medications, eq(medications.id, medicationDoses.medicationId))
        .where(on(medicationDoses))
        .orderBy(asc(medicationDoses.givenTime)),
      db
        .select({
          id: healthNotes.studentId,
          kind: healthNotes.kind,
          details: healthNotes.details,
          temperature: healthNotes.temperatureC,
        })
        .from(healthNotes)
        .where(and(on(healthNotes), notInArray(healthNotes.kind, [...STANDING_KINDS])))
        .orderBy(asc(healthNotes.createdAt)),
      db
        .select({ id: observationLogs.studentId, milestone: observationLogs.milestone, notes: observationLogs.notes })
        .from(observationLogs)
        .where(on(observationLogs))
        .orderBy(asc(observationLogs.createdAt)),
    ]);
    for (const stay of stays) {
      const timeZone = zone.get(stay.id)!;
      add(stay.id, {
        kind: "arrival",
        in: timeAt(stay.in, timeZone),
        out: stay.out ? timeAt(stay.out, timeZone) : null,
      });
    }
    for (const meal of meals) add(meal.id, { kind: "meal", meal: meal.meal, percent: meal.percent });
    for (const nap of naps) add(nap.id, { kind: "nap", start: nap.start, end: nap.end });
    for (const row of potty) add(row.id, { kind: "potty", type: row.type, status: row.status });
    for (const star of starRows) add(star.id, { kind: "star", reason: star.reason });
    for (const dose of doses) add(dose.id, { kind: "dose", name: dose.name, dose: dose.dose, time: dose.time });
    for (const note of notes)
      add(note.id, { kind: "health", health: note.kind, details: note.details, temperature: note.temperature });
    for (const log of logs) add(log.id, { kind: "observation", milestone: log.milestone, notes: log.notes });
  }
  return byChild;
}

/**
 * The evening digest (issue 13, point 6): each parent with something recorded for a child that
 * day gets one e-mail about all of their children's day. The claim (one row per parent and day)
 * is written under the job's advisory lock before anything is queued, so a second run or a second
 * instance finds the rows and sends nothing.
 */
export async function runDailyDigest(db: Database, clock: Clock, mail: (message: OutgoingMail) => Promise<void>) {
  const now = clock.now();
  const outcome = await runExclusive(db, JOB_LOCKS.childDayDigest, async (tx) => rowsOf<Claimed>(await claim(tx, now)));
  if (!outcome) return { ran: false as const, mailed: 0 };
  const claimed = outcome.result;
  if (claimed.length === 0) return { ran: true as const, mailed: 0 };

  const families: {
    userId: string;
    email: string;
    name: string;
    language: Language | null;
    childId: string;
    first: string;
    day: string;
    timeZone: string;
  }[] = [];
  for (const userIds of chunks([...new Set(claimed.map((row) => row.user_id))])) {
    families.push(
      ...(await db
        .select({
          userId: users.id,
          email: users.email,
          name: users.fullName,
          language: users.language,
          childId: students.id,
          first: students.firstName,
          day: sql<string>`(${now.toISOString()}::timestamptz at time zone ${centers.timeZone})::date::text`,
          timeZone: centers.timeZone,
        })
        .from(guardians)
        .innerJoin(users, eq(users.id, guardians.userId))
        .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
        .innerJoin(students, eq(students.id, studentGuardians.studentId))
        .innerJoin(centers, eq(centers.id, students.centerId))
        .where(and(inArray(guardians.userId, userIds), sql`${students.status} <> 'left'`))
        .orderBy(asc(users.id), asc(students.firstName))),
    );
  }
  const wanted = new Set(claimed.map((row) => `${row.user_id}|${row.day}`));
  const mine = families.filter((row) => wanted.has(`${row.userId}|${row.day}`));
  const unique = new Map(mine.map((row) => [row.childId, { id: row.childId, day: row.day, timeZone: row.timeZone }]));
  const entries = await gather(db, [...unique.values()]);

  const letters = new Map<string, Parameters<typeof digestMail>[0]>();
  for (const row of mine) {
    const childEntries = entries.get(row.childId);
    if (!childEntries) continue;
    const key = `${row.userId}|${row.day}`;
    const letter = letters.get(key) ?? {
      email: row.email,
      name: row.name,
      day: row.day,
      language: row.language ?? DEFAULT_LANGUAGE,
      children: [],
    };
    if (!letter.children.some((child) => child.name === row.first && child.entries === childEntries))
      letter.children.push({ name: row.first, entries: childEntries });
    letters.set(key, letter);
  }
  for (const letter of letters.values()) await mail(digestMail(letter));
  return { ran: true as const, mailed: letters.size };
}

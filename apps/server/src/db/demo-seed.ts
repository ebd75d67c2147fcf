import type { Role } from "@sprout/shared/roles";
import { CLASSROOM_STAFF_ROLES } from "@sprout/shared/schemas/classroom-staff";
import { hashPassword } from "../auth/passwords.ts";
import type { FileStore } from "../files/store.ts";
import { seedAssignmentsDemo } from "../modules/assignments/demo-seed.ts";
import { seedBillingDemo } from "../modules/billing/demo-seed.ts";
import { seedBudgetDemo } from "../modules/budget/demo-seed.ts";
import { seedObservationsDemo } from "../modules/child-day/demo-seed.ts";
import { seedDevelopmentDemo } from "../modules/development/demo-seed.ts";
import { seedPortfolioDemo } from "../modules/digital-portfolio/demo.ts";
import { seedDocumentsDemo } from "../modules/documents/demo-seed.ts";
import { seedEnquiriesDemo } from "../modules/enquiries/demo-seed.ts";
import { seedCollectionSettingsDemo, seedPaymentClaimDemo } from "../modules/fee-collection/demo-seed.ts";
import { seedLessonPlansDemo } from "../modules/lesson-plans/demo-seed.ts";
import { seedPoliciesDemo } from "../modules/policies/demo-seed.ts";
import { seedPrivacyDemo } from "../modules/privacy/demo-seed.ts";
import { syncStaffRecord } from "../modules/staff/records.ts";
import type { Database } from "./client.ts";
import { seedDemoToday } from "./demo-today.ts";
import { classrooms, classroomTeachers, guardians, studentGuardians, students } from "./schema/children.ts";
import { centers, organisations, ownerCenters } from "./schema/organisations.ts";
import { users } from "./schema/users.ts";

export const DEMO_PASSWORD = "Sprout@2026";

export const DEMO_SIGN_INS: { email: string; role: Role; fullName: string; centre: number | null }[] = [
  { email: "superadmin@sprout.test", role: "super_admin", fullName: "Arjun Mehta", centre: null },
  { email: "owner@sprout.test", role: "owner", fullName: "Kavita Reddy", centre: null },
  { email: "finance@sprout.test", role: "financial_manager", fullName: "Rohit Agarwal", centre: null },
  { email: "director@sprout.test", role: "center_director", fullName: "Sunita Iyer", centre: 0 },
  { email: "admin@sprout.test", role: "admin", fullName: "Farhan Qureshi", centre: 0 },
  { email: "coordinator@sprout.test", role: "academic_coordinator", fullName: "Lakshmi Narayanan", centre: 0 },
  { email: "teacher@sprout.test", role: "teacher", fullName: "Priya Sharma", centre: 0 },
  { email: "parent@sprout.test", role: "parent", fullName: "Vikram Malhotra", centre: 0 },
];

/** The titles people in these roles carry on their staff record and in the Users list. */
const JOB_TITLES: Record<Role, string | null> = {
  super_admin: "Head of Operations",
  owner: "Founder & Managing Director",
  financial_manager: "Finance Manager",
  center_director: "Centre Director",
  admin: "Centre Administrator",
  academic_coordinator: "Academic Coordinator",
  teacher: "Lead Teacher",
  parent: null,
};

/**
 * Each centre's own people beside the README's sign-ins: a director and an administrator for the
 * two other centres, and every centre's teachers. Each room has its lead (first in `rooms`) and
 * the youngest rooms an assistant. These people have no password (an account invited and not yet
 * activated): only the README's accounts sign in with the demo password.
 */
interface DemoColleague {
  fullName: string;
  role: "center_director" | "admin" | "teacher";
  /** The rooms (indexes of CLASSROOMS) they lead or assist in. */
  leads?: number;
  assists?: number;
}
const COLLEAGUES: DemoColleague[][] = [
  [
    { fullName: "Meera Krishnan", role: "teacher", leads: 0 },
    { fullName: "Shalini Gowda", role: "teacher", assists: 0 },
    { fullName: "Anita D'Souza", role: "teacher", leads: 1 },
    { fullName: "Rekha Murthy", role: "teacher", assists: 1 },
    { fullName: "Bhavana Rao", role: "teacher", assists: 2 },
    { fullName: "Deepika Hegde", role: "teacher", leads: 3 },
    { fullName: "Sneha Kulkarni", role: "teacher", leads: 4 },
  ],
  [
    { fullName: "Rashmi Deshpande", role: "center_director" },
    { fullName: "Nikhil Sawant", role: "admin" },
    { fullName: "Pooja Patil", role: "teacher", leads: 0 },
    { fullName: "Sangeeta More", role: "teacher", assists: 0 },
    { fullName: "Fatima Shaikh", role: "teacher", leads: 1 },
    { fullName: "Jyoti Kamble", role: "teacher", assists: 1 },
    { fullName: "Kiran Joshi", role: "teacher", leads: 2 },
    { fullName: "Neha Gokhale", role: "teacher", leads: 3 },
    { fullName: "Maria Fernandes", role: "teacher", leads: 4 },
  ],
  [
    { fullName: "Padma Reddy", role: "center_director" },
    { fullName: "Mohammed Aslam", role: "admin" },
    { fullName: "Lavanya Naidu", role: "teacher", leads: 0 },
    { fullName: "Sujatha Goud", role: "teacher", assists: 0 },
    { fullName: "Swapna Varma", role: "teacher", leads: 1 },
    { fullName: "Harika Reddy", role: "teacher", assists: 1 },
    { fullName: "Revathi Iyengar", role: "teacher", leads: 2 },
    { fullName: "Nazia Begum", role: "teacher", leads: 3 },
    { fullName: "Madhavi Rao", role: "teacher", leads: 4 },
  ],
];

const CHILDREN_PER_CENTRE = 50;
/** Places per centre: 50 children (49 or 50 of them enrolled) fill 82–83% of them. */
const CENTRE_CAPACITY = 60;

const CENTRES = [
  {
    name: "Sprout Koramangala",
    address: "14, 5th Block, 80 Feet Road, Koramangala",
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560095",
    phone: "+91 80 4123 5501",
    email: "koramangala@sprout.test",
  },
  {
    name: "Sprout Andheri West",
    address: "22, Lokhandwala Complex, Andheri West",
    city: "Mumbai",
    state: "Maharashtra",
    postalCode: "400053",
    phone: "+91 22 4012 7702",
    email: "andheri@sprout.test",
  },
  {
    name: "Sprout Gachibowli",
    address: "Plot 9, Financial District Road, Gachibowli",
    city: "Hyderabad",
    state: "Telangana",
    postalCode: "500032",
    phone: "+91 40 4455 9903",
    email: "gachibowli@sprout.test",
  },
];

const CLASSROOMS = [
  { name: "Creche", description: "6 months to 18 months", program: "Daycare - CRECHE", fee: 14000 },
  { name: "Playgroup", description: "18 months to 2.5 years", program: "Pre-school - PLAYGROUP", fee: 12000 },
  { name: "Toddlers", description: "2 to 3 years", program: "Pre-school - TODDLERS", fee: 12500 },
  { name: "Pre-Kindy", description: "3 to 4 years", program: "Pre-school - PRE-KINDY", fee: 13000 },
  { name: "Kindy", description: "4 to 5 years", program: "Pre-school - KINDY", fee: 13500 },
];

const FIRST_NAMES_BOYS = [
  "Aarav",
  "Vivaan",
  "Aditya",
  "Vihaan",
  "Arjun",
  "Sai",
  "Reyansh",
  "Ayaan",
  "Krishna",
  "Ishaan",
  "Shaurya",
  "Atharv",
  "Advik",
  "Kabir",
  "Dhruv",
  "Rudra",
  "Aryan",
  "Veer",
  "Yuvan",
  "Om",
];
const FIRST_NAMES_GIRLS = [
  "Aadhya",
  "Ananya",
  "Diya",
  "Saanvi",
  "Pari",
  "Myra",
  "Kiara",
  "Ira",
  "Navya",
  "Anika",
  "Aarohi",
  "Meher",
  "Riya",
  "Tara",
  "Siya",
  "Avni",
  "Prisha",
  "Zara",
  "Nitya",
  "Ishita",
];
const FATHER_NAMES = [
  "Rahul",
  "Amit",
  "Sandeep",
  "Karthik",
  "Manish",
  "Naveen",
  "Sanjay",
  "Rajesh",
  "Vikas",
  "Anand",
  "Harish",
  "Imran",
  "Suresh",
  "Deepak",
  "Gaurav",
];
const MOTHER_NAMES = [
  "Pooja",
  "Neha",
  "Sneha",
  "Divya",
  "Anjali",
  "Swati",
  "Shruti",
  "Kavya",
  "Meena",
  "Nisha",
  "Rekha",
  "Ayesha",
  "Deepa",
  "Preeti",
  "Sonal",
];
const SURNAMES = [
  "Sharma",
  "Iyer",
  "Reddy",
  "Patel",
  "Nair",
  "Gupta",
  "Menon",
  "Rao",
  "Kulkarni",
  "Chatterjee",
  "Joshi",
  "Khan",
  "Das",
  "Pillai",
  "Bhat",
  "Verma",
  "Naidu",
  "Desai",
  "Banerjee",
  "Shetty",
];

/** A small seeded generator, so every demo database has the same people. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    between: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
  };
}

const mobile = (random: ReturnType<typeof generator>) =>
  `+91 ${random.pick(["98", "99", "97", "96", "88", "87", "79", "70", "63"])}${random.between(100, 999)} ${random.between(10000, 99999)}`;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Loads one organisation with three centres, their classrooms, about 150 children with parents,
 * and one sign-in per role. Does nothing when the database already has an organisation.
 */
/** With `files` (the demo server's store) the portfolio gets its drawn photos too. */
export async function seedDemoData(
  db: Database,
  today = new Date(),
  files?: FileStore,
  options: { dayUntil?: string | undefined } = {},
) {
  const existing = await db.select({ id: organisations.id }).from(organisations).limit(1);
  if (existing.length > 0) return null;
  const random = generator(20_260_401);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    const [organisation] = await tx.insert(organisations).values({ name: "Sprout Early Learning" }).returning();
    const centreRows = await tx
      .insert(centers)
      .values(CENTRES.map((centre) => ({ ...centre, organisationId: organisation!.id, capacity: CENTRE_CAPACITY })))
      .returning();
    const classroomRows = await tx
      .insert(classrooms)
      .values(
        centreRows.flatMap((centre) =>
          CLASSROOMS.map((room) => ({ centerId: centre.id, name: room.name, description: room.description })),
        ),
      )
      .returning();

    const userRows = await tx
      .insert(users)
      .values(
        DEMO_SIGN_INS.map((person) => ({
          organisationId: organisation!.id,
          email: person.email,
          passwordHash,
          fullName: person.fullName,
          role: person.role,
          centerId: person.centre === null ? null : centreRows[person.centre]!.id,
          phoneNumber: mobile(random),
          jobTitle: JOB_TITLES[person.role],
        })),
      )
      .returning();
    // The README's sign-ins, one per role: who holds each role is the data above.
    const byEmail = new Map(userRows.map((user) => [user.email, user]));
    const signIns = new Map(DEMO_SIGN_INS.map((person) => [person.role, byEmail.get(person.email)!]));
    const userByRole = (role: Role) => signIns.get(role)!;
    await tx
      .insert(ownerCenters)
      .values(centreRows.map((centre) => ({ ownerId: userByRole("owner").id, centerId: centre.id })));

    const roomsOf = (centreId: string) => classroomRows.filter((room) => room.centerId === centreId);
    const firstCentreRooms = roomsOf(centreRows[0]!.id);
    // Every centre's own director, administrator and teachers, who do not sign in (no password);
    // their phone numbers come from a generator of their own, so the children stay who they were.
    const colleagueRandom = generator(20_260_402);
    const colleagueRows = await tx
      .insert(users)
      .values(
        COLLEAGUES.flatMap((people, centreIndex) =>
          people.map((person) => ({
            organisationId: organisation!.id,
            email: `${person.fullName.toLowerCase().replaceAll("'", "").replaceAll(" ", ".")}@sprout.test`,
            passwordHash: null,
            fullName: person.fullName,
            role: person.role,
            centerId: centreRows[centreIndex]!.id,
            phoneNumber: mobile(colleagueRandom),
            jobTitle: person.assists === undefined ? JOB_TITLES[person.role] : "Assistant Teacher",
          })),
        ),
      )
      .returning();
    // The demo teacher leads Toddlers and assists in Pre-Kindy; every other room has its lead.
    const rosterValues: (typeof classroomTeachers.$inferInsert)[] = [
      { classroomId: firstCentreRooms[2]!.id, teacherId: userByRole("teacher").id, role: "lead" },
      { classroomId: firstCentreRooms[3]!.id, teacherId: userByRole("teacher").id, role: "assistant" },
    ];
    // Each centre's director and the colleagues who work in a room, read from COLLEAGUES.
    const postHolders = new Map<string, string>();
    const roomStaff: { userId: string; centerId: string }[] = [];
    let colleagueIndex = 0;
    for (const [centreIndex, people] of COLLEAGUES.entries()) {
      const centerId = centreRows[centreIndex]!.id;
      const rooms = roomsOf(centerId);
      for (const person of people) {
        const teacherId = colleagueRows[colleagueIndex++]!.id;
        postHolders.set(`${centerId}:${person.role}`, teacherId);
        if (person.leads !== undefined || person.assists !== undefined) roomStaff.push({ userId: teacherId, centerId });
        if (person.leads !== undefined)
          rosterValues.push({ classroomId: rooms[person.leads]!.id, teacherId, role: "lead" });
        if (person.assists !== undefined)
          rosterValues.push({ classroomId: rooms[person.assists]!.id, teacherId, role: "assistant" });
      }
    }
    await tx.insert(classroomTeachers).values(rosterValues);
    // Every staff member of a centre has its staff record (the Staff Management page).
    for (const user of [...userRows, ...colleagueRows]) await syncStaffRecord(tx, user, today);

    const childValues: (typeof students.$inferInsert)[] = [];
    const familyOf: { father: string; mother: string; surname: string }[] = [];
    for (const [centreIndex, centre] of centreRows.entries()) {
      const rooms = roomsOf(centre.id);
      for (let n = 0; n < CHILDREN_PER_CENTRE; n++) {
        const roomIndex = n % rooms.length;
        const girl = random.between(0, 1) === 1;
        const surname = random.pick(SURNAMES);
        const ageMonths = 8 + roomIndex * 12 + random.between(0, 10);
        const birth = new Date(today.getTime() - ageMonths * 30.4 * 86_400_000);
        const enrolled = new Date(today.getTime() - random.between(20, 400) * 86_400_000);
        const status = centreIndex === 0 && n === 7 ? "paused" : centreIndex === 1 && n === 11 ? "left" : "active";
        childValues.push({
          centerId: centre.id,
          classroomId: rooms[roomIndex]!.id,
          firstName: random.pick(girl ? FIRST_NAMES_GIRLS : FIRST_NAMES_BOYS),
          lastName: surname,
          gender: girl ? "Female" : "Male",
          dateOfBirth: isoDate(birth),
          enrollmentDate: isoDate(enrolled),
          status,
          programName: CLASSROOMS[roomIndex]!.program,
          monthlyFeePaise: CLASSROOMS[roomIndex]!.fee * 100,
          ...(status === "paused" && {
            pauseStartDate: isoDate(new Date(today.getTime() - 3 * 86_400_000)),
            pauseEndDate: isoDate(new Date(today.getTime() + 10 * 86_400_000)),
            pauseReason: "Vacation/Travel",
            pauseNotes: "Family trip to Kerala",
            pausedBy: userByRole("admin").id,
          }),
          ...(status === "left" && {
            exitDate: isoDate(new Date(today.getTime() - 15 * 86_400_000)),
            exitReason: "Family relocated to Pune",
          }),
        });
        familyOf.push({ father: random.pick(FATHER_NAMES), mother: random.pick(MOTHER_NAMES), surname });
      }
    }
    // The demo parent's two children, in different classrooms of the first centre.
    const parent = userByRole("parent");
    childValues[2] = {
      ...childValues[2]!,
      firstName: "Aanya",
      lastName: "Malhotra",
      gender: "Female",
      status: "active",
    };
    childValues[3] = { ...childValues[3]!, firstName: "Kabir", lastName: "Malhotra", gender: "Male", status: "active" };
    familyOf[2] = familyOf[3] = { father: "Vikram", mother: "Nandini", surname: "Malhotra" };

    const childRows = await tx.insert(students).values(childValues).returning({
      id: students.id,
      centerId: students.centerId,
      classroomId: students.classroomId,
      firstName: students.firstName,
      status: students.status,
    });
    const guardianValues = childRows.flatMap((child, index) => {
      const family = familyOf[index]!;
      return [
        {
          centerId: child.centerId,
          firstName: family.father,
          lastName: family.surname,
          phone: mobile(random),
          email: `${family.father}.${family.surname}${index}@example.in`.toLowerCase(),
        },
        {
          centerId: child.centerId,
          firstName: family.mother,
          lastName: family.surname,
          phone: mobile(random),
          email: `${family.mother}.${family.surname}${index}@example.in`.toLowerCase(),
        },
      ];
    });
    // One guardian record for the demo parent, linked to both children and to the sign-in.
    guardianValues[4] = { ...guardianValues[4]!, email: "parent@sprout.test" };
    const guardianRows = await tx
      .insert(guardians)
      .values(guardianValues.map((guardian, index) => (index === 4 ? { ...guardian, userId: parent.id } : guardian)))
      .returning({ id: guardians.id });
    const links = childRows.flatMap((child, index) => [
      { studentId: child.id, guardianId: guardianRows[index * 2]!.id, relation: "Father", isPrimary: true },
      { studentId: child.id, guardianId: guardianRows[index * 2 + 1]!.id, relation: "Mother", isPrimary: false },
    ]);
    // Kabir (index 3) shares the demo parent's guardian record with his sister.
    links[6] = { ...links[6]!, guardianId: guardianRows[4]!.id };
    await tx.insert(studentGuardians).values(links);

    await seedEnquiriesDemo(
      tx,
      organisation!.id,
      centreRows.map((centre) => centre.id),
      today,
    );
    await seedCollectionSettingsDemo(tx, organisation!.id, today);
    await seedBillingDemo(tx, organisation!.id, today);
    await seedPaymentClaimDemo(tx, organisation!.id, today);
    await seedBudgetDemo(
      tx,
      organisation!.id,
      centreRows,
      {
        owner: userByRole("owner").id,
        finance: userByRole("financial_manager").id,
        director: userByRole("center_director").id,
        admin: userByRole("admin").id,
        coordinator: userByRole("academic_coordinator").id,
      },
      today,
    );
    await seedLessonPlansDemo(
      tx,
      centreRows[0]!,
      [firstCentreRooms[2]!.id, firstCentreRooms[3]!.id],
      userByRole("academic_coordinator").id,
      today,
    );
    await seedAssignmentsDemo(tx, centreRows[0]!, firstCentreRooms[2]!.id, userByRole("teacher").id, today);
    await seedPoliciesDemo(tx, centreRows[0]!.id, userByRole("center_director").id, today);
    await seedPrivacyDemo(tx, organisation!.id, userByRole("owner").id, today);
    if (files) await seedPortfolioDemo(tx, files, today);
    const staffOfRoom = new Map<string, string[]>();
    // Leads first (CLASSROOM_STAFF_ROLES is in that order): a room's first person records its observations.
    for (const row of [...rosterValues].sort(
      (a, b) => CLASSROOM_STAFF_ROLES.indexOf(a.role!) - CLASSROOM_STAFF_ROLES.indexOf(b.role!),
    ))
      staffOfRoom.set(row.classroomId, [...(staffOfRoom.get(row.classroomId) ?? []), row.teacherId]);
    const timeZoneOf = new Map(centreRows.map((centre) => [centre.id, centre.timeZone]));
    await seedObservationsDemo(
      tx,
      childRows,
      new Map([...staffOfRoom].map(([room, people]) => [room, people[0]!])),
      timeZoneOf,
      today,
    );
    // Terms of assessments for the first centre's pre-school rooms (Toddlers, Pre-Kindy, Kindy).
    await seedDevelopmentDemo(
      tx,
      centreRows[0]!,
      [firstCentreRooms[2]!.id, firstCentreRooms[3]!.id, firstCentreRooms[4]!.id],
      {
        coordinator: userByRole("academic_coordinator").id,
        teachers: new Map([...staffOfRoom].map(([room, staff]) => [room, staff[0]!])),
      },
    );
    if (files)
      await seedDocumentsDemo(
        tx,
        files,
        {
          organisationId: organisation!.id,
          organisationName: organisation!.name,
          ownerId: userByRole("owner").id,
          centres: centreRows.map((centre, index) => ({
            ...centre,
            directorId:
              index === 0 ? userByRole("center_director").id : postHolders.get(`${centre.id}:center_director`)!,
          })),
        },
        today,
      );
    const roomIndexOf = new Map(
      centreRows.flatMap((centre) => roomsOf(centre.id).map((room, index) => [room.id, index] as const)),
    );
    await seedDemoToday(
      tx,
      {
        organisationId: organisation!.id,
        centres: centreRows,
        children: childRows.map((child, index) => ({
          ...child,
          roomIndex: roomIndexOf.get(child.classroomId ?? "") ?? 0,
          // The 7th and 10th child of each room (children go round the rooms in turn).
          stayingHome: [6, 9].includes(Math.floor((index % CHILDREN_PER_CENTRE) / CLASSROOMS.length)),
        })),
        family: [childRows[2]!, childRows[3]!],
        staffOfRoom,
        clockingIn: roomStaff,
        teacherId: userByRole("teacher").id,
        ...(files && { files }),
        ...(options.dayUntil && { until: options.dayUntil }),
      },
      today,
    );

    return {
      centres: centreRows.length,
      classrooms: classroomRows.length,
      children: childRows.length,
      users: userRows.length + colleagueRows.length,
    };
  });
}

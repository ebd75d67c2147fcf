import { readFileSync } from "node:fs";
import path from "node:path";
import { count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoIds } from "../../../test/demo-ids.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { multipartBody } from "../../../test/matrix.ts";
import { otherOrganisation } from "../../../test/other-organisation.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { students } from "../../db/schema/children.ts";
import { centerDevelopmentSettings, developmentFrameworks } from "../../db/schema/development.ts";
import { centers } from "../../db/schema/organisations.ts";

const ROOT = path.resolve(import.meta.dirname, "../../../../..");
const { app, database } = await createTestApp();
const db = database.db;
const ids = await demoIds(db);
const stranger = await otherOrganisation(db);

const ownerSession = await signIn(app, DEMO_EMAILS.owner);
const owner = as(app, ownerSession);
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const coordinatorSession = await signIn(app, DEMO_EMAILS.academic_coordinator);
const coordinator = as(app, coordinatorSession);
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));

const upload = (headers: Record<string, string>, content: Buffer | string, name = "framework.json") =>
  app.inject({
    method: "POST",
    url: "/api/development/frameworks",
    headers: { ...headers, "content-type": "multipart/form-data; boundary=sprout" },
    payload: multipartBody({ files: [{ field: "file", name, content: Buffer.from(content) }] }),
  });
const ownFrameworks = async () => (await db.select({ total: count() }).from(developmentFrameworks))[0]!.total;

/** The counts table of docs/frameworks/ncf-fs-2022.md: per domain code, its goals and competencies. */
function documentedCounts() {
  const doc = readFileSync(path.join(ROOT, "docs/frameworks/ncf-fs-2022.md"), "utf8");
  const rows = new Map<string, { goals: number; competencies: number }>();
  let total: { domains: number; goals: number; competencies: number } | null = null;
  for (const line of doc.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    if (cells.length < 5) continue;
    const [, name, goals, competencies] = cells as [string, string, string, string];
    const domain = /\(([A-Z]+)\)$/.exec(name);
    if (domain) {
      // "CG-1 to CG-3" is three goals; "CG-7, CG-8" two; "CG-12" one.
      const range = /CG-(\d+) to CG-(\d+)/.exec(goals);
      const goalCount = range ? Number(range[2]) - Number(range[1]) + 1 : goals.split(",").length;
      rows.set(domain[1]!, { goals: goalCount, competencies: Number(competencies) });
    }
    const totals = /Total: (\d+) domains/.exec(name);
    if (totals)
      total = {
        domains: Number(totals[1]),
        goals: Number(goals.replaceAll("*", "")),
        competencies: Number(competencies.replaceAll("*", "")),
      };
  }
  return { rows, total: total! };
}

describe("the framework as data", () => {
  it("NCF-FS 2022 as loaded has the domains, goals and competencies its source document counts", async () => {
    const { rows, total } = documentedCounts();
    expect(rows.size).toBe(6);
    const read = await coordinator.get("/api/development/frameworks/ncf-fs-2022");
    expect(read.statusCode, read.body).toBe(200);
    const framework = read.json();
    expect(framework).toMatchObject({ key: "ncf-fs-2022", built_in: true, short_name: "NCF-FS 2022", counts: total });
    expect(framework.source.url).toContain("ncert.nic.in");
    expect(framework.domains.map((domain: { code: string }) => domain.code)).toEqual([...rows.keys()]);
    for (const domain of framework.domains as {
      code: string;
      goals: { competencies: unknown[] }[];
    }[]) {
      expect(
        {
          goals: domain.goals.length,
          competencies: domain.goals.reduce((sum, goal) => sum + goal.competencies.length, 0),
        },
        domain.code,
      ).toEqual(rows.get(domain.code));
    }
    expect(framework.levels.map((level: { key: string }) => level.key)).toEqual(["stream", "mountain", "sky"]);

    const list = await teacher.get("/api/development/frameworks");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().frameworks[0]).toMatchObject({ key: "ncf-fs-2022", built_in: true, counts: total });
    expect((await parent.get("/api/development/frameworks")).statusCode).toBe(403);
  });

  it("finds every competency by its code, and by words in either case; Hindi input is safe", async () => {
    const framework = (await coordinator.get("/api/development/frameworks/ncf-fs-2022")).json();
    const codes: string[] = framework.domains.flatMap((domain: { goals: { competencies: { code: string }[] }[] }) =>
      domain.goals.flatMap((goal) => goal.competencies.map((competency) => competency.code)),
    );
    expect(codes).toHaveLength(68);
    for (const code of codes) {
      const found = await coordinator.get(
        `/api/development/competencies?center_id=${ids.homeCentre}&q=${encodeURIComponent(code)}&limit=50`,
      );
      expect(found.statusCode, found.body).toBe(200);
      expect(
        found.json().competencies.map((competency: { code: string }) => competency.code),
        code,
      ).toContain(code);
    }
    const words = (
      await coordinator.get(`/api/development/competencies?center_id=${ids.homeCentre}&q=BALANCE%20coordination`)
    ).json();
    expect(words.competencies[0]).toMatchObject({ code: "C-3.2", domain_code: "PD", goal_code: "CG-3" });
    const byDomain = (
      await coordinator.get(`/api/development/competencies?center_id=${ids.homeCentre}&domain=ACD&limit=50`)
    ).json();
    expect(byDomain.pagination.total_items).toBe(5);
    const hindi = await coordinator.get(
      `/api/development/competencies?center_id=${ids.homeCentre}&q=${encodeURIComponent("संतुलन")}`,
    );
    expect(hindi.statusCode, hindi.body).toBe(200);
    expect(hindi.json().competencies).toEqual([]);
    // Pages are bounded.
    expect(
      (await coordinator.get(`/api/development/competencies?center_id=${ids.homeCentre}&limit=500`)).statusCode,
    ).toBe(400);
  });

  it("suggests the child's age band first, and keeps another classroom's child from a teacher (404)", async () => {
    // A child of the teacher's rooms aged 3 to 6 today: the framework's age bands.
    const roomChildren = await db
      .select({ id: students.id })
      .from(students)
      .where(inArray(students.classroomId, ids.teacherRooms));
    type Answer = {
      age_band: { key: string } | null;
      competencies: { code: string; suggested: boolean; age_bands: string[] }[];
    };
    let answer: Answer | null = null;
    for (const { id } of roomChildren) {
      const mine = await teacher.get(`/api/development/competencies?child_id=${id}&limit=50`);
      expect(mine.statusCode, mine.body).toBe(200);
      if (mine.json().age_band) {
        answer = mine.json();
        break;
      }
    }
    expect(answer, "a child aged 3 to 6 in the teacher's rooms").not.toBeNull();
    const band = answer!.age_band!.key;
    expect(answer!.competencies.every((c) => c.suggested === c.age_bands.includes(band))).toBe(true);
    const firstOther = answer!.competencies.findIndex((competency) => !competency.suggested);
    expect(firstOther === -1 ? answer!.competencies.length : firstOther).toBeGreaterThan(0);
    // Every suggested one comes before every other.
    if (firstOther >= 0) expect(answer!.competencies.slice(firstOther).some((c) => c.suggested)).toBe(false);
    expect((await teacher.get(`/api/development/competencies?child_id=${ids.otherRoomStudent}`)).statusCode).toBe(404);
    expect((await director.get(`/api/development/competencies?child_id=${ids.otherStudent}`)).statusCode).toBe(404);
    expect((await director.get(`/api/development/competencies?center_id=${ids.otherCentre}`)).statusCode).toBe(404);
  });
});

describe("a centre group's own framework", () => {
  it("refuses a broken file with where it is wrong, and stores nothing", async () => {
    const before = await ownFrameworks();
    const eyfs = JSON.parse(readFileSync(path.join(ROOT, "docs/frameworks/eyfs-2024.json"), "utf8"));
    const broken = structuredClone(eyfs);
    broken.domains[1].goals[0].competencies[0].age_bands = ["nine-ten"];
    const wrong = await upload(ownerSession.headers, JSON.stringify(broken));
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().error).toContain("domains[1].goals[0].competencies[0]");
    expect(wrong.json().error).toContain("“nine-ten” is not one of the file’s age bands");
    // The same file to a reader of Hindi: the whole sentence in Hindi, the place and the code as they are.
    const hindi = await upload({ ...ownerSession.headers, "accept-language": "hi" }, JSON.stringify(broken));
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().error).toBe(
      "फ़ाइल में domains[1].goals[0].competencies[0] पर गलती है: “nine-ten” फ़ाइल के आयु-वर्गों में से नहीं है",
    );
    const missing = structuredClone(eyfs);
    delete missing.levels;
    const noLevels = await upload(ownerSession.headers, JSON.stringify(missing));
    expect(noLevels.statusCode).toBe(400);
    expect(noLevels.json().error).toContain("levels");
    const notJson = await upload(ownerSession.headers, "{ this is not json");
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toMatch(/not JSON/);
    expect(await ownFrameworks()).toBe(before);
  });

  it("adds EYFS from its file (audited); a second file of that name is 409; a centre chooses it", async () => {
    const content = readFileSync(path.join(ROOT, "docs/frameworks/eyfs-2024.json"));
    expect((await upload(coordinatorSession.headers, content)).statusCode).toBe(403);
    const added = await upload(ownerSession.headers, content, "eyfs-2024.json");
    expect(added.statusCode, added.body).toBe(201);
    const eyfs = added.json();
    expect(eyfs).toMatchObject({ short_name: "EYFS 2024", built_in: false, counts: { domains: 7 } });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, eyfs.key));
    expect(audit?.action).toBe("development.framework_added");
    expect((await upload(ownerSession.headers, content)).statusCode).toBe(409);
    // Naming the built-in framework's short name is taken too.
    const copy = JSON.parse(content.toString());
    copy.short_name = "ncf-fs 2022";
    expect((await upload(ownerSession.headers, JSON.stringify(copy))).statusCode).toBe(409);

    const list = (await director.get("/api/development/frameworks")).json();
    expect(list.frameworks.map((framework: { key: string }) => framework.key)).toEqual(["ncf-fs-2022", eyfs.key]);
    expect(list.pagination.total_items).toBe(2);
    const secondPage = (await director.get("/api/development/frameworks?page=2&limit=1")).json();
    expect(secondPage.frameworks.map((framework: { key: string }) => framework.key)).toEqual([eyfs.key]);

    const url = `/api/centers/${ids.homeCentre}/development-settings`;
    const start = await teacher.get(url);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ framework_key: "ncf-fs-2022", can_choose: false });
    expect((await teacher.put(url, { framework_key: eyfs.key, level_labels: {} })).statusCode).toBe(403);
    const chosen = await director.put(url, { framework_key: eyfs.key, level_labels: { expected: "On track" } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      framework_key: eyfs.key,
      framework_short_name: "EYFS 2024",
      can_choose: true,
    });
    expect(chosen.json().levels).toEqual([
      expect.objectContaining({ key: "emerging", custom_label: "" }),
      expect.objectContaining({ key: "expected", label: "On track", custom_label: "On track" }),
    ]);
    const search = (await teacher.get(`/api/development/competencies?center_id=${ids.homeCentre}`)).json();
    expect(search.framework_key).toBe(eyfs.key);
    const [audit2] = await db.select().from(auditLog).where(eq(auditLog.action, "development.settings"));
    expect(audit2).toMatchObject({
      before: { framework_key: "ncf-fs-2022", level_labels: {} },
      after: { framework_key: eyfs.key, level_labels: { expected: "On track" } },
    });

    // Back to NCF-FS with one level renamed; a blank name keeps the framework's own.
    const back = await coordinator.put(url, {
      framework_key: "ncf-fs-2022",
      level_labels: { stream: "Seedling", sky: "  " },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().levels.map((level: { label: string }) => level.label)).toEqual([
      "Seedling",
      "Mountain (Proficient)",
      "Sky (Advanced)",
    ]);
  });

  it("refuses an unknown framework (404) and an unknown level (400), and another centre's settings", async () => {
    const url = `/api/centers/${ids.homeCentre}/development-settings`;
    const before = await db.select().from(centerDevelopmentSettings);
    expect((await director.put(url, { framework_key: "eyfs-1999", level_labels: {} })).statusCode).toBe(404);
    const level = await director.put(url, { framework_key: "ncf-fs-2022", level_labels: { river: "River" } });
    expect(level.statusCode).toBe(400);
    expect(level.json().error).toContain("river");
    expect(await db.select().from(centerDevelopmentSettings)).toEqual(before);
    const elsewhere = `/api/centers/${ids.otherCentre}/development-settings`;
    expect((await director.get(elsewhere)).statusCode).toBe(404);
    expect((await director.put(elsewhere, { framework_key: "ncf-fs-2022", level_labels: {} })).statusCode).toBe(404);
  });

  it("keeps another organisation's framework out of reach (404)", async () => {
    const [theirs] = await db
      .insert(developmentFrameworks)
      .values({
        organisationId: (
          await db.select({ id: centers.organisationId }).from(centers).where(eq(centers.id, stranger.centre))
        )[0]!.id,
        shortName: "Their framework",
        definition: JSON.parse(readFileSync(path.join(ROOT, "docs/frameworks/eyfs-2024.json"), "utf8")),
        uploadedAt: new Date(),
      })
      .returning({ id: developmentFrameworks.id });
    expect((await owner.get(`/api/development/frameworks/${theirs!.id}`)).statusCode).toBe(404);
    const list = (await owner.get("/api/development/frameworks")).json();
    expect(list.frameworks.map((framework: { key: string }) => framework.key)).not.toContain(theirs!.id);
    const choose = await director.put(`/api/centers/${ids.homeCentre}/development-settings`, {
      framework_key: theirs!.id,
      level_labels: {},
    });
    expect(choose.statusCode).toBe(404);
  });
});

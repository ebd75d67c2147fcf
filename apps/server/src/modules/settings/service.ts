import {
  type Company,
  type CreateCompanyRequest,
  type CreateProgramRequest,
  DEFAULT_PROGRAMS,
  groupPrograms,
  type Program,
  SETTINGS_MESSAGES,
} from "@sprout/shared/schemas/settings";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { companies, programs } from "../../db/schema/settings.ts";
import { writeAudit } from "../../lib/audit.ts";
import { conflict } from "../../lib/errors.ts";
import { toCompany, toProgram } from "./presenter.ts";

/** Gives an organisation the spec's program lists. Safe to call again: existing pairs are kept. */
export async function seedDefaultPrograms(db: Database, organisationId: string) {
  const rows = Object.entries(DEFAULT_PROGRAMS).flatMap(([majorProgram, specifics]) =>
    specifics.map((specificProgram) => ({ organisationId, majorProgram, specificProgram })),
  );
  await db.insert(programs).values(rows).onConflictDoNothing();
}

/** Application settings of an organisation: academic programs and tie-up companies. */
export function createSettingsService({ db }: { db: Database }) {
  async function listPrograms(organisationId: string): Promise<Program[]> {
    const read = () =>
      db
        .select()
        .from(programs)
        .where(eq(programs.organisationId, organisationId))
        .orderBy(asc(programs.createdAt), sql`ctid`);
    let rows = await read();
    // A new organisation starts with the spec's lists.
    if (rows.length === 0) {
      await seedDefaultPrograms(db, organisationId);
      rows = await read();
    }
    return rows.map(toProgram);
  }

  return {
    listPrograms: (caller: Caller) => listPrograms(caller.organisationId),

    /** major → specific programs, as the enquiry rules take them. */
    async programMap(organisationId: string) {
      return groupPrograms(await listPrograms(organisationId));
    },

    async addProgram(caller: Caller, input: CreateProgramRequest): Promise<Program> {
      await listPrograms(caller.organisationId);
      const majorProgram = input.majorProgram.trim();
      const specificProgram = input.specificProgram.trim();
      // The row and its audit entry commit together or not at all.
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(programs)
          .values({ organisationId: caller.organisationId, majorProgram, specificProgram })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(SETTINGS_MESSAGES.programDuplicate);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "program_added",
          entity: "program",
          entityId: row.id,
          after: toProgram(row),
        });
        return toProgram(row);
      });
    },

    async listCompanies(caller: Caller): Promise<Company[]> {
      const rows = await db
        .select()
        .from(companies)
        .where(eq(companies.organisationId, caller.organisationId))
        .orderBy(asc(sql`lower(${companies.companyName})`));
      return rows.map(toCompany);
    },

    async addCompany(caller: Caller, input: CreateCompanyRequest): Promise<Company> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(companies)
          .values({ organisationId: caller.organisationId, companyName: input.companyName.trim() })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(SETTINGS_MESSAGES.companyDuplicate);
        const company = toCompany(row);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "company_added",
          entity: "company",
          entityId: row.id,
          after: company,
        });
        return company;
      });
    },

    /** The tie-up check of the enquiry form: is this company on the list (case and spaces ignored)? */
    async findCompany(organisationId: string, name: string | null | undefined): Promise<string | null> {
      const wanted = name?.trim().replace(/\s+/g, " ");
      if (!wanted) return null;
      const [row] = await db
        .select({ name: companies.companyName })
        .from(companies)
        .where(
          and(eq(companies.organisationId, organisationId), sql`lower(${companies.companyName}) = lower(${wanted})`),
        );
      return row?.name ?? null;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

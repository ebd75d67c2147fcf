import { english } from "@sprout/shared/i18n/english";
import { ROLE_LABELS, type Role } from "@sprout/shared/roles";
import type { CreateUserRequest, UpdateUserRequest, UsersPage, usersQuery } from "@sprout/shared/schemas/users";
import { USER_MESSAGES } from "@sprout/shared/schemas/users";
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { mayAssign, rolesAssignableBy } from "../../auth/access.ts";
import type { Caller, Scope } from "../../auth/caller.ts";
import { hashPassword } from "../../auth/passwords.ts";
import type { SessionService } from "../../auth/sessions.ts";
import type { Database } from "../../db/client.ts";
import { centers, ownerCenters } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { containing, paginationOf } from "../../lib/paging.ts";
import { syncStaffRecord } from "../staff/records.ts";
import { type ManagedUserRow, toManagedUser } from "./presenter.ts";

/** Roles that must belong to one centre (the centre roles and parents). */
const NEEDS_CENTRE: readonly Role[] = ["center_director", "admin", "academic_coordinator", "teacher", "parent"];

export interface Inviter {
  invite(user: { id: string; email: string; fullName: string }, appUrl: string): Promise<unknown>;
}

interface Deps {
  db: Database;
  clock: Clock;
  sessions: SessionService;
  inviter: Inviter;
}

type Row = ManagedUserRow;

/** What the audit log keeps of a user: never a password hash or a two-factor secret. */
/** The audited fields of a user row (read from the row, so it can be written in the change's transaction). */
const auditView = (user: Row["user"]) => ({
  full_name: user.fullName,
  email: user.email,
  role: user.role,
  center_id: user.centerId,
  phone_number: user.phoneNumber,
  job_title: user.jobTitle,
  is_active: user.isActive,
  must_reset_password: user.mustResetPassword,
});

/** User accounts as the super admin manages them (/users). */
export function createUserAdminService({ db, clock, sessions, inviter }: Deps) {
  const select = () =>
    db.select({ user: users, centerName: centers.name }).from(users).leftJoin(centers, eq(centers.id, users.centerId));

  /** The accounts of the caller's organisation: the scope of managing users (`users.manage`). */
  const visibleTo = (caller: Caller) => eq(users.organisationId, caller.organisationId);

  async function load(caller: Caller, id: string): Promise<Row> {
    const [row] = await select().where(and(eq(users.id, id), visibleTo(caller)));
    if (!row) throw notFound("User");
    return row;
  }

  /** Changing someone else needs a role strictly above theirs. */
  function ensureMayChange(caller: Caller, target: Row) {
    if (target.user.id === caller.userId) return;
    if (!mayAssign(caller, target.user.role)) throw forbidden(english("server.cannotChangeUser"));
  }

  function checkRoleAndCentre(caller: Caller, scope: Scope, role: Role, centerId: string | null | undefined) {
    if (!mayAssign(caller, role)) throw forbidden(USER_MESSAGES.roleNotAllowed);
    if (NEEDS_CENTRE.includes(role) && !centerId)
      throw badRequest(USER_MESSAGES.centerRequired, { centerId: USER_MESSAGES.centerRequired });
    if (centerId && !scope.centerIds.includes(centerId)) {
      throw badRequest(USER_MESSAGES.centerNotAllowed, { centerId: USER_MESSAGES.centerNotAllowed });
    }
  }

  async function ensureEmailFree(email: string, exceptId?: string) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (row && row.id !== exceptId) throw conflict(USER_MESSAGES.emailTaken);
  }

  async function byId(id: string) {
    const [row] = await select().where(eq(users.id, id));
    return toManagedUser(row!);
  }

  return {
    roles(caller: Caller) {
      return { roles: rolesAssignableBy(caller).map((value) => ({ value, label: ROLE_LABELS[value] })) };
    },

    async centers(scope: Scope) {
      if (scope.centerIds.length === 0) return [];
      return db
        .select({ id: centers.id, name: centers.name })
        .from(centers)
        .where(inArray(centers.id, scope.centerIds))
        .orderBy(asc(centers.name));
    },

    /** A page of the users the caller may see, by name; search, role and status narrow it. */
    async list(caller: Caller, query: z.output<typeof usersQuery>): Promise<UsersPage> {
      const pattern = query.search ? containing(query.search) : undefined;
      const where = and(
        visibleTo(caller),
        pattern ? or(ilike(users.fullName, pattern), ilike(users.email, pattern)) : undefined,
        query.role ? eq(users.role, query.role) : undefined,
        query.status === "all" ? undefined : eq(users.isActive, query.status === "active"),
      );
      const [rows, [counted]] = await Promise.all([
        select()
          .where(where)
          .orderBy(asc(users.fullName), asc(users.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
      ]);
      return { users: rows.map(toManagedUser), pagination: paginationOf(query, counted?.total ?? 0) };
    },

    async create(caller: Caller, scope: Scope, input: CreateUserRequest, appUrl: string) {
      checkRoleAndCentre(caller, scope, input.role, input.centerId);
      await ensureEmailFree(input.email);
      const password = input.password ? input.password : null;
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            organisationId: caller.organisationId,
            email: input.email.trim().toLowerCase(),
            passwordHash: password ? await hashPassword(password) : null,
            fullName: input.fullName,
            role: input.role,
            centerId: input.centerId ?? null,
            phoneNumber: input.phoneNumber || null,
            jobTitle: input.jobTitle || null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (input.role === "owner" && input.centerId) {
          await tx.insert(ownerCenters).values({ ownerId: user!.id, centerId: input.centerId });
        }
        await syncStaffRecord(tx, user!, now);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "user_created",
          entity: "user",
          entityId: user!.id,
          after: { ...auditView(user!), invited: !password },
        });
        return user!;
      });
      const user = await byId(created.id);
      if (!password) await inviter.invite(created, appUrl);
      return { message: password ? USER_MESSAGES.created : USER_MESSAGES.createdInvited, user };
    },

    async update(caller: Caller, scope: Scope, id: string, input: UpdateUserRequest) {
      const target = await load(caller, id);
      ensureMayChange(caller, target);
      const self = id === caller.userId;
      const centerId = input.centerId ?? null;
      const moves = input.role !== target.user.role || centerId !== target.user.centerId;
      if (self) {
        if (moves) throw badRequest(USER_MESSAGES.selfRole);
        if (input.isActive === false) throw badRequest(USER_MESSAGES.selfDeactivate);
      } else if (moves) {
        checkRoleAndCentre(caller, scope, input.role, centerId);
      }
      await ensureEmailFree(input.email, id);
      const isActive = input.isActive ?? target.user.isActive;
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({
            fullName: input.fullName,
            email: input.email.trim().toLowerCase(),
            role: input.role,
            centerId,
            phoneNumber: input.phoneNumber || null,
            jobTitle: input.jobTitle || null,
            isActive,
            updatedAt: clock.now(),
          })
          .where(eq(users.id, id))
          .returning();
        await syncStaffRecord(tx, updated!, clock.now());
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "user_updated",
          entity: "user",
          entityId: id,
          before: auditView(target.user),
          after: auditView(updated!),
        });
      });
      if (!isActive && target.user.isActive) await sessions.revokeAllOfUser(id, "deactivated");
      const user = await byId(id);
      return { message: USER_MESSAGES.updated, user };
    },

    async toggleStatus(caller: Caller, id: string) {
      const target = await load(caller, id);
      if (id === caller.userId) throw badRequest(USER_MESSAGES.selfDeactivate);
      ensureMayChange(caller, target);
      const isActive = !target.user.isActive;
      await db.transaction(async (tx) => {
        await tx.update(users).set({ isActive, updatedAt: clock.now() }).where(eq(users.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: isActive ? "user_activated" : "user_deactivated",
          entity: "user",
          entityId: id,
          before: { is_active: !isActive },
          after: { is_active: isActive },
        });
      });
      if (!isActive) await sessions.revokeAllOfUser(id, "deactivated");
      const user = await byId(id);
      return { message: isActive ? USER_MESSAGES.activated : USER_MESSAGES.deactivated, user };
    },

    /** Forces a new password at the next sign-in; current sessions end now. */
    async forcePasswordReset(caller: Caller, id: string) {
      const target = await load(caller, id);
      ensureMayChange(caller, target);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ mustResetPassword: true, updatedAt: clock.now() }).where(eq(users.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "user_password_reset_forced",
          entity: "user",
          entityId: id,
          before: { must_reset_password: target.user.mustResetPassword },
          after: { must_reset_password: true },
        });
      });
      await sessions.revokeAllOfUser(id, "password_reset_forced");
      const user = await byId(id);
      return { message: USER_MESSAGES.resetForced, user };
    },
  };
}
export type UserAdminService = ReturnType<typeof createUserAdminService>;

import type { NotificationPreferenceKind, PushPayload } from "@sprout/shared/schemas/push";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { heldUntil } from "./quiet-hours.ts";

/** How long a push service keeps an ordinary push for a device that is off (one day). */
export const ORDINARY_TTL_SECONDS = 24 * 60 * 60;
/** An emergency is worth little after a few hours. */
export const EMERGENCY_TTL_SECONDS = 4 * 60 * 60;

/** The column of notification_preferences that turns each kind off (a fixed map, never input). */
const PREFERENCE_COLUMN: Record<NotificationPreferenceKind, SQL> = {
  messages: sql.raw("messages"),
  daily_activities: sql.raw("daily_activities"),
  photos: sql.raw("photos"),
  health_and_incidents: sql.raw("health_and_incidents"),
  announcements: sql.raw("announcements"),
  billing: sql.raw("billing"),
};

/**
 * Queues `payload` for every device of `userIds` whose owner has not turned `kind` off: one
 * INSERT … SELECT on `tx`, the writer's own transaction, so the push exists exactly when the change
 * does (the outbox pattern). A device whose owner is in their quiet hours gets it `held` until they
 * end. Returns how many device pushes were queued.
 */
export async function enqueueForUsers(
  tx: Database,
  userIds: readonly string[],
  kind: NotificationPreferenceKind,
  payload: PushPayload,
  now: Date,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    insert into push_outbox (subscription_id, payload, urgency, ttl, status, kind, next_attempt_at, created_at)
    select s.id, ${JSON.stringify(payload)}::jsonb, 'normal', ${ORDINARY_TTL_SECONDS},
      case when held.until is null then 'queued' else 'held' end, ${kind}, coalesce(held.until, ${now}), ${now}
    from push_subscriptions s
    left join notification_preferences p on p.user_id = s.user_id
    ${heldUntil(now)}
    where s.user_id in (${ids}) and coalesce(p.${PREFERENCE_COLUMN[kind]}, true)
    returning id`);
  return rowsOf(result).length;
}

/** One of the children a push tells of, as its title names it. */
export interface PushChild {
  id: string;
  firstName: string;
}

/**
 * Queues one push per child to the devices of that child's own guardians (the sign-ins linked as
 * its guardians, as the realtime child audience reads them), unless they turned `kind` off.
 * `build` names the child; a per-child `tag` lets the phone show one line per child and kind.
 */
export async function enqueueForFamilies(
  tx: Database,
  childIds: readonly string[],
  kind: NotificationPreferenceKind,
  build: (child: PushChild) => PushPayload,
  now: Date,
): Promise<number> {
  if (childIds.length === 0) return 0;
  const ids = sql.join(
    [...new Set(childIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const families = rowsOf<{ id: string; first_name: string; user_ids: string[] }>(
    await tx.execute(sql`
      select st.id, st.first_name, array_agg(distinct g.user_id::text) as user_ids
      from students st
        join student_guardians sg on sg.student_id = st.id
        join guardians g on g.id = sg.guardian_id
      where st.id in (${ids}) and g.user_id is not null
      group by st.id, st.first_name`),
  );
  let queued = 0;
  for (const family of families)
    queued += await enqueueForUsers(
      tx,
      family.user_ids,
      kind,
      build({ id: family.id, firstName: family.first_name }),
      now,
    );
  return queued;
}

/**
 * Queues an emergency push (or its all-clear) for every device of everyone at the centre: the
 * families of the children on its roll, its staff, its owners and the organisation's super
 * admins. No preference or quiet hours apply and it goes with `Urgency: high`. The title names the centre,
 * read in the same statement; `build` makes the payload from it.
 */
export async function enqueueForCentre(
  tx: Database,
  centerId: string,
  build: (centreName: string) => PushPayload,
  now: Date,
): Promise<number> {
  const [centre] = rowsOf<{ name: string }>(
    await tx.execute(sql`select center_name as name from centers where id = ${centerId}`),
  );
  if (!centre) return 0;
  const payload = build(centre.name);
  const result = await tx.execute(sql`
    with audience as (
      select g.user_id from guardians g
        join student_guardians sg on sg.guardian_id = g.id
        join students st on st.id = sg.student_id
        where st.center_id = ${centerId} and st.status <> 'left' and g.user_id is not null
      union select u.id from users u where u.center_id = ${centerId} and u.role <> 'parent' and u.is_active
      union select oc.owner_id from owner_centers oc where oc.center_id = ${centerId}
      union select u.id from users u join centers c on c.organisation_id = u.organisation_id
        where c.id = ${centerId} and u.role = 'super_admin' and u.is_active
    )
    insert into push_outbox (subscription_id, payload, urgency, ttl, status, next_attempt_at, created_at)
    select s.id, ${JSON.stringify(payload)}::jsonb, 'high', ${EMERGENCY_TTL_SECONDS}, 'queued', ${now}, ${now}
    from push_subscriptions s
    where s.user_id in (select user_id from audience)
    returning id`);
  return rowsOf(result).length;
}

/** Pushes that failed for good, queued before `before`: the hourly prune job removes them. */
export async function pruneFailedPushes(tx: Database, before: Date): Promise<number> {
  const result = await tx.execute(
    sql`delete from push_outbox where status = 'failed' and created_at < ${before} returning id`,
  );
  return rowsOf(result).length;
}

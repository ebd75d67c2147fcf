import { DEFAULT_QUIET_HOURS } from "@sprout/shared/schemas/push";
import { type SQL, sql } from "drizzle-orm";

/**
 * Lateral joins giving `held.until`: when the quiet hours of the owner of subscription `s` (with
 * their preferences `p`, left-joined) end, if `now` falls inside them; null otherwise. The hours
 * are read in the person's centre's time zone: a staff member's own centre, else the centre of a
 * child they are a guardian of, else their organisation's first centre (India if none).
 */
export function heldUntil(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`
    cross join lateral (
      select coalesce(
        (select c.time_zone from users u join centers c on c.id = u.center_id where u.id = s.user_id),
        (select c.time_zone from guardians g
           join student_guardians sg on sg.guardian_id = g.id
           join students st on st.id = sg.student_id
           join centers c on c.id = st.center_id
           where g.user_id = s.user_id order by st.status = 'left', c.created_at limit 1),
        (select c.time_zone from users u join centers c on c.organisation_id = u.organisation_id
           where u.id = s.user_id order by c.created_at limit 1),
        'Asia/Kolkata') as zone
    ) tz
    cross join lateral (
      select coalesce(p.quiet_hours, true) as quiet,
        coalesce(p.quiet_start, ${DEFAULT_QUIET_HOURS.start}::time) as starts,
        coalesce(p.quiet_end, ${DEFAULT_QUIET_HOURS.end}::time) as ends,
        (${at} at time zone tz.zone) as local
    ) qh
    cross join lateral (
      select (case
        when not qh.quiet then null
        when qh.starts < qh.ends then
          case when qh.local::time >= qh.starts and qh.local::time < qh.ends then qh.local::date + qh.ends end
        when qh.local::time >= qh.starts then qh.local::date + 1 + qh.ends
        when qh.local::time < qh.ends then qh.local::date + qh.ends
      end) at time zone tz.zone as until
    ) held`;
}

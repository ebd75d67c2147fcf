import { type SQL, sql } from "drizzle-orm";

/**
 * One page of upcoming tasks and their total in one statement: the four sources share one shape
 * and one order (due date, then source and id), each filtered by an index on its centre. A task's
 * words are not written here: `title` and `extra` are what it is about (a request's description, a
 * feedback's category and rating, an enquiry's child and parent, an event's title), and the
 * service says them in the reader's language.
 */
export function sqlTasks(options: {
  centerId: string;
  timeZone: string;
  today: string;
  requestWaitDays: number;
  feedbackDays: number;
  followUpDays: number;
  limit: number;
  offset: number;
}): SQL {
  const { centerId, timeZone, today } = options;
  return sql`
    with tasks as (
      select id::text as id, 'budget_request' as source,
             description as title, null::text as extra,
             ((created_at at time zone ${timeZone})::date + ${options.requestWaitDays}::int) as due_date,
             'High' as priority
        from budget_requests
       where center_id = ${centerId} and status = 'pending'
      union all
      select id::text, 'feedback',
             category, rating::text,
             ((created_at at time zone ${timeZone})::date + ${options.feedbackDays}::int),
             'Medium'
        from parent_feedback
       where center_id = ${centerId} and status = 'pending'
      union all
      select id::text, 'enquiry_follow_up',
             child_name, parent_name,
             follow_up_date,
             case when follow_up_date <= ${today}::date then 'High' else 'Medium' end
        from enquiries
       where center_id = ${centerId} and status in ('Open', 'Follow-up')
         and follow_up_date is not null and follow_up_date <= ${today}::date + ${options.followUpDays}::int
      union all
      select id::text, 'calendar', title, null, event_date,
             case when kind = 'safety_drill' then 'High' else 'Medium' end
        from centre_calendar_events
       where center_id = ${centerId} and event_date >= ${today}::date
    )
    select id, source, title, extra, to_char(due_date, 'YYYY-MM-DD') as due_date, priority, count(*) over () as total
      from tasks
     order by due_date, source, id
     limit ${options.limit} offset ${options.offset}`;
}

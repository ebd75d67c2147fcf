import { english } from "@sprout/shared/i18n/english";
import {
  INCIDENT_REVIEW_DEFAULT,
  INCIDENT_REVIEW_REMINDER_MINUTES,
  INCIDENT_TYPE_LABEL_IDS,
  INCIDENT_TYPE_LABELS,
  type IncidentType,
} from "@sprout/shared/schemas/incidents";
import { and, eq, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { incidentSettings, incidents } from "../../db/schema/incidents.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { JOB_LOCKS, runExclusive } from "../../jobs/lock.ts";
import type { Clock } from "../../lib/clock.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { mailWords } from "../../mail/say.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { createLeadership } from "../communication/leadership.ts";
import { createNotificationsService } from "../communication/notifications.ts";
import { incidentQueries } from "./queries.ts";

interface Waiting {
  id: string;
  centerName: string;
  timeZone: string;
  type: IncidentType;
  createdAt: Date;
  reporter: string | null;
  children: string;
}

/**
 * Reports still waiting for a manager's review past the reminder time bring the centre's managers
 * (those who may mark parents notified) one bell line each and one e-mail listing them. Each
 * report is claimed (review_reminded_at set) by the statement that finds it, under the job's
 * advisory lock, and the reminders go after the claim commits: two runs or two instances never
 * remind twice; a crash between the two loses a reminder rather than repeating it. Centres that
 * share reports as they are filed have nothing waiting; resolved reports have been reviewed.
 */
export async function runReviewReminders(
  db: Database,
  clock: Clock,
  deps: { mail: (message: OutgoingMail) => Promise<void>; realtime: RealtimePublisher },
) {
  const now = clock.now();
  const due = new Date(now.getTime() - INCIDENT_REVIEW_REMINDER_MINUTES * 60_000);
  const reviewed = db
    .select({ review: incidentSettings.reviewBeforeParents })
    .from(incidentSettings)
    .where(eq(incidentSettings.centerId, incidents.centerId));
  const outcome = await runExclusive(db, JOB_LOCKS.incidentReviewReminders, (tx) =>
    tx
      .update(incidents)
      .set({ reviewRemindedAt: now })
      .where(
        and(
          isNull(incidents.parentsNotifiedAt),
          isNull(incidents.reviewRemindedAt),
          ne(incidents.status, "resolved"),
          lte(incidents.createdAt, due),
          sql`coalesce((${reviewed}), ${INCIDENT_REVIEW_DEFAULT})`,
        ),
      )
      .returning({ id: incidents.id, centerId: incidents.centerId }),
  );
  if (!outcome || outcome.result.length === 0) return { ran: outcome !== null, reminded: 0, managers: 0 };

  const claimed = outcome.result;
  const waiting = await describe(
    db,
    claimed.map((report) => report.id),
  );
  const leadershipOf = createLeadership(db);
  const notifications = createNotificationsService({ db, clock, realtime: deps.realtime });
  const perManager = new Map<string, Waiting[]>();
  for (const report of claimed) {
    const managers = await leadershipOf(report.centerId, "incidents.manage");
    const about = waiting.get(report.id)!;
    await notifications.notify(managers, {
      kind: "incident",
      title: english("bell.incidentWaitingTitle", { type: INCIDENT_TYPE_LABELS[about.type], children: about.children }),
      body: english("bell.incidentWaitingBody", {
        reporter: about.reporter ?? english("bell.someStaff"),
        time: shownTime(about),
      }),
      link: `/incidents?report=${report.id}`,
    });
    for (const manager of managers) perManager.set(manager, [...(perManager.get(manager) ?? []), about]);
  }
  const recipients = perManager.size
    ? await db
        .select({ id: users.id, email: users.email, name: users.fullName, language: users.language })
        .from(users)
        .where(inArray(users.id, [...perManager.keys()]))
    : [];
  for (const manager of recipients) {
    const reports = perManager.get(manager.id)!;
    const { say, intl } = mailWords(manager.language);
    const lines = reports
      .map((report) =>
        say("mail.incidentReview.line", {
          type: say(INCIDENT_TYPE_LABEL_IDS[report.type]),
          children: report.children,
          centre: report.centerName,
          reporter: report.reporter ?? say("mail.incidentReview.someStaff"),
          time: shownTime(report, intl.locale),
        }),
      )
      .join("\n");
    await deps.mail({
      to: manager.email,
      subject: say("mail.incidentReview.subject", { count: reports.length }),
      text: say("mail.incidentReview.body", {
        name: manager.name,
        minutes: INCIDENT_REVIEW_REMINDER_MINUTES,
        lines,
      }),
    });
  }
  return { ran: true, reminded: claimed.length, managers: recipients.length };
}

/** What a reminder names about each report: its type, the children, who reported it and when. */
async function describe(db: Database, ids: string[]): Promise<Map<string, Waiting>> {
  const [rows, children] = await Promise.all([
    db
      .select({
        id: incidents.id,
        centerName: centers.name,
        timeZone: centers.timeZone,
        type: incidents.incidentType,
        createdAt: incidents.createdAt,
        reporter: users.fullName,
      })
      .from(incidents)
      .innerJoin(centers, eq(centers.id, incidents.centerId))
      .leftJoin(users, eq(users.id, incidents.reportedBy))
      .where(inArray(incidents.id, ids)),
    incidentQueries(db).childrenOf(ids),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        children: (children.get(row.id) ?? []).map((child) => child.name).join(", "),
      },
    ]),
  );
}

/** When it was reported, on the centre's clock: "20 Nov 2026, 10:05 am" (in English). */
const shownTime = (report: Waiting, locale = "en-IN") =>
  new Intl.DateTimeFormat(locale, { timeZone: report.timeZone, dateStyle: "medium", timeStyle: "short" }).format(
    report.createdAt,
  );

import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { Language } from "@sprout/shared/i18n/languages";
import { PURPOSE_LABEL_IDS } from "@sprout/shared/schemas/privacy";
import { intlFor } from "../../i18n/intl.ts";
import { openPdf } from "../../pdf/document.ts";
import { write } from "../../pdf/fonts.ts";
import type { ExportData } from "./export-content.ts";

/**
 * The readable summary of an export, in the asking parent's language: who the child is, the
 * family, and how many records of each kind the archive holds (their full content is in
 * data.json), with the invoices in rupees.
 */
export function renderExportSummary(data: ExportData, generatedAt: Date, language: Language): Promise<Buffer> {
  const intl = intlFor(language);
  const say = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const formatDate = (value: string | Date | null) =>
    value === null
      ? "—"
      : intl.formatDate(typeof value === "string" ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value, {
          day: "2-digit",
          month: "short",
          year: "numeric",
          timeZone: "UTC",
        });
  const money = (rupees: number) => intl.formatNumber(rupees, { style: "currency", currency: "INR" });
  const childName = `${data.child.first_name} ${data.child.last_name}`.trim();
  const { doc, done } = openPdf({
    margin: 50,
    info: { Title: say("exportPdf.documentTitle", { child: childName }), Author: data.child.centre },
  });
  const green = "#2e7d5b";
  const body = { weight: "regular", size: 10 } as const;
  const line = (text: string) => write(doc, text, body);
  const heading = (text: string) => {
    doc.moveDown(0.8).fillColor(green);
    write(doc, text, { weight: "bold", size: 13 }).moveDown(0.2).fillColor("#000");
  };
  const fact = (label: string, value: string | number | null) => {
    write(doc, `${label}: `, { weight: "bold", size: 10 }, undefined, undefined, { continued: true });
    line(String(value ?? "—"));
  };

  doc.rect(0, 0, doc.page.width, 8).fill(green);
  write(doc.fillColor(green), say("exportPdf.title"), { weight: "bold", size: 20 }, 50, 36);
  write(
    doc.fillColor("#555"),
    say("exportPdf.prepared", { centre: data.child.centre, date: formatDate(generatedAt) }),
    body,
  );
  doc.fillColor("#000").moveDown(0.5);
  line(say("exportPdf.intro"));

  heading(say("exportPdf.child"));
  fact(say("exportPdf.name"), childName);
  fact(say("exportPdf.studentId"), data.child.student_id);
  fact(say("exportPdf.dateOfBirth"), formatDate(data.child.date_of_birth));
  fact(say("exportPdf.gender"), data.child.gender);
  fact(say("exportPdf.classroom"), data.child.classroom);
  fact(say("exportPdf.programme"), data.child.program);
  fact(say("exportPdf.enrolled"), formatDate(data.child.enrollment_date));
  if (data.child.exit_date) fact(say("exportPdf.left"), formatDate(data.child.exit_date));
  fact(say("exportPdf.monthlyFee"), data.child.monthly_fee === null ? null : money(data.child.monthly_fee));

  heading(say("exportPdf.family"));
  if (data.parent) fact(say("exportPdf.you"), `${data.parent.full_name} (${data.parent.email})`);
  for (const guardian of data.guardians) {
    line(
      say("exportPdf.guardian", {
        name: `${guardian.first_name} ${guardian.last_name}`,
        relation: guardian.relation,
        primary: guardian.is_primary ? "yes" : "no",
        contact: [guardian.phone, guardian.email].filter(Boolean).join(", "),
      }),
    );
  }
  for (const person of data.pickup_people) {
    line(
      say("exportPdf.pickup", {
        name: person.name,
        relation: person.relation,
        phone: person.phone,
        removed: person.removed_at ? "yes" : "no",
      }),
    );
  }

  heading(say("exportPdf.records"));
  const counts: [string, number][] = [
    ["attendance", data.attendance.stays.length],
    ["absences", data.attendance.absences.length + data.attendance.absence_notices.length],
    ["meals", data.childs_day.food.length],
    ["naps", data.childs_day.sleep.length],
    ["potty", data.childs_day.potty.length],
    ["stars", data.childs_day.stars.length],
    ["healthNotes", data.health.notes.length],
    ["medications", data.health.medications.length],
    ["doses", data.health.doses.length],
    ["immunisations", data.health.immunisations.length],
    ["observations", data.observations.length],
    ["portfolio", data.portfolio.length],
    ["progressCards", data.progress_cards.length],
    ["submissions", data.assignment_submissions.length],
    ["pauses", data.enrolment.pauses.length],
    ["moves", data.enrolment.moves.length],
    ["messages", data.messages.length],
    ["feedback", data.feedback.length],
    ["incidents", data.incidents.length],
    ["accessLog", data.access_log.length],
    ["invoices", data.invoices.length],
    ["payments", data.payments.length],
    ["dataRequests", data.data_requests.length],
  ];
  for (const [kind, count] of counts) line(say("exportPdf.count", { kind, count }));

  heading(say("exportPdf.consents"));
  if (data.consents.purposes.length === 0) line(say("exportPdf.noConsent"));
  for (const consent of data.consents.purposes) {
    line(
      say("exportPdf.consent", {
        purpose: say(PURPOSE_LABEL_IDS[consent.purpose].title),
        given: consent.given ? "yes" : "no",
        date: formatDate(consent.given_at),
      }),
    );
  }
  for (const med of data.consents.medications) {
    line(
      say("exportPdf.medicationConsent", {
        name: med.name,
        date: formatDate(med.consent_at),
        withdrawn: med.withdrawn_at ? "yes" : "no",
      }),
    );
  }

  if (data.invoices.length > 0) {
    heading(say("exportPdf.invoices"));
    for (const invoice of data.invoices) {
      line(
        say("exportPdf.invoice", {
          number: invoice.invoice_number,
          date: formatDate(invoice.issue_date),
          total: money(invoice.total),
          paid: money(invoice.paid),
          status: invoice.status,
        }),
      );
    }
  }
  doc.end();
  return done;
}

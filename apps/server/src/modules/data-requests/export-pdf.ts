import { PURPOSE_LABELS } from "@sprout/shared/schemas/privacy";
import { openPdf } from "../../pdf/document.ts";
import { write } from "../../pdf/fonts.ts";
import type { ExportData } from "./export-content.ts";

const GROUPING = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const DATE = new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" });
const formatDate = (value: string | Date | null) =>
  value === null ? "—" : DATE.format(typeof value === "string" ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value);

/**
 * The readable summary of an export: who the child is, the family, and how many records of each
 * kind the archive holds (their full content is in data.json), with the invoices in rupees.
 */
export function renderExportSummary(data: ExportData, generatedAt: Date): Promise<Buffer> {
  const money = (rupees: number) => `₹${GROUPING.format(rupees)}`;
  const childName = `${data.child.first_name} ${data.child.last_name}`.trim();
  const { doc, done } = openPdf({
    margin: 50,
    info: { Title: `Data held about ${childName}`, Author: data.child.centre },
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
  write(doc.fillColor(green), "Sprout: the data we hold", { weight: "bold", size: 20 }, 50, 36);
  write(doc.fillColor("#555"), `${data.child.centre} · prepared ${formatDate(generatedAt)}`, body);
  doc.fillColor("#000").moveDown(0.5);
  line(
    "This archive holds everything Sprout keeps about your child and you: this summary, data.json with every record in full, and the original photos and documents in their folders.",
  );

  heading("Child");
  fact("Name", childName);
  fact("Student ID", data.child.student_id);
  fact("Date of birth", formatDate(data.child.date_of_birth));
  fact("Gender", data.child.gender);
  fact("Classroom", data.child.classroom);
  fact("Programme", data.child.program);
  fact("Enrolled", formatDate(data.child.enrollment_date));
  if (data.child.exit_date) fact("Left", formatDate(data.child.exit_date));
  fact("Monthly fee", data.child.monthly_fee === null ? null : money(data.child.monthly_fee));

  heading("Family");
  if (data.parent) fact("You", `${data.parent.full_name} (${data.parent.email})`);
  for (const guardian of data.guardians) {
    line(
      `${guardian.first_name} ${guardian.last_name} — ${guardian.relation}${guardian.is_primary ? " (primary)" : ""}; ${[guardian.phone, guardian.email].filter(Boolean).join(", ")}`,
    );
  }
  for (const person of data.pickup_people) {
    line(`Pick-up: ${person.name} — ${person.relation}, ${person.phone}${person.removed_at ? " (removed)" : ""}`);
  }

  heading("Records in this archive");
  const counts: [string, number][] = [
    ["Attendance days", data.attendance.stays.length],
    ["Absences", data.attendance.absences.length + data.attendance.absence_notices.length],
    ["Meals", data.childs_day.food.length],
    ["Naps", data.childs_day.sleep.length],
    ["Potty entries", data.childs_day.potty.length],
    ["Stars", data.childs_day.stars.length],
    ["Health notes", data.health.notes.length],
    ["Medications", data.health.medications.length],
    ["Doses given", data.health.doses.length],
    ["Immunisations", data.health.immunisations.length],
    ["Observations", data.observations.length],
    ["Portfolio photos and videos", data.portfolio.length],
    ["Assignment submissions", data.assignment_submissions.length],
    ["Pauses", data.enrolment.pauses.length],
    ["Classroom and centre moves", data.enrolment.moves.length],
    ["Messages", data.messages.length],
    ["Your feedback", data.feedback.length],
    ["Incidents", data.incidents.length],
    ["Staff views of the records (last year)", data.access_log.length],
    ["Invoices", data.invoices.length],
    ["Payments", data.payments.length],
    ["Data requests", data.data_requests.length],
  ];
  for (const [label, value] of counts) line(`${label}: ${value}`);

  heading("Consents");
  if (data.consents.purposes.length === 0) line("No consent recorded yet.");
  for (const consent of data.consents.purposes) {
    line(
      `${PURPOSE_LABELS[consent.purpose].title}: ${consent.given ? "given" : "refused"} on ${formatDate(consent.given_at)}`,
    );
  }
  for (const med of data.consents.medications) {
    line(`Medication ${med.name}: given ${formatDate(med.consent_at)}${med.withdrawn_at ? ", withdrawn" : ""}`);
  }

  if (data.invoices.length > 0) {
    heading("Invoices");
    for (const invoice of data.invoices) {
      line(
        `${invoice.invoice_number} · ${formatDate(invoice.issue_date)} · ${money(invoice.total)} · paid ${money(invoice.paid)} · ${invoice.status}`,
      );
    }
  }
  doc.end();
  return done;
}

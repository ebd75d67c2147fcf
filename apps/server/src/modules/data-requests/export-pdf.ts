import { existsSync } from "node:fs";
import { PURPOSE_LABELS } from "@sprout/shared/schemas/privacy";
import PDFDocument from "pdfkit";
import type { ExportData } from "./export-content.ts";

/** Debian's fonts-dejavu-core has the rupee sign; the standard PDF fonts do not (as billing's PDF). */
const DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const DEJAVU_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

function fonts(): { regular: string; bold: string; rupee: string } {
  if (existsSync(DEJAVU) && existsSync(DEJAVU_BOLD)) return { regular: DEJAVU, bold: DEJAVU_BOLD, rupee: "₹" };
  return { regular: "Helvetica", bold: "Helvetica-Bold", rupee: "Rs. " };
}

const GROUPING = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const DATE = new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" });
const formatDate = (value: string | Date | null) =>
  value === null ? "—" : DATE.format(typeof value === "string" ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value);

/**
 * The readable summary of an export: who the child is, the family, and how many records of each
 * kind the archive holds (their full content is in data.json), with the invoices in rupees.
 */
export function renderExportSummary(data: ExportData, generatedAt: Date): Promise<Buffer> {
  const font = fonts();
  const money = (rupees: number) => `${font.rupee}${GROUPING.format(rupees)}`;
  const childName = `${data.child.first_name} ${data.child.last_name}`.trim();
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `Data held about ${childName}`, Author: data.child.centre },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const green = "#2e7d5b";
  const heading = (text: string) => {
    doc.moveDown(0.8).fillColor(green).font(font.bold).fontSize(13).text(text).moveDown(0.2);
    doc.fillColor("#000").font(font.regular).fontSize(10);
  };
  const fact = (label: string, value: string | number | null) =>
    doc
      .font(font.bold)
      .text(`${label}: `, { continued: true })
      .font(font.regular)
      .text(String(value ?? "—"));

  doc.rect(0, 0, doc.page.width, 8).fill(green);
  doc.fillColor(green).font(font.bold).fontSize(20).text("Sprout: the data we hold", 50, 36);
  doc
    .fillColor("#555")
    .font(font.regular)
    .fontSize(10)
    .text(`${data.child.centre} · prepared ${formatDate(generatedAt)}`);
  doc.fillColor("#000").moveDown(0.5);
  doc.text(
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
    doc.text(
      `${guardian.first_name} ${guardian.last_name} — ${guardian.relation}${guardian.is_primary ? " (primary)" : ""}; ${[guardian.phone, guardian.email].filter(Boolean).join(", ")}`,
    );
  }
  for (const person of data.pickup_people) {
    doc.text(`Pick-up: ${person.name} — ${person.relation}, ${person.phone}${person.removed_at ? " (removed)" : ""}`);
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
  for (const [label, value] of counts) doc.text(`${label}: ${value}`);

  heading("Consents");
  if (data.consents.purposes.length === 0) doc.text("No consent recorded yet.");
  for (const consent of data.consents.purposes) {
    doc.text(
      `${PURPOSE_LABELS[consent.purpose].title}: ${consent.given ? "given" : "refused"} on ${formatDate(consent.given_at)}`,
    );
  }
  for (const med of data.consents.medications) {
    doc.text(`Medication ${med.name}: given ${formatDate(med.consent_at)}${med.withdrawn_at ? ", withdrawn" : ""}`);
  }

  if (data.invoices.length > 0) {
    heading("Invoices");
    for (const invoice of data.invoices) {
      doc.text(
        `${invoice.invoice_number} · ${formatDate(invoice.issue_date)} · ${money(invoice.total)} · paid ${money(invoice.paid)} · ${invoice.status}`,
      );
    }
  }
  doc.end();
  return done;
}

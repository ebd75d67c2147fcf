import type { Database } from "../../db/client.ts";
import { documents } from "../../db/schema/documents.ts";
import type { FileStore } from "../../files/store.ts";
import { renderTextPdf } from "../../pdf/text-document.ts";

interface Centre {
  id: string;
  name: string;
  city: string;
}

const DAY = 86_400_000;

/**
 * The documents shelf of the demo: the organisation's handbook and contract template, and each
 * centre's admission form and fire drill report, as real PDFs uploaded over the last weeks.
 * Files are written before the rows (a failed seed leaves files the orphan sweep removes).
 */
export async function seedDocumentsDemo(
  db: Database,
  files: FileStore,
  input: {
    organisationId: string;
    organisationName: string;
    ownerId: string;
    centres: (Centre & { directorId: string })[];
  },
  now: Date,
) {
  const planned: {
    centerId: string | null;
    name: string;
    type: "policy" | "contract" | "report" | "form";
    description: string;
    uploadedBy: string;
    daysAgo: number;
    pdf: Parameters<typeof renderTextPdf>[0];
  }[] = [
    {
      centerId: null,
      name: "Parent Handbook 2026-27.pdf",
      type: "policy",
      description: "Timings, fees, meals, illness, pick-up and how we keep in touch.",
      uploadedBy: input.ownerId,
      daysAgo: 40,
      pdf: {
        title: "Parent Handbook 2026-27",
        from: input.organisationName,
        sections: [
          {
            heading: "Timings",
            body: "Our centres open at 8:00 and close at 18:30, Monday to Saturday. Please bring your child before 9:30 so that they join the morning circle, and collect them by 18:30.",
          },
          {
            heading: "Meals",
            body: "We serve a morning snack, a hot vegetarian lunch and an evening snack. Tell us about every allergy on the child's profile; we never serve nuts.",
          },
          {
            heading: "Illness",
            body: "A child with a fever of 38 °C or more, vomiting or diarrhoea goes home and stays away for 48 hours after the last symptom.",
          },
          {
            heading: "Pick-up",
            body: "We hand your child only to you or to a person you have added as an authorised pick-up in the app, who shows a photo ID.",
          },
          {
            heading: "Keeping in touch",
            body: "The Sprout app shows your child's day as it happens: arrival, meals, naps, photos and notes from the teachers. Message the teachers there at any time.",
          },
        ],
      },
    },
    {
      centerId: null,
      name: "Teacher employment contract (template).pdf",
      type: "contract",
      description: "The standard contract for teaching staff.",
      uploadedBy: input.ownerId,
      daysAgo: 75,
      pdf: {
        title: "Employment contract: teaching staff",
        from: input.organisationName,
        sections: [
          {
            heading: "Position",
            body: "The employee joins as a Lead Teacher or Assistant Teacher at the centre named in the offer letter.",
          },
          {
            heading: "Hours",
            body: "Nine hours a day, six days a week, with a one-hour break, on a roster set by the centre director.",
          },
          {
            heading: "Leave",
            body: "Twelve days of casual leave and twelve days of sick leave each year, asked for through the app.",
          },
          {
            heading: "Safeguarding",
            body: "The employee follows the child protection policy and completes its training within the first month.",
          },
        ],
      },
    },
  ];
  for (const [index, centre] of input.centres.entries()) {
    const from = `${centre.name}, ${centre.city}`;
    planned.push(
      {
        centerId: centre.id,
        name: `Admission form - ${centre.name}.pdf`,
        type: "form",
        description: "Fill in and bring to the centre with your child's birth certificate and vaccination card.",
        uploadedBy: centre.directorId,
        daysAgo: 30 + index,
        pdf: {
          title: "Admission form",
          from,
          sections: [
            {
              heading: "Child",
              body: "Full name: ____________________   Date of birth: __________   Gender: ________",
            },
            {
              heading: "Parents",
              body: "Father's name and mobile: ______________________\nMother's name and mobile: ______________________",
            },
            { heading: "Health", body: "Allergies: ____________________   Medical conditions: ____________________" },
            {
              heading: "Programme",
              body: "Creche / Playgroup / Toddlers / Pre-Kindy / Kindy (circle one).   Start date: __________",
            },
          ],
        },
      },
      {
        centerId: centre.id,
        name: `Fire drill report - ${centre.name}.pdf`,
        type: "report",
        description: "This month's evacuation drill: times, head count and actions.",
        uploadedBy: centre.directorId,
        daysAgo: 6 + index,
        pdf: {
          title: "Fire drill report",
          from,
          sections: [
            {
              heading: "Drill",
              body: "The alarm sounded at 10:30. Every room left by its marked exit and gathered at the assembly point in the front garden.",
            },
            {
              heading: "Times",
              body: `Building empty in ${3 + index} minutes ${10 + index * 7} seconds. Head count matched the attendance register.`,
            },
            { heading: "Actions", body: "Keep the Creche's second exit clear of prams. Next drill in three months." },
          ],
        },
      },
    );
  }
  const values: (typeof documents.$inferInsert)[] = [];
  for (const item of planned) {
    const content = await renderTextPdf(item.pdf);
    const storedName = await files.save(content, "pdf");
    values.push({
      organisationId: input.organisationId,
      centerId: item.centerId,
      name: item.name,
      type: item.type,
      description: item.description,
      storedName,
      mimeType: "application/pdf",
      sizeBytes: content.length,
      uploadedBy: item.uploadedBy,
      uploadedAt: new Date(now.getTime() - item.daysAgo * DAY),
    });
  }
  await db.insert(documents).values(values);
  return values.length;
}

import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { Language } from "@sprout/shared/i18n/languages";
import { ALL_ABOUT_ME_FIELDS, PARENT_PAGE_FIELDS } from "@sprout/shared/schemas/development/card";
import type { ProgressCard } from "@sprout/shared/schemas/development/progress-card";
import { intlFor } from "../i18n/intl.ts";
import { openPdf } from "./document.ts";
import { fontName, type TextStyle, write } from "./fonts.ts";

export type CardShade = "colour" | "grey";

/** The inks of a shade: a grey print reads the same, since every level is also a marked box and a word. */
const INKS: Record<
  CardShade,
  { band: string; accent: string; soft: string; text: string; muted: string; levels: string[] }
> = {
  colour: {
    band: "#2e7d5b",
    accent: "#1b5e43",
    soft: "#e8f3ee",
    text: "#1a1a1a",
    muted: "#555555",
    levels: ["#7fb3d5", "#8e7cc3", "#f0b429", "#e4572e", "#2e7d5b", "#555555"],
  },
  grey: {
    band: "#404040",
    accent: "#202020",
    soft: "#eeeeee",
    text: "#000000",
    muted: "#4a4a4a",
    levels: ["#000000", "#000000", "#000000", "#000000", "#000000", "#000000"],
  },
};

const MARGIN = 40;
const FOOTER_SPACE = 36;

/**
 * A child's Holistic Progress Card for the Foundational Stage as an A4 PDF, modelled on the
 * NCERT/PARAKH card: a cover (child, centre, term, attendance), the child's "all about me" page,
 * each domain's levels as a marked scale and words with the teacher's narrative, the term's
 * photos, and the parent's page; every page's footer names the version. Plain data in, bytes out.
 */
export function renderProgressCardPdf(
  card: ProgressCard,
  photos: { itemId: string; image: Buffer }[],
  language: Language,
  shade: CardShade,
): Promise<Buffer> {
  const intl = intlFor(language);
  const say = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const day = (iso: string) =>
    intl.formatDate(`${iso.slice(0, 10)}T00:00:00Z`, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
  const ink = INKS[shade];
  const { doc, done } = openPdf({
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: say("development.card.documentTitle", { name: card.child.name, term: card.term.name }),
      Author: card.child.centre_name,
    },
  });
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - FOOTER_SPACE;
  let y = MARGIN;

  const heightOf = (text: string, style: TextStyle, w: number) =>
    doc
      .font(fontName("latin", style.weight))
      .fontSize(style.size)
      .heightOfString(text || " ", { width: w });
  const newPage = () => {
    doc.addPage();
    y = MARGIN;
  };
  const room = (needed: number) => {
    if (y + needed > bottom()) newPage();
  };
  const text = (value: string, style: TextStyle, colour: string, x = MARGIN, w = width, gap = 4) => {
    room(heightOf(value, style, w));
    write(doc.fillColor(colour), value, style, x, y, { width: w });
    y = doc.y + gap;
  };
  const heading = (value: string) => {
    room(40);
    doc.rect(MARGIN, y, width, 24).fill(ink.soft);
    doc.rect(MARGIN, y, 4, 24).fill(ink.band);
    write(doc.fillColor(ink.accent), value, { weight: "bold", size: 13 }, MARGIN + 12, y + 5, { width: width - 16 });
    y += 32;
  };

  // The cover: the card, the child, the centre and the term.
  doc.rect(0, 0, doc.page.width, 10).fill(ink.band);
  y = 56;
  text(say("development.card.title"), { weight: "bold", size: 26 }, ink.accent);
  text(say("development.card.stage"), { weight: "regular", size: 13 }, ink.muted, MARGIN, width, 24);
  text(card.child.name, { weight: "bold", size: 22 }, ink.text, MARGIN, width, 6);
  text(card.child.centre_name, { weight: "regular", size: 13 }, ink.text, MARGIN, width, 2);
  text(
    `${card.term.name} · ${say("development.card.termDates", { from: day(card.term.starts_on), to: day(card.term.ends_on) })}`,
    { weight: "regular", size: 11 },
    ink.muted,
    MARGIN,
    width,
    24,
  );
  const age = card.child.age;
  const facts: [string, string][] = [
    [say("development.card.dateOfBirth"), card.child.date_of_birth ? day(card.child.date_of_birth) : "—"],
    [
      say("development.card.age"),
      age ? say("development.card.ageValue", { years: age.years, months: age.months }) : "—",
    ],
    [say("development.card.classroom"), card.child.classroom_name ?? "—"],
    [say("development.card.teachers"), card.child.teacher_names.join(", ") || "—"],
    [
      say("development.card.attendance"),
      say("development.card.attendanceValue", {
        present: card.attendance.days_present,
        open: card.attendance.days_open,
      }),
    ],
  ];
  for (const [label, value] of facts) {
    const top = y;
    write(doc.fillColor(ink.muted), label, { weight: "regular", size: 10 }, MARGIN, top, { width: width * 0.3 });
    write(doc.fillColor(ink.text), value, { weight: "bold", size: 11 }, MARGIN + width * 0.3, top, {
      width: width * 0.7,
    });
    y = Math.max(doc.y, top + 14) + 8;
  }
  y += 12;
  // The scale the card uses, lowest first, as it is marked on every domain.
  text(say("development.card.scale"), { weight: "bold", size: 11 }, ink.accent, MARGIN, width, 6);
  card.scale.forEach((level, index) => {
    const top = y;
    scaleMark(index, null, 12);
    const right = MARGIN + card.scale.length * 16 + 8;
    write(doc.fillColor(ink.text), level.label, { weight: "regular", size: 10 }, right, top, {
      width: width - right + MARGIN,
    });
    y = Math.max(doc.y, top + 16) + 4;
  });

  /** A box per level, the reached one filled (and, in grey, the others left open). */
  function scaleMark(reached: number, only: number | null, size: number, x = MARGIN) {
    const levels = only === null ? card.scale.length : 1;
    for (let at = 0; at < levels; at += 1) {
      const index = only === null ? at : only;
      const left = x + at * (size + 4);
      const filled = index <= reached;
      const colour = ink.levels[Math.min(index, ink.levels.length - 1)]!;
      doc.lineWidth(1).rect(left, y, size, size);
      if (filled) doc.fillAndStroke(colour, ink.text);
      else doc.stroke(ink.muted);
    }
  }

  // The child's own page.
  newPage();
  heading(say("development.card.allAboutMe"));
  for (const field of ALL_ABOUT_ME_FIELDS) {
    const answer = card.all_about_me[field]?.trim();
    text(say(`development.aboutMe.${field}`), { weight: "bold", size: 10 }, ink.muted, MARGIN, width, 2);
    text(answer || "—", { weight: "regular", size: 12 }, ink.text, MARGIN, width, 10);
  }

  // Each domain: its competencies with the level as words and a marked scale, then the narrative.
  const scaleWidth = card.scale.length * 16;
  for (const domain of card.domains) {
    room(120);
    if (y > MARGIN) y += 8;
    heading(`${domain.name} (${domain.code})`);
    for (const competency of domain.competencies) {
      const textWidth = width - scaleWidth - 130;
      const label = `${competency.code} ${competency.text}`;
      const comment = competency.comment.trim();
      const needed =
        Math.max(heightOf(label, { weight: "regular", size: 10 }, textWidth), 14) +
        (comment ? heightOf(comment, { weight: "regular", size: 9 }, textWidth) + 4 : 0) +
        10;
      room(needed);
      const top = y;
      write(doc.fillColor(ink.text), label, { weight: "regular", size: 10 }, MARGIN, top, { width: textWidth });
      let below = doc.y;
      if (comment) {
        write(doc.fillColor(ink.muted), comment, { weight: "regular", size: 9 }, MARGIN + 8, below + 2, {
          width: textWidth - 8,
        });
        below = doc.y;
      }
      y = top;
      scaleMark(competency.level_index, null, 12, MARGIN + textWidth + 10);
      write(
        doc.fillColor(ink.text),
        competency.level_label,
        { weight: "bold", size: 10 },
        MARGIN + textWidth + scaleWidth + 18,
        top,
        { width: 112 },
      );
      y = Math.max(below, doc.y, top + 14) + 8;
      doc
        .moveTo(MARGIN, y - 4)
        .lineTo(MARGIN + width, y - 4)
        .lineWidth(0.5)
        .stroke(ink.soft);
    }
    text(say("development.card.narrative"), { weight: "bold", size: 10 }, ink.accent, MARGIN, width, 2);
    text(domain.narrative ?? say("development.card.noNarrative"), { weight: "regular", size: 11 }, ink.text);
  }

  // The term's photos, two a row.
  if (photos.length) {
    newPage();
    heading(say("development.card.photos"));
    const cell = (width - 12) / 2;
    photos.forEach((photo, index) => {
      if (index % 2 === 0 && index > 0) y += cell * 0.75 + 12;
      if (index % 2 === 0) room(cell * 0.75);
      const x = MARGIN + (index % 2) * (cell + 12);
      doc.image(photo.image, x, y, { fit: [cell, cell * 0.75], align: "center", valign: "center" });
    });
    y += cell * 0.75 + 12;
  }

  // The parent's page: what they wrote, or lines to write on by hand.
  newPage();
  heading(say("development.card.parentPage"));
  const answers = card.parent_page?.answers ?? {};
  for (const field of PARENT_PAGE_FIELDS) {
    const answer = answers[field]?.trim();
    text(say(`development.parentPage.${field}`), { weight: "bold", size: 10 }, ink.muted, MARGIN, width, 4);
    if (answer) text(answer, { weight: "regular", size: 12 }, ink.text, MARGIN, width, 12);
    else {
      room(48);
      for (let line = 0; line < 3; line += 1) {
        y += 14;
        doc
          .moveTo(MARGIN, y)
          .lineTo(MARGIN + width, y)
          .lineWidth(0.5)
          .stroke(ink.muted);
      }
      y += 14;
    }
  }

  // Every page's footer: the centre, the term, the version and its date, the page.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = doc.page.height - MARGIN - 12;
    write(
      doc.fillColor(ink.muted),
      say("development.card.footer", {
        centre: card.child.centre_name,
        term: card.term.name,
        version: card.version,
        date: day(card.published_at),
      }),
      { weight: "regular", size: 8 },
      MARGIN,
      top,
      { width: width - 80, lineBreak: false },
    );
    write(
      doc.fillColor(ink.muted),
      say("development.card.page", { page: index + 1, pages: range.count }),
      { weight: "regular", size: 8 },
      MARGIN + width - 80,
      top,
      { width: 80, align: "right", lineBreak: false },
    );
    doc.page.margins.bottom = keep;
  }
  doc.end();
  return done;
}
